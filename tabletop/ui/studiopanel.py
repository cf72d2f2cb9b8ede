"""The layout studio's side panel (the selected card, its data and warnings), its zoom and its red banner.

Functions of the `StudioScene` (ui/studio.py) they draw: they read it and never change it.
"""
from __future__ import annotations

import pygame

from tabletop.layout import text as textmod
from tabletop.layout.grid import draw_text, draw_zoomed

BG = (26, 30, 36)
PANEL_BG = (34, 39, 47)
FG = (232, 232, 232)
DIM = (150, 156, 166)
RED = (200, 60, 60)
WARN = (230, 150, 30)   # a card with a print warning (glyphs, text shrunk to its minimum, overlaps, icons)
TOP = 52


def draw_zoom(studio, surface) -> None:
    draw_zoomed(surface, studio.grid_rect(), studio.renderer, studio.ruleset.cards[studio.selected], 40,
                outlines=studio.outlines)


def draw_panel(studio, surface) -> None:
    """Draw the selected card (face, names, file:line, back) and its data rows, or the help."""
    t = studio.app.words
    W, H = studio.size
    pw_all = studio.panel_w
    x0 = W - pw_all
    pygame.draw.rect(surface, PANEL_BG, (x0, TOP, pw_all, H - TOP))
    x, y = x0 + 16, TOP + 16
    if studio.selected not in (studio.ruleset.cards if studio.ruleset else {}):
        draw_text(surface, t("Click a card to zoom it and see its data."), x, y + 14, 14, DIM, max_w=pw_all - 32)
        y += 40
        for line in help_lines(studio):
            y = draw_text(surface, line, x, y + 16, 12, DIM, max_w=pw_all - 32)
        return
    c = studio.ruleset.cards[studio.selected]
    pw = 170
    renderer = studio.renderer
    face = renderer.face(c, pw, outlines=studio.outlines)
    surface.blit(face, (x, y))
    kx, kw = x + pw + 14, pw_all - pw - 46
    yy = draw_text(surface, c.name, kx, y + 18, 17, FG, "bold", max_w=kw)
    if c.name_en:
        yy = draw_text(surface, c.name_en, kx, yy + 18, 12, DIM, max_w=kw)
    yy = draw_text(surface, t("id {id}", id=c.id), kx, yy + 18, 12, DIM, max_w=kw)
    yy = draw_text(surface, f"{c.path.rsplit('/', 1)[-1]}:{c.line}", kx, yy + 18, 12, DIM, max_w=kw)
    back = renderer.back(72, kind=c.kind)
    if yy + 24 + back.get_height() <= y + face.get_height():   # the kind's back, under the card's words
        draw_text(surface, t("back"), kx, yy + 22, 11, DIM)
        surface.blit(back, (kx, y + face.get_height() - back.get_height()))
    y = max(y + face.get_height(), yy) + 10
    for k, v in data_rows(studio, c):
        if y > H - 20:
            break
        draw_text(surface, k, x, y + 14, 12, DIM)
        y = draw_text(surface, v, x + 96, y + 14, 12, FG, max_w=pw_all - 128) + 4


def data_rows(studio, c) -> list[tuple[str, str]]:
    """Return the (label, value) rows of a card's data, labels in the language (stats by their data name)."""
    t, r = studio.app.words, studio.renderer
    rows = [(t("kind"), f"{r.value(c, 'kind_label')} ({c.kind})")]
    if c.color:
        rows.append((t("colour"), f"{r.value(c, 'color_label')} ({c.color})"))
    rows.append((t("rarity"), str(c.rarity)))
    for k, v in c.stats.items():
        if v not in (None, "", [], {}):
            rows.append((k, ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)))
    if c.keywords:
        rows.append((t("keywords"), "・".join(c.keywords)))
    if c.tags:
        rows.append((t("tags"), "・".join(c.tags)))
    if c.text:
        rows.append((t("text"), c.text))
    if c.flavor:
        rows.append((t("flavor"), c.flavor))
    if c.manual:
        rows.append((t("manual"), t("yes: the table asks the players to resolve it")))
    if c.art:
        rows.append((t("art"), c.art))
    if c.id in r.problems:
        rows.append((t("problem"), t.render(r.problems[c.id])))
    over = r.overflows(c)
    if over:
        rows.append((t("overflow"), t("{regions} (cut at the minimum size)", regions=", ".join(n for n, _ in over))))
    for m in studio.warnings.get(c.id, []):
        rows.append((t("warning"), t.render(m).split(": ", 1)[-1].replace(f"card {c.id}: ", "")))
    return rows


def help_lines(studio) -> list[str]:
    t = studio.app.words
    return [t("Wheel: scroll.  ←/→: previous/next card.  O: region outlines.  F5: reload.  "
              "Esc: close the zoom / leave.  A red corner: text cut at its minimum size; an orange one: "
              "another print warning (see {command}).", command="`tabletop validate`"),
            t("Edit layout.yaml, cards.yaml or a picture in assets/ and save: the cards redraw within a second."),
            t("Folder: {folder}", folder=str(studio.folder))]


def banner_height(studio) -> int:
    return min(studio.size[1] // 2, 40 + 20 * len(banner_lines(studio)))


def banner_lines(studio) -> list[str]:
    lines = []
    for m in studio.errors[:12]:
        lines += textmod.wrap(m, studio.size[0] - 40, 13)
    if len(studio.errors) > 12:
        lines.append(studio.app.words("... and {n} more", n=len(studio.errors) - 12))
    return lines


def draw_banner(studio, surface) -> None:
    """Draw the red banner of what does not load at the bottom of the window."""
    t = studio.app.words
    W, H = studio.size
    lines = banner_lines(studio)
    h = banner_height(studio)
    rect = pygame.Rect(0, H - h, W, h)
    pygame.draw.rect(surface, (60, 18, 20), rect)
    pygame.draw.rect(surface, RED, rect, 2)
    title = (t("A deck does not load (the cards are up to date):") if studio.errors == studio.deck_errors
             else t("This version does not load — still showing the last good one:"))
    draw_text(surface, title, 14, rect.y + 20, 14, (255, 200, 200), "bold")
    y = rect.y + 22
    for line in lines:
        if y > H - 6:
            break
        y = draw_text(surface, line, 20, y + 18, 13, (255, 230, 230))
