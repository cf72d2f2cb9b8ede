"""Helpers of the deck and replay UI tests: find widgets by their text and press them with posted clicks."""
import pygame
import pygame_gui

from ui_helpers import click, post


def button_at(widget) -> tuple[int, int]:
    return widget.get_abs_rect().center


def press(app, widget):
    """Click a pygame_gui widget where it is on the screen (the same path as a mouse)."""
    click(app, button_at(widget))


def menu_button(app, text):
    menu = app.scene
    return next(b for b in menu.buttons if b.text == text)


def type_into(app, entry, text):
    """Put text in an entry line as typing does: its text changes and it posts UI_TEXT_ENTRY_CHANGED."""
    click(app, button_at(entry))
    entry.set_text(text)
    post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, text=text, ui_element=entry, ui_object_id=entry.most_specific_combined_id)


def grid_card(app, scene, cid):
    """Search the grid for a card by id and return the centre of its face (scrolled into view)."""
    type_into(app, scene.ui["search"], cid)
    g = scene.sync_grid()
    rect = next(r for c, r in g.thumb_rects() if c.id == cid)
    while rect.bottom > g.rect.bottom:
        post(app, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        rect = next(r for c, r in scene.sync_grid().thumb_rects() if c.id == cid)
    return rect.center


def header(scene, section):
    return next(r.rect.center for r in scene.panel.rows() if r.card is None and r.section == section)


def scroll_panel_to(app, scene, section):
    """Wheel over the deck list until the section's header is inside it."""
    lst = scene.panel.areas()[0]
    post(app, pygame.MOUSEMOTION, pos=lst.center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(100):
        r = next(r.rect for r in scene.panel.rows() if r.card is None and r.section == section)
        if lst.contains(r):
            return r.center
        post(app, pygame.MOUSEWHEEL, x=0, y=1 if r.top < lst.top else -1, flipped=False, precise_x=0.0,
             precise_y=0.0)
    raise AssertionError(f"cannot scroll to {section}")
