"""The free table's tools at the table (issue #35): the private picker of a search or a look, the
prompt for a note's or a token's words, the zone menu that makes tokens, and the sticky notes drawn
on the cards.

The engine keeps an open search or look in `view.data["tool"]` (engine/manual.py); while it is the
viewer's, `Tools` lays the pile's cards the viewer sees over the table (only in that seat's view:
the hotseat curtain stands between the two players) with a button for each way to finish: the moves
the sandbox lists for the selected card (take it to a zone, put it on the bottom) and the ones for the
whole pile (take nothing, put them back, put them on the bottom). Every button is an engine action.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

from tabletop.engine import Action
from tabletop.engine.manual import NOTE_MAX, text_arg
from tabletop.engine.msg import msg

from .. import fonts

GAP = 12
BUTTON_H = 34
NOTE_BG = (250, 232, 140)       # a sticky note's yellow
NOTE_INK = (40, 34, 10)
BLANK_TOKEN = "token"           # the ruleset's blank token: its name is asked when it is placed
_STICKY: dict = {}


def sticky(text: str, width: int, size: int = 12, bg=NOTE_BG, ink=NOTE_INK) -> pygame.Surface:
    """Return a note as drawn on a card: dark words on a yellow slip, at most two lines of `width` px."""
    key = (text, width, size, bg)
    s = _STICKY.get(key)
    if s is None:
        if len(_STICKY) > 512:
            _STICKY.clear()
        lines = fonts.wrap(text, size, width - 8)
        if len(lines) > 2:
            lines = [lines[0], fonts.ellipsize("".join(lines[1:]), size, width - 8)]
        s = _STICKY[key] = fonts.boxed(lines, size, ink, bg, 240, pad=(4, 2), radius=4, width=width)
    return s


def asks_words(a: Action) -> bool:
    """Return whether choosing `a` from a menu first asks for words (a note's text, a blank token's name)."""
    return (a.kind == "m_note" and a.get("text") is not None
            or a.kind == "m_token" and a.get("card_id") == BLANK_TOKEN and a.get("name") is None)


class Tools:
    """The search/look picker, the words prompt and the zone menu of one table."""

    asks_words = staticmethod(asks_words)

    def __init__(self, scene):
        self.scene = scene
        self.tool = None          # the viewer's open search or look (view.data["tool"]), or None
        self.faces: list = []     # (rect, card view) of the picker's cards
        self.buttons: list = []   # (rect, label, action) of the picker's buttons
        self.selected = None      # uid of the picked card
        self.prompt = None        # (window, entry, ok button, cancel button, what to do with the words)
        self._sig = None

    # --- the picker ---------------------------------------------------------------------------
    @property
    def open(self) -> bool:
        return self.tool is not None

    def refresh(self) -> None:
        """Open, lay out again or close the picker after a change of the view."""
        sc = self.scene
        tool = (sc.view.data or {}).get("tool") if sc.replay is None else None
        if not tool or tool.get("player") != sc.viewer or sc.curtain is not None:
            self.tool, self.faces, self.buttons, self._sig = None, [], [], None
            return
        self.tool = tool
        pile = [c for c in reversed(sc.view.zones.get(tool["pile"], [])) if c.cid is not None and c.uid is not None]
        uids = [c.uid for c in pile]
        if self.selected not in uids:
            self.selected = uids[0] if uids else None
        sig = (tuple(uids), tuple(sc.legal), self.selected, sc.size)
        if sig == self._sig:
            return
        self._sig = sig
        self._lay_out(pile)

    def _lay_out(self, pile) -> None:
        sc = self.scene
        area = sc.area.inflate(-24, -16)
        room_h = area.h - 40 - 2 * (BUTTON_H + 8) - 10
        n = max(1, len(pile))
        w = 40
        for width in range(170, 39, -4):     # the largest faces whose rows fit the room
            per_row = max(1, (area.w + GAP) // (width + GAP))
            rows = -(-n // per_row)
            if rows * (round(width * sc.ch / sc.cw) + GAP) - GAP <= room_h:
                w = width
                break
        h = round(w * sc.ch / sc.cw)
        per_row = max(1, (area.w + GAP) // (w + GAP))
        self.faces = []
        top = area.y + 40
        for i, c in enumerate(pile):
            r, col = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x0 = area.centerx - (in_row * (w + GAP) - GAP) // 2
            self.faces.append((pygame.Rect(x0 + col * (w + GAP), top + r * (h + GAP), w, h), c))
        rows = -(-n // per_row)
        y = top + rows * (h + GAP) + 4
        mine = [a for a in sc.legal if a.get("card") == self.selected and self.selected is not None]
        rest = [a for a in sc.legal if a.get("card") is None]
        self.buttons = []
        for acts in (mine, rest):
            if acts:
                self._button_row(acts, y, area)
                y += BUTTON_H + 8

    def _button_row(self, acts, y, area) -> None:
        sc = self.scene
        t = sc.app.words
        labels = [t.render(sc.game.describe(a, sc.viewer)) for a in acts]
        each = min(300, (area.w - GAP * (len(acts) - 1)) // len(acts))
        x = area.centerx - (len(acts) * (each + GAP) - GAP) // 2
        for a, label in zip(acts, labels):
            self.buttons.append((pygame.Rect(x, y, each, BUTTON_H), fonts.ellipsize(label, 14, each - 12), a))
            x += each + GAP

    def title(self) -> str:
        sc = self.scene
        tool = self.tool or {}
        zone = sc.game.controller.zone_label(tool.get("pile", ""))
        said = (msg("Searching {zone}: pick a card, then where it goes", zone=zone) if tool["kind"] == "search"
                else msg("The top of {zone} (top card first): move them, or put them back", zone=zone))
        return sc.app.words.render(said)

    def draw(self, surface) -> None:
        if not self.tool:
            return
        sc = self.scene
        shade = pygame.Surface(sc.area.size, pygame.SRCALPHA)
        shade.fill((8, 10, 14, 235))
        surface.blit(shade, sc.area.topleft)
        head = fonts.text(fonts.ellipsize(self.title(), 18, sc.area.w - 40), 18, (255, 235, 170), bold=True)
        surface.blit(head, head.get_rect(midtop=(sc.area.centerx, sc.area.y + 12)))
        for rect, c in self.faces:
            d = sc.rs.cards.get(c.cid)
            if d is not None:
                surface.blit(sc.renderer.face(d, rect.w), rect)
            chosen = c.uid == self.selected
            over = rect.collidepoint(sc.mouse)
            if chosen or over:
                pygame.draw.rect(surface, (255, 215, 90) if chosen else (120, 200, 255), rect.inflate(6, 6),
                                 width=3, border_radius=8)
        for rect, label, _ in self.buttons:
            over = rect.collidepoint(sc.mouse)
            pygame.draw.rect(surface, (70, 96, 130) if over else (44, 58, 78), rect, border_radius=6)
            pygame.draw.rect(surface, (150, 180, 220), rect, width=1, border_radius=6)
            txt = fonts.text(label, 14, (245, 245, 245))
            surface.blit(txt, txt.get_rect(center=rect.center))

    def hovered_card(self):
        """Return the card view under the mouse in the picker (its large preview), or None."""
        return next((c for rect, c in self.faces if rect.collidepoint(self.scene.mouse)), None)

    def click(self, pos) -> bool:
        """Pick a card (a second click on it takes it to the hand) or press a button of the open picker;
        every click over the table is the picker's."""
        if not self.tool:
            return False
        sc = self.scene
        for rect, _, a in self.buttons:
            if rect.collidepoint(pos):
                sc.actions.act(a)
                return True
        for rect, c in self.faces:
            if rect.collidepoint(pos):
                first = next((a for _, _, a in self.buttons if a.get("card") == c.uid), None)
                if c.uid == self.selected and first is not None:   # the picked card clicked again: its first
                    sc.actions.act(first)                           # way (to the hand)
                    return True
                self.selected = c.uid
                self._sig = None
                self.refresh()
                return True
        return sc.area.collidepoint(pos)

    # --- words: a note, a token's name -------------------------------------------------------------
    def ask_words(self, a: Action) -> None:
        """Ask for the words of a note or of a blank token's name, then apply the action with them."""
        sc = self.scene
        t = sc.app.words
        if a.kind == "m_note":
            card = sc.view.cards.get(a["card"])
            start = (sc.view.public or {}).get("notes", {}).get(a["card"], "") if card is not None else ""
            title, hint = t("Note on the card"), t("A note both players see on the card (empty: no note)")
        else:
            start = ""
            title, hint = t("Name the token"), t("The token's name (empty: Token)")
        self.close_prompt()
        w, h = min(460, sc.size[0] - 20), 170
        win = UIWindow(pygame.Rect((sc.size[0] - w) // 2, (sc.size[1] - h) // 2, w, h), sc.manager,
                       window_display_title=title)
        cw, ch = (int(x) for x in win.get_container().get_size())
        label = fonts.ellipsize(hint, 13, cw - 16)
        UILabel(pygame.Rect(8, 4, cw - 16, 24), label, sc.manager, container=win)
        entry = UITextEntryLine(pygame.Rect(8, 32, cw - 16, 32), sc.manager, container=win)
        entry.set_text_length_limit(NOTE_MAX)
        if start:
            entry.set_text(start)
        entry.focus()
        ok = UIButton(pygame.Rect(8, ch - 46, (cw - 24) // 2, 38), t("OK"), sc.manager, container=win, object_id="#lit")
        cancel = UIButton(pygame.Rect(16 + (cw - 24) // 2, ch - 46, (cw - 24) // 2, 38), t("Cancel"), sc.manager,
                          container=win)
        self.prompt = (win, entry, ok, cancel, a)

    def _finish_prompt(self) -> None:
        assert self.prompt is not None
        _, entry, _, _, a = self.prompt
        words = " ".join(entry.get_text().split())[:NOTE_MAX]
        self.close_prompt()
        sc = self.scene
        if a.kind == "m_note":
            if words:
                sc.actions.act(Action.make("m_note", a.player, card=a["card"], text=text_arg(words)))
            elif (sc.view.public or {}).get("notes", {}).get(a["card"]):
                sc.actions.act(Action.make("m_note", a.player, card=a["card"]))
        else:
            named = {"name": text_arg(words)} if words else {}
            sc.actions.act(Action.make("m_token", a.player, card_id=a["card_id"], to=a["to"], **named))

    def close_prompt(self) -> None:
        if self.prompt:
            self.prompt[0].kill()
            self.prompt = None

    def process_event(self, e) -> bool:
        """Handle the prompt's widgets and keys, and clicks on the picker; return whether the event was ours."""
        if self.prompt:
            win, entry, ok, cancel, _ = self.prompt
            if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in (ok, cancel):
                if e.ui_element is ok:
                    self._finish_prompt()
                else:
                    self.close_prompt()
                return True
            if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and e.ui_element is entry:
                self._finish_prompt()
                return True
            if e.type == pygame_gui.UI_WINDOW_CLOSE and e.ui_element is win:
                self.prompt = None
                return True
            if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
                self.close_prompt()
                return True
            return e.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN,
                              pygame.MOUSEBUTTONUP)
        if self.tool and e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            return self.click(e.pos)
        if self.tool and e.type == pygame.MOUSEBUTTONDOWN and self.scene.area.collidepoint(e.pos):
            return True   # the table under the picker takes no press, drag or right-click
        return False

    # --- the zone menu: tokens ---------------------------------------------------------------------
    def zone_menu(self, z, pos) -> bool:
        """Open the menu of a right-clicked spot of a zone with no card there (create a token); return
        whether there was one."""
        sc = self.scene
        if z is None:
            return False
        acts = [a for a in sc.legal if a.kind == "m_token" and a.get("to") == z.key]
        if not acts:
            return False
        sc.dialogs.open_menu(sc.game.controller.zone_label(z.key), acts, near=pos)
        return True

    # --- notes on the cards --------------------------------------------------------------------
    def marks(self, spot, width: int) -> list:
        """Return the slips drawn on a card on the table, each with whether it goes at the top: its token
        name (dark, over the printed name) and its note (yellow)."""
        pub = self.scene.view.public if isinstance(self.scene.view.public, dict) else {}
        uid = spot.card.uid
        out = []
        name = (pub.get("names") or {}).get(uid)
        if name:
            out.append((sticky(name, width, 12, bg=(28, 32, 40), ink=(255, 255, 255)), True))
        note = (pub.get("notes") or {}).get(uid)
        if note:
            out.append((sticky(note, width, 11), False))
        return out

    def card_lines(self, card) -> list[str]:
        """Return the preview's lines of a card's own name (a token's) and its note."""
        pub = self.scene.view.public if isinstance(self.scene.view.public, dict) else {}
        t = self.scene.app.words
        out = []
        name = (pub.get("names") or {}).get(card.uid)
        if name:
            out.append(t("Token: {name}", name=name))
        note = (pub.get("notes") or {}).get(card.uid)
        if note:
            out.append(t("Note: {note}", note=note))
        return out
