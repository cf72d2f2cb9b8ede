"""The table scene: one seat's view of a game, drawn as cards on a table, driven by the mouse.

Only `Game.view(seat)` is ever drawn. Every gesture (drag, click, right-click menu, button,
key) ends in one place, `TableScene.act`, which calls `game.apply` (or `game.manual` in manual
mode); widgets only post events. The engine's own legal-action list decides what lights up.
"""
from __future__ import annotations

import datetime as _dt
import math
import sys
import threading

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UISelectionList, UITextBox, UIWindow

from tabletop.engine import Action, IllegalAction, TabletopError
from tabletop.engine import saves

from . import fonts, geometry
from .faces import make_renderer
from .scene import Scene, html_escape

END_KINDS = ("end_phase", "end_turn", "end", "pass", "m_pass")
TARGET_ARGS = ("target", "target_zone", "target_player")
PLACE_ARGS = ("card", "to", "zone", "from", "source") + TARGET_ARGS
DRAG_PX = 6
BUTTON_ROWS = 4    # answer buttons that fit under the prompt; more push the log's bottom up
MAX_BUTTONS = 8    # answers shown as buttons; beyond, the last button opens a menu of them all
HOVER_S = 0.35
TABLE_BG = (30, 74, 52)
LIT = (120, 240, 150)


def seats_label(seats) -> str:
    """Return a save label that records who sat where, so Continue brings the bots back."""
    return "autosave; seats: " + ",".join("human" if b is None else getattr(b, "level", "easy") for b in seats)


def seats_from_label(label: str):
    """Return the seat specs written by `seats_label`, or None."""
    if "seats: " not in (label or ""):
        return None
    specs = label.split("seats: ", 1)[1].strip().split(",")
    return specs if len(specs) == 2 else None


def involves(a: Action, uid) -> bool:
    """Return whether any argument of `a` is `uid` (or a tuple holding it)."""
    return any(v == uid or (isinstance(v, tuple) and uid in v) for _, v in a.args if not isinstance(v, bool))


class Motion:
    """Where a card is drawn now, sliding to where it belongs; its tap angle and flip progress."""

    __slots__ = ("pos", "src", "dst", "t", "dur", "ang", "ang_src", "ang_dst", "at", "adur", "flip", "look")

    def __init__(self, pos, ang):
        self.pos = self.src = self.dst = pos
        self.t = self.dur = 0.0
        self.ang = self.ang_src = self.ang_dst = ang
        self.at = self.adur = 0.0
        self.flip = 1.0          # 1 = done; <1 while turning over
        self.look = None

    @property
    def moving(self) -> bool:
        return self.t < self.dur or self.at < self.adur or self.flip < 1.0


class TableScene(Scene):
    """A game at the table. `seats[p]` is None for a human, else a bot."""

    def __init__(self, app, game, seats, save_folder=None):
        super().__init__(app)
        self.game = game
        self.rs = game.ruleset
        self.seats = list(seats)
        self.humans = [p for p in (0, 1) if self.seats[p] is None]
        self.hotseat = len(self.humans) == 2
        to_act = game.to_act
        self.viewer = (to_act if to_act is not None else 0) if self.hotseat else (self.humans[0] if self.humans else 0)
        self.curtain = self.viewer if self.hotseat else None   # who the curtain waits for
        self.save_folder = save_folder
        self.renderer = make_renderer(self.rs)
        self.manual_mode = False
        self.message = ""
        self.message_t = 0.0
        self.widgets = []
        self.ui = {}
        self.menu = None         # (window, {text: action}) of an open action list
        self.dialog = None
        self.coins = []          # [heads, elapsed]
        self.coin_shown = None   # the result word the coin showed last
        self.label_rects = []    # where zone names are written (the coin keeps clear of them)
        self.motions: dict = {}
        self.rot_cache: dict = {}
        self.art_cache: dict = {}
        self.chip_cache: dict = {}
        self.preview_cache: dict = {}
        self.previewed = None    # the card whose large preview was drawn last
        self.mouse = (0, 0)
        self.hover_key = None
        self.hover_t = 0.0
        self._hover_dirty, self._hover_key_now = True, None
        self.press = None        # (spot, pos) of a pressed card, before it becomes a drag
        self.drag = None         # (spot, source, actions, grab offset)
        self.targeting = None    # (source uid, [actions]) while choosing a target by clicking
        self.inspect = None      # zone key whose cards are spread in an overlay
        self._auto_piles = frozenset()   # piles spread because answers name their cards
        self.bot_job = None
        self.bot_wait = 0.0
        self.last_turn = game.state.turn
        self.resize(app.size)
        self.refresh()

    # --- set-up ----------------------------------------------------------------------------
    def resize(self, size) -> None:
        self.size = size
        self.area = geometry.table_area(size)
        self.cw = geometry.card_width(self.rs, self.area, self.renderer.aspect)
        self.ch = round(self.cw * self.renderer.aspect)
        self.art_cache.clear()
        self.rot_cache.clear()
        self.bg = None
        if self.widgets:
            self._build_widgets()
            self.refresh()

    def enter(self) -> None:
        self._build_widgets()
        self.refresh()

    def leave(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []
        self._close_menu()

    def _build_widgets(self) -> None:
        for w in self.widgets:
            w.kill()
        W, H = self.size
        m, t = self.manager, self.app.words
        x, w = W - geometry.SIDE_PANEL, geometry.SIDE_PANEL
        top = geometry.TOP_BAR
        side = UIPanel(pygame.Rect(x, top, w, H - top), manager=m, starting_height=1)
        iw = w - 12
        y = 4
        ui = {"side": side}
        ph = 176
        ui["opp"] = UITextBox("", pygame.Rect(4, y, iw, ph), m, container=side)
        y += ph + 4
        log_h = H - top - (ph + 4) * 2 - 180 - 84 - 16
        ui["log"] = UITextBox("", pygame.Rect(4, y, iw, log_h), m, container=side)
        ui["log_h"] = log_h
        y += log_h + 4
        ui["prompt"] = UITextBox("", pygame.Rect(4, y, iw, 64), m, container=side)
        ui["prompt_base"] = y
        ui["prompt_y"] = y + 66
        ui["grow"] = 0   # how far the log gave way to answer buttons beyond BUTTON_ROWS
        y += 180
        ui["me"] = UITextBox("", pygame.Rect(4, y, iw, ph), m, container=side)
        y += ph + 4
        ui["end"] = UIButton(pygame.Rect(4, y, iw, 40), t("End phase"), m, container=side, object_id="#lit")
        y += 44
        bw = (iw - 8) // 3
        ui["undo"] = UIButton(pygame.Rect(4, y, bw, 30), t("Undo"), m, container=side)
        ui["manual"] = UIButton(pygame.Rect(8 + bw, y, bw, 30), t("Manual"), m, container=side)
        ui["menu"] = UIButton(pygame.Rect(12 + 2 * bw, y, bw, 30), t("Menu"), m, container=side)
        ui["actions"] = []
        self.ui = ui
        self.widgets = [side]
        self._panel_text = {}
        self._action_sig = None
        self._log_shown, self._log_rows, self._log_viewer = [], 0, None

    # --- the state we draw ------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the viewer's view and everything derived from it (after any change)."""
        g = self.game
        self.view = g.view(self.viewer)
        self.zones, self.spots = geometry.layout(self.view, self.rs, self.area, self.cw, self.ch)
        self.legal = self._candidates()
        self.answer_lit = self._lit([a for a in self._answers() if a.get("card") is None])
        self._auto_spread()
        if self.inspect:
            self._add_inspect_spots()
        self._sync_motions()
        self._make_badges()
        self._hover_dirty = True
        self.bg = None
        self._top_bar = None
        self._update_panels()

    def _candidates(self) -> list[Action]:
        """Return what the viewer may do now: the legal actions, or the manual moves in manual mode."""
        g = self.game
        if self.curtain is not None or g.is_over() or self.seats[self.viewer] is not None:
            return []
        if self.manual_mode:
            return g.controller.manual_actions(g.state, self.viewer)
        if g.to_act != self.viewer:
            return []
        return g.legal_actions(self.viewer)

    def _sync_motions(self) -> None:
        anim = self.app.settings.get("anim", 1.0)
        seen = {}
        for s in self.spots:
            m = self.motions.get(s.key)
            ang = 90.0 if s.tapped else 0.0
            look = (s.card.cid, s.card.face_up)
            if m is None:
                start = self._entry_point(s)
                m = Motion(start, ang)
                m.look = look
                if start != s.center and anim > 0:
                    m.src, m.dst, m.t, m.dur = start, s.center, 0.0, 0.22 * anim
                else:
                    m.pos = m.src = m.dst = s.center
            else:
                if m.dst != s.center:
                    m.src, m.dst, m.t, m.dur = m.pos, s.center, 0.0, 0.18 * anim
                    if anim <= 0:
                        m.pos = s.center
                if m.ang_dst != ang:
                    m.ang_src, m.ang_dst, m.at, m.adur = m.ang, ang, 0.0, 0.15 * anim
                    if anim <= 0:
                        m.ang = ang
                if m.look != look:
                    m.flip = 0.0 if anim > 0 and m.look is not None else 1.0
                    m.look = look
            seen[s.key] = m
        self.motions = seen

    def _entry_point(self, spot):
        """Return where a card that just appeared slides in from: its owner's deck, if there is one."""
        if spot.card.uid is not None and self.motions:
            for z in self.zones:
                if z.spec.kind == "pile" and z.owner == spot.card.owner and "deck" in z.key.split(".", 1)[1]:
                    return z.rect.center
        return spot.center

    # --- panels ------------------------------------------------------------------------------
    def _player_html(self, p: int) -> str:
        v, t = self.view, self.app.words
        who = t("Player {n}", n=p + 1)
        seat = self.seats[p]
        if seat is not None:
            who += f" (bot: {getattr(seat, 'level', 'bot')})"
        elif not self.hotseat:
            who += " (you)"
        mark = " ◀" if v.to_act == p else ""
        rows = []
        pub = v.public.get("players") if isinstance(v.public, dict) else None
        values = pub[p] if pub and len(pub) > p and isinstance(pub[p], dict) else v.players[p]
        for k, val in values.items():
            if isinstance(val, (dict, list)):
                val = len(val) if isinstance(val, list) else ", ".join(f"{a} {b}" for a, b in val.items())
            rows.append(f"{html_escape(str(k))} <b>{html_escape(str(val))}</b>")
        if not pub:   # no panel data from the controller: at least the sizes of hand and piles
            for z in self.zones:
                if z.owner == p and z.spec.kind in ("pile", "hand"):
                    rows.append(f"{html_escape(t.label(z.spec))} <b>{z.count}</b>")
        return f"<b>{html_escape(who)}{mark}</b><br>" + " · ".join(rows)

    def _set_text(self, name: str, html: str) -> None:
        if self._panel_text.get(name) != html:
            self._panel_text[name] = html
            box = self.ui[name]
            box.set_text(html)

    def _update_log(self, lines) -> None:
        """Show the log; new lines are appended (re-laying out the whole box costs ~100 ms)."""
        if self._log_viewer != self.viewer:   # another seat's log: never keep a line of the old one
            self._log_shown, self._log_viewer = [], self.viewer
        shown = self._log_shown
        if lines == shown:
            return
        box = self.ui["log"]
        for d in range(1, min(len(lines), 30) + 1):
            keep = len(lines) - d
            if shown and keep > 0 and lines[:keep] == shown[len(shown) - keep:] and self._log_rows < 200:
                box.append_html_text("<br>" + "<br>".join(html_escape(x) for x in lines[keep:]))
                self._log_rows += d
                break
        else:
            box.set_text("<br>".join(html_escape(x) for x in lines))
            self._log_rows = len(lines)
        self._log_shown = list(lines)
        if box.scroll_bar is not None:
            box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def _update_panels(self) -> None:
        if not self.ui:
            return
        t = self.app.words
        if self.curtain is not None:
            self.ui["side"].hide()
            return
        self.ui["side"].show()
        me, opp = self.viewer, 1 - self.viewer
        self._set_text("opp", self._player_html(opp))
        self._set_text("me", self._player_html(me))
        self._update_log(self.view.log[-80:])
        prompt = ""
        for p in self.view.pending:
            who = "P%d" % (p["player"] + 1)
            prompt = f"<b>{who}</b>: {html_escape(str(p.get('prompt', '')))}"
            break
        if self.manual_mode:
            prompt = "<b>" + html_escape(t("Manual")) + "</b>: drag, click, right-click anything; moves are logged as manual"
        elif self.game.is_over():
            prompt = f"<b>{html_escape(str(self.game.outcome()))}</b>"
        elif self.view.to_act is not None and self.view.to_act != self.viewer:
            prompt = prompt or html_escape(t("Waiting for P{n}", n=self.view.to_act + 1))
        self._set_text("prompt", prompt)
        end = self._end_action()
        if end is not None:
            self.ui["end"].set_text(t("End phase" if end.kind == "end_phase" else "End turn") + "  (Space)")
            self.ui["end"].enable()
        else:
            self.ui["end"].disable()
        if self.game.can_undo() and self.seats[self.viewer] is None:
            self.ui["undo"].enable()
        else:
            self.ui["undo"].disable()
        self.ui["manual"].set_text(("● " if self.manual_mode else "") + t("Manual"))
        self._build_action_buttons()

    def _button_actions(self) -> list[Action]:
        """Return legal actions not tied to a card or a zone: they are offered as buttons."""
        if self.manual_mode:
            return []
        return [a for a in self.legal if a.kind not in END_KINDS and not any(a.get(k) is not None for k in PLACE_ARGS)]

    def _build_action_buttons(self) -> None:
        acts = self._button_actions()
        sig = tuple(acts)
        if sig == self._action_sig:
            return
        self._action_sig = sig
        for b, _ in self.ui["actions"]:
            b.kill()
        self.ui["actions"] = []
        iw = geometry.SIDE_PANEL - 12
        rows = min(len(acts), MAX_BUTTONS)
        grow = max(0, rows - BUTTON_ROWS) * 28
        grow = min(grow, max(0, self.ui["log_h"] - 90))   # the log keeps a few lines
        if grow != self.ui["grow"]:   # more answers than the usual room: the log gives way for now
            self.ui["grow"] = grow
            self.ui["log"].set_dimensions((iw, self.ui["log_h"] - grow))
            self._log_to_end = 20   # the box lays itself out again over the next frames; then show the newest lines
            self.ui["prompt"].set_relative_position((4, self.ui["prompt_base"] - grow))
            self.ui["prompt_y"] = self.ui["prompt_base"] - grow + 66
        y = self.ui["prompt_y"]
        shown = acts if len(acts) <= MAX_BUTTONS else acts[:MAX_BUTTONS - 1]
        for a in shown:
            text = self.game.describe(a, self.viewer)
            label, oid = text, None
            if fonts.font(14).size(text)[0] > iw - 14:   # too long: a smaller font, then an ellipsis
                oid = "#answer_small"
                label = fonts.ellipsize(text, 11, iw - 14)
            b = UIButton(pygame.Rect(4, y, iw, 26), label, self.manager, container=self.ui["side"],
                         tool_tip_text=html_escape(text) if label != text or oid else None, object_id=oid)
            self.ui["actions"].append((b, a))
            y += 28
        if len(acts) > MAX_BUTTONS:
            more = f"… {len(acts) - len(shown)} {self.app.words('more')}"
            b = UIButton(pygame.Rect(4, y, iw, 26), more, self.manager, container=self.ui["side"])
            self.ui["actions"].append((b, None))

    def _end_action(self):
        for kind in END_KINDS:
            for a in self.legal if not self.manual_mode else []:
                if a.kind == kind and not any(a.get(k) is not None for k in PLACE_ARGS):
                    return a
        if self.manual_mode and self.game.to_act == self.viewer:
            return Action.make("m_pass", self.viewer)
        return None

    # --- acting: the one place gestures become engine actions -----------------------------
    def act(self, action: Action) -> bool:
        """Apply an action for the viewer (manual moves through `game.manual`); report a refusal."""
        g = self.game
        try:
            if action.kind.startswith("m_") and (self.manual_mode or self.rs.controller == "sandbox"
                                                 and action not in self.legal):
                events = g.manual(action)
            else:
                events = g.apply(action)
        except IllegalAction as e:
            self.say(e.reason)
            return False
        self.message_t = 0.0   # a hint such as "choose a target" is done with
        self._after_action(events)
        return True

    def _after_action(self, events) -> None:
        for e in events:
            if e.kind == "coin":
                self.coins.append([bool(e.data.get("heads")), 0.0])
        self._close_menu()
        self.targeting = None
        g = self.game
        if g.state.turn != self.last_turn or g.is_over():
            self.last_turn = g.state.turn
            try:
                path = saves.saves_dir(self.save_folder) / saves.AUTOSAVE
                saves.save_game(g, path, label=seats_label(self.seats))
            except (OSError, TabletopError) as e:
                self.say(f"autosave failed: {e}")
        nxt = g.to_act
        if self.hotseat and nxt is not None and nxt != self.viewer:
            self.curtain = nxt
            self.drag = self.press = None
        self.refresh()

    def say(self, text: str) -> None:
        self.message, self.message_t = text, 4.0

    # --- events -------------------------------------------------------------------------------
    def process_event(self, e) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            self._on_button(e.ui_element)
            return
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.menu and e.ui_element is self.menu[1]:
            a = self.menu[2].get(e.text)
            self._close_menu()
            if a is not None:
                self._choose(a)
            return
        if e.type == pygame_gui.UI_WINDOW_CLOSE and self.menu and e.ui_element is self.menu[0]:
            self.menu = None
            return
        if self.curtain is not None:
            if e.type == pygame.MOUSEBUTTONUP and e.button == 1 or e.type == pygame.KEYDOWN and e.key in (
                    pygame.K_SPACE, pygame.K_RETURN):
                self.viewer, self.curtain = self.curtain, None
                self.motions = {}
                self.message, self.message_t = "", 0.0
                self.refresh()
            return
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._hover_dirty = True
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            if self.press and not self.drag:
                sp, pos = self.press
                if abs(e.pos[0] - pos[0]) + abs(e.pos[1] - pos[1]) > DRAG_PX:
                    self._start_drag(sp, pos)
        elif e.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = e.pos
            if e.button == 1:
                self._close_menu()
                sp = self.spot_at(e.pos)
                if sp is not None:
                    self.press = (sp, e.pos)
            elif e.button == 3:
                self._right_click(e.pos)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self.mouse = e.pos
            if self.drag:
                self._drop(e.pos)
            elif self.press:
                sp, _ = self.press
                self.press = None
                self._click(sp, e.pos)
            else:
                self._click(None, e.pos)
        elif e.type == pygame.KEYDOWN:
            self._key(e)

    def _key(self, e) -> None:
        ctrl = e.mod & pygame.KMOD_CTRL
        if e.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            a = self._end_action()
            if a is not None:
                self.act(a)
        elif e.key == pygame.K_z and ctrl:
            self.undo()
        elif e.key == pygame.K_s and ctrl:
            self.save()
        elif e.key == pygame.K_ESCAPE:
            if self.dialog:
                self.dialog[0].kill()
                self.dialog = None
            elif self.menu or self.targeting or self.drag or self.inspect:
                self._close_menu()
                self.targeting = self.drag = self.press = None
                if self.inspect:
                    self.inspect = None
                    self.refresh()
            else:
                self.open_game_menu()
        elif e.key == pygame.K_F1:
            self.show_help()
        elif e.key == pygame.K_m and not ctrl:
            self.toggle_manual()

    def _on_button(self, el) -> None:
        ui = self.ui
        if el is ui.get("end"):
            a = self._end_action()
            if a is not None:
                self.act(a)
        elif el is ui.get("undo"):
            self.undo()
        elif el is ui.get("manual"):
            self.toggle_manual()
        elif el is ui.get("menu"):
            self.open_game_menu()
        elif self.dialog and el in self.dialog[1]:
            self.dialog[1][el]()
        else:
            for b, a in ui.get("actions", []):
                if el is b:
                    if a is None:
                        self._open_menu("Actions", self._button_actions())
                    else:
                        self.act(a)
                    return

    def toggle_manual(self) -> None:
        self.manual_mode = not self.manual_mode
        self.say("manual override on: anything goes, and the log marks each move" if self.manual_mode
                 else "manual override off")
        self.refresh()

    def undo(self) -> None:
        if self.seats[self.viewer] is not None or self.bot_job is not None:
            return
        if self.game.undo():
            self.say("undone")
        else:
            self.say("cannot undo past a draw, a shuffle, a reveal or the other player's move")
        self.refresh()

    def save(self) -> None:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        try:
            path = saves.save_game(self.game, saves.saves_dir(self.save_folder) / f"{self.rs.id}-{stamp}.json")
        except (OSError, TabletopError) as e:
            self.app.message(f"Could not save: {e}", "Save")
            return
        self.say(f"{self.app.words('Saved')}: {path}")

    # --- hit testing -------------------------------------------------------------------------
    def spot_at(self, pos):
        """Return the topmost card spot under a point (the dragged card excluded), or None."""
        dragged = self.drag[0].key if self.drag else None
        for s in reversed(self._draw_order()):
            if s.key != dragged and self._spot_rect(s).collidepoint(pos):
                return s
        return None

    def zone_at(self, pos):
        best = None
        for z in self.zones:
            if z.rect.collidepoint(pos) and (best is None or z.rect.w * z.rect.h < best.rect.w * best.rect.h):
                best = z
        return best

    def player_at(self, pos):
        """Return the player whose panel is under a point (for actions aimed at a player)."""
        for name, p in (("me", self.viewer), ("opp", 1 - self.viewer)):
            box = self.ui.get(name)
            if box is not None and box.get_abs_rect().collidepoint(pos):
                return p
        return None

    def _spot_rect(self, s) -> pygame.Rect:
        m = self.motions.get(s.key)
        r = s.rect.copy()
        if m is not None:
            r.center = (round(m.pos[0]), round(m.pos[1]))
        if s.hand and s.key == self.hover_key and s.card.owner == self.viewer:
            r.y -= 18
        return r

    # --- gestures ----------------------------------------------------------------------------
    def _source(self, sp):
        """Return what a pressed card stands for: its uid, or its pile's zone key if it has none."""
        return sp.card.uid if sp.card.uid is not None else sp.zone

    def _moves_from(self, src) -> list[Action]:
        if isinstance(src, int):
            return [a for a in self.legal if a.get("card") == src]
        return [a for a in self.legal if a.get("card") is None
                and src in (a.get("zone"), a.get("from"), a.get("source"))]

    def _start_drag(self, sp, pos) -> None:
        src = self._source(sp)
        acts = self._moves_from(src)
        if not acts and not self.legal and self.game.to_act != self.viewer and not self.manual_mode:
            self.say("it is not your move")
        r = self._spot_rect(sp)
        self.drag = (sp, src, acts, (r.centerx - pos[0], r.centery - pos[1]))

    def _lit(self, acts):
        """Return (zone keys, card uids, players) that the actions point at."""
        zones, cards, players = set(), set(), set()
        for a in acts:
            for k in ("to", "target_zone"):
                if a.get(k) is not None:
                    zones.add(a.get(k))
            if a.get("target") is not None:
                cards.add(a.get("target"))
            if a.get("target_player") is not None:
                players.add(a.get("target_player"))
        return zones, cards, players

    def _drop(self, pos) -> None:
        sp, src, acts, _ = self.drag
        self.drag = self.press = None
        over = self.spot_at(pos)
        target = over.card.uid if over is not None and over.card.uid != src else None
        z = self.zone_at(pos)
        zone = z.key if z else None
        player = self.player_at(pos)
        if zone is not None and zone == sp.zone and target is None:
            return   # put back where it was: not a move
        matches = [a for a in acts if target is not None and a.get("target") == target]
        matches = matches or [a for a in acts if zone is not None and zone in (a.get("to"), a.get("target_zone"))
                              and a.get("target") is None]
        matches = matches or [a for a in acts if player is not None and a.get("target_player") == player]
        if self.manual_mode and not matches and zone is not None:
            if isinstance(src, int):
                matches = [Action.make("m_move", self.viewer, card=src, to=zone)]
            else:
                matches = [Action.make("m_top", self.viewer, zone=src, to=zone)]
        if len(matches) == 1:
            self.act(matches[0])
            return
        if matches:
            self._open_menu("Choose", matches)
            return
        reason = None
        if isinstance(src, int) and zone is not None and not self.manual_mode:
            a = self.game.drop_action(self.viewer, src, zone, target)
            if a is not None:
                reason = self.game.why_not(a)
                if reason is None:   # the controller reads this drop as a move we did not list
                    self.act(a)
                    return
        self.say(reason or self.app.words("no move there"))

    def _click(self, sp, pos) -> None:
        if self.targeting:
            src, acts = self.targeting
            self.targeting = None
            target = sp.card.uid if sp is not None else None
            z = self.zone_at(pos)
            player = self.player_at(pos)
            hit = [a for a in acts if target is not None and a.get("target") == target]
            hit = hit or [a for a in acts if z is not None and a.get("target_zone") == z.key]
            hit = hit or [a for a in acts if player is not None and a.get("target_player") == player]
            if len(hit) == 1:
                self.act(hit[0])
            elif hit:
                self._open_menu("Choose", hit)
            else:
                self.say("cancelled")
            return
        if sp is None or (self.inspect and sp.layer < 1000):
            if self.inspect:   # a click beside the spread pile closes it
                self.inspect = None
                self.refresh()
                return
            z = self.zone_at(pos)
            player = self.player_at(pos)
            answers = self._zone_answers(z.key) if z is not None else []
            answers = answers or [a for a in self._answers() if player is not None and a.get("target_player") == player]
            if answers:
                self._apply_or_menu(answers)
            return
        src = self._source(sp)
        uid = sp.card.uid
        acts = [a for a in self._moves_from(src) if a.get("to") is None]
        acts += [a for a in self._answers() if uid is not None and a.get("target") == uid and a not in acts]
        z = next((z for z in self.zones if z.key == sp.zone), None)
        clicked_zone = None
        if z is not None and z.spec.kind == "pile" and sp.layer < 1000:
            za = self._zone_answers(z.key)
            if za:            # an answer that names the pile itself (a deck to damage, a pile to take from)
                acts, clicked_zone = za, z.key
            elif z.spec.inspect or z.spec.visibility == "public" or z.key in self._answer_piles():
                self.inspect = z.key   # its cards' actions are in the spread
                self.refresh()
                return
        if self.manual_mode and isinstance(src, int):
            c = sp.card
            self.act(Action.make("m_untap" if c.tapped else "m_tap", self.viewer, card=src))
            return
        if not acts:
            if self.legal:
                self.say("nothing to do with this card now (drag it, or right-click for its actions)")
            elif self.game.to_act != self.viewer:
                self.say("it is not your move")
            return
        aimed = [a for a in acts if self._aims_elsewhere(a, uid, clicked_zone)]
        if aimed and len(aimed) == len(acts):
            self.targeting = (src, aimed)
            self.say("choose a target (lit); Esc cancels")
            return
        if len(acts) == 1:
            self.act(acts[0])
            return
        taps = [a for a in acts if a.kind in ("tap", "untap", "m_tap", "m_untap")]
        if len(taps) == 1:
            self.act(taps[0])
            return
        self._open_menu("Choose", acts, near=self.mouse)

    def _answers(self) -> list[Action]:
        """Return the legal actions a click may apply at once: not manual moves, nothing to drop (`to`)."""
        if self.manual_mode:
            return []
        return [a for a in self.legal if a.get("to") is None]

    def _zone_answers(self, zkey: str) -> list[Action]:
        """Return the answers that name a zone: a deck to damage, a pile to take from."""
        return [a for a in self._answers() if zkey in (a.get("target_zone"), a.get("zone"), a.get("from"),
                                                          a.get("source"))]

    def _answer_piles(self) -> set:
        """Return the piles holding a card that an answer to the viewer's pending choice names (a searched deck)."""
        if not any(p.get("player") == self.viewer for p in self.view.pending):
            return set()   # only the answers to a pending choice: a playable discard card must not open it every turn
        named = {a.get(k) for a in self._answers() for k in ("card", "target")} - {None}
        if not named:
            return set()
        return {z.key for z in self.zones if z.spec.kind == "pile"
                and any(c.uid in named for c in self.view.zones.get(z.key, ()))}

    @staticmethod
    def _aims_elsewhere(a: Action, uid, zkey) -> bool:
        """Return whether an action still needs a target other than the clicked card or zone."""
        t, tz = a.get("target"), a.get("target_zone")
        return (t is not None and t != uid) or (tz is not None and tz != zkey) or a.get("target_player") is not None

    def _apply_or_menu(self, acts) -> None:
        if len(acts) == 1:
            self.act(acts[0])
        else:
            self._open_menu("Choose", acts, near=self.mouse)

    def sees_widget_click(self, e) -> bool:
        """Let left clicks on a player panel through: they answer `target_player` choices."""
        if getattr(e, "button", 0) != 1 or self.curtain is not None or self.menu or self.dialog:
            return False
        return self.player_at(e.pos) is not None

    def _right_click(self, pos) -> None:
        self._close_menu()
        self.targeting = None
        sp = self.spot_at(pos)
        if sp is None:
            return
        src = self._source(sp)
        acts = [a for a in self.legal if involves(a, src)]
        if self.manual_mode and isinstance(src, int):
            acts += self._manual_extras(sp)
        self.hover_key, self.hover_t = sp.key, HOVER_S   # show the preview with the menu
        if not acts:
            self.say("no action for this card now")
            return
        title = self.rs.cards[sp.card.cid].name if sp.card.cid in self.rs.cards else "card"
        self._open_menu(title, acts, near=pos)

    def _manual_extras(self, sp) -> list[Action]:
        v, uid = self.viewer, sp.key
        out = []
        names = set(sp.card.counters) | {"damage"}
        for n in sorted(names):
            out.append(Action.make("m_count", v, card=uid, name=n, delta=1))
            if sp.card.counters.get(n):
                out.append(Action.make("m_count", v, card=uid, name=n, delta=-1))
        return [a for a in out if a not in self.legal]

    def _choose(self, a: Action) -> None:
        """Apply a chosen action, or start choosing its target when it needs one on the table."""
        self.act(a)

    # --- menus and dialogs -------------------------------------------------------------------
    def _open_menu(self, title: str, acts, near=None) -> None:
        self._close_menu()
        labels = {}
        for a in acts:
            text = self.game.describe(a, self.viewer)
            if a.kind.startswith("m_") and self.rs.controller != "sandbox":  # in the sandbox every move is manual
                text = "[manual] " + text
            base, n = text, 2
            while text in labels:
                text, n = f"{base} ({n})", n + 1
            labels[text] = a
        h = min(420, 70 + 26 * len(labels))
        w = 380
        x, y = near if near else (self.area.centerx - w // 2, self.area.centery - h // 2)
        x = max(0, min(x, self.size[0] - w))
        y = max(0, min(y, self.size[1] - h))
        win = UIWindow(pygame.Rect(x, y, w, h), self.manager, window_display_title=title[:40])
        lst = UISelectionList(pygame.Rect(0, 0, win.get_container().get_size()[0],
                                          win.get_container().get_size()[1]), list(labels), self.manager,
                              container=win)
        self.menu = (win, lst, labels)

    def _close_menu(self) -> None:
        if self.menu:
            self.menu[0].kill()
            self.menu = None

    def open_game_menu(self) -> None:
        if self.dialog:
            self.dialog[0].kill()
        t = self.app.words
        w, h = 300, 300
        win = UIWindow(pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h), self.manager,
                       window_display_title=t("Menu"))
        acts = {}
        y = 6
        for label, fn in ((t("Resume"), lambda: None), (t("Save") + " (Ctrl+S)", self.save),
                          (t("Shortcuts") + " (F1)", self.show_help), (t("Main menu"), self._to_menu),
                          (t("Quit"), self._quit)):
            b = UIButton(pygame.Rect(10, y, w - 52, 36), label, self.manager, container=win)
            acts[b] = self._dialog_call(win, fn)
            y += 42
        self.dialog = (win, acts)

    def _dialog_call(self, win, fn):
        def call():
            win.kill()
            self.dialog = None
            fn()
        return call

    def _to_menu(self) -> None:
        from .menu import MenuScene
        self.app.replace(MenuScene(self.app))

    def _quit(self) -> None:
        self.app.running = False

    def show_help(self) -> None:
        self.app.message(SHORTCUTS, "Shortcuts", height=420)

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for m in self.motions.values():
            if m.t < m.dur:
                m.t = min(m.dur, m.t + dt)
                k = 1 - (1 - m.t / m.dur) ** 3
                m.pos = (m.src[0] + (m.dst[0] - m.src[0]) * k, m.src[1] + (m.dst[1] - m.src[1]) * k)
            elif m.pos != m.dst:
                m.pos = m.dst
            if m.at < m.adur:
                m.at = min(m.adur, m.at + dt)
                m.ang = m.ang_src + (m.ang_dst - m.ang_src) * (m.at / m.adur)
            elif m.ang != m.ang_dst:
                m.ang = m.ang_dst
            if m.flip < 1.0:
                m.flip = min(1.0, m.flip + dt / max(0.05, 0.2 * self.app.settings.get("anim", 1.0)))
        if getattr(self, "_log_to_end", 0) and self.ui:
            self._log_to_end -= 1
            bar = self.ui["log"].scroll_bar
            if bar is not None:
                bar.set_scroll_from_start_percentage(1.0)
        for c in self.coins if self.curtain is None else ():   # a coin waits for the curtain to lift
            c[1] += dt
        self.coins = [c for c in self.coins if c[1] < self.COIN_END]
        if self.message_t > 0:
            self.message_t -= dt
        if self._hover_dirty or any(m.t < m.dur for m in self.motions.values()):
            hov = self.spot_at(self.mouse) if not self.drag else None
            if hov is not None and self.inspect and hov.layer < 1000:
                hov = None   # under the spread's cloth: not previewed
            self._hover_key_now = hov.key if hov is not None else None
            self._hover_dirty = False
        key = self._hover_key_now
        if key != self.hover_key:
            self.hover_key, self.hover_t = key, 0.0
        else:
            self.hover_t += dt
        self._run_bot(dt)

    def _run_bot(self, dt: float) -> None:
        g = self.game
        p = g.to_act
        if p is None or self.seats[p] is None or self.curtain is not None:
            return
        self.bot_wait += dt
        if self.bot_job is None:
            bot = self.seats[p]
            view, legal = g.view(p), g.legal_actions(p)
            job = {"player": p, "n": len(g.actions), "action": None, "error": None}

            def think():
                try:
                    job["action"] = bot.choose(view, legal)
                except Exception as e:   # a bot bug must not freeze the table: fall back to the first move
                    job["error"] = e
                    job["action"] = legal[0] if legal else None
            th = threading.Thread(target=think, daemon=True)
            job["thread"] = th
            self.bot_job = job
            th.start()
            return
        job = self.bot_job
        delay = self.app.settings.get("bot_delay", 0.6) * max(0.25, self.app.settings.get("anim", 1.0))
        if job["thread"].is_alive() or self.bot_wait < delay or any(m.moving for m in self.motions.values()):
            return
        self.bot_job, self.bot_wait = None, 0.0
        a = job["action"]
        if job["player"] != g.to_act or job["n"] != len(g.actions) or a is None:
            return
        bot = self.seats[p]
        try:
            events = g.apply(a)
        except IllegalAction as e:
            print(f"tabletop: bot P{p + 1} chose an illegal move {a} ({e.reason})", file=sys.stderr)
            legal = g.legal_actions(p)
            if not legal:
                return
            events = g.apply(legal[0])
            a = legal[0]
        reason = getattr(bot, "last_reason", "") or ""
        note = f"P{p + 1} (bot): {g.describe(a, self.viewer)}" + (f" — {reason}" if reason else "")
        print(f"tabletop: {note}", file=sys.stderr)
        self.say(note)
        if job["error"] is not None:
            print(f"tabletop: bot error: {job['error']!r}", file=sys.stderr)
        self._after_action(events)

    # --- drawing (reads self.view and what was derived from it; never changes the game) ------
    def _draw_order(self):
        """Return spots in drawing order: the hovered card of the viewer's hand on top of its hand."""
        if self.hover_key is None:
            return self.spots
        for i, s in enumerate(self.spots):
            if s.key == self.hover_key and s.hand:
                return self.spots[:i] + self.spots[i + 1:] + [s]
        return self.spots

    def art(self, card, tapped: bool = False, w: int = 0) -> pygame.Surface:
        """Return the cached surface of a card as the viewer sees it (its back when hidden)."""
        w = w or self.cw
        key = (card.cid, card.face_up, tapped, w)
        surf = self.art_cache.get(key)
        if surf is None:
            if card.cid is None or card.cid not in self.rs.cards:
                base = self.renderer.back(w)
            else:
                base = self.renderer.face(self.rs.cards[card.cid], w)
                if not card.face_up:   # a face-down card its owner may look at: dimmed, marked
                    base = base.copy()
                    shade = pygame.Surface(base.get_size(), pygame.SRCALPHA)
                    shade.fill((10, 20, 60, 120))
                    base.blit(shade, (0, 0))
                    t = _chip(self.rs.word("face_down"), 11)
                    base.blit(t, t.get_rect(center=(base.get_width() // 2, base.get_height() // 2)))
            if base.get_width() != w:
                base = pygame.transform.smoothscale(base, (w, round(w * base.get_height() / base.get_width())))
            surf = pygame.transform.rotate(base, -90) if tapped else base
            self.art_cache[key] = surf
        return surf

    def _rotated(self, card, ang: float, w: int) -> pygame.Surface:
        step = int(round(ang / 10.0)) * 10
        if step % 90 == 0:
            return self.art(card, step == 90, w)
        key = (card.cid, card.face_up, step, w)
        surf = self.rot_cache.get(key)
        if surf is None:
            surf = self.rot_cache[key] = pygame.transform.rotozoom(self.art(card, False, w), -step, 1.0)
        return surf

    def _fanned(self, card, ang: float, w: int) -> pygame.Surface:
        """Return a card leaning by `ang` degrees, cached by half degree (a fanned hand is blitted, not rotated)."""
        step = round(ang * 2) / 2
        key = ("fan", card.cid, card.face_up, step, w)
        surf = self.rot_cache.get(key)
        if surf is None:
            surf = self.rot_cache[key] = pygame.transform.rotozoom(self.art(card, False, w), step, 1.0)
        return surf

    def _background(self) -> pygame.Surface:
        """Return the table with its zones drawn (rebuilt only when the layout changes)."""
        if self.bg is not None:
            return self.bg
        t = self.app.words
        bg = pygame.Surface(self.size)
        bg.fill((22, 27, 33))
        pygame.draw.rect(bg, TABLE_BG, self.area)
        self.label_rects = []
        for z in self.zones:
            mine = z.owner is None or z.owner == self.viewer
            col = (40, 92, 66) if mine else (44, 80, 70)
            if z.owner is None:
                col = (60, 80, 60)
            pygame.draw.rect(bg, col, z.rect, border_radius=6)
            pygame.draw.rect(bg, (70, 125, 95), z.rect, 1, border_radius=6)
            label = t.label(z.spec) + ("" if z.owner is None or mine else f" (P{z.owner + 1})")
            s = fonts.text(fonts.ellipsize(label, 12, z.rect.w - 8), 12, (200, 225, 205))
            pos = (z.rect.x + 5, z.rect.y + 1) if mine else (z.rect.x + 5, z.rect.bottom - s.get_height() - 1)
            bg.blit(s, pos)
            self.label_rects.append(s.get_rect(topleft=pos))
        self.bg = bg
        return bg

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self._draw_curtain(surface)
            return
        surface.blit(self._background(), (0, 0))
        self._draw_top_bar(surface)
        lit_zones, lit_cards, lit_players = set(), set(), set()
        if self.drag:
            lit_zones, lit_cards, lit_players = self._lit(self.drag[2])
        elif self.targeting:
            lit_zones, lit_cards, lit_players = self._lit(self.targeting[1])
        else:   # answers a click applies at once (a wall to break, a deck to damage) are lit too
            lit_zones, lit_cards, lit_players = self.answer_lit
        for z in self.zones:
            if z.key in lit_zones:
                pygame.draw.rect(surface, LIT, z.rect, 3, border_radius=6)
        dragged = self.drag[0].key if self.drag else None
        pile_counts = {}
        batch, lit_rects = [], []
        shaded = False
        for s in self._draw_order():
            if s.key == dragged:
                continue
            if s.layer >= 1000 and not shaded:   # the spread pile lies on a dark cloth
                shaded = True
                self._pile_counts(batch, pile_counts)
                surface.fblits(batch)
                batch, pile_counts = [], {}
                cloth = pygame.Surface(self.area.size, pygame.SRCALPHA)
                cloth.fill((0, 0, 0, 170))
                surface.blit(cloth, self.area)
                title = self._inspect_title()
                surface.blit(title, title.get_rect(midtop=(self.area.centerx, self.area.y + 8)))
            m = self.motions.get(s.key)
            surf = self._surface(s, m)
            r = self._spot_rect(s)
            if surf.get_size() != r.size:
                r = surf.get_rect(center=r.center)
            batch.append((surf, r))
            if lit_cards and s.card.uid in lit_cards:
                lit_rects.append(r)
            chips = self.badge_chips.get(s.key)
            if chips:
                y = r.bottom - 4
                for chip in chips:
                    y -= chip.get_height() + 1
                    batch.append((chip, (r.right - chip.get_width() + 4, y)))
            if s.layer < 1000:   # a spread card is not its pile's top: the count stays on the pile
                pile_counts[s.zone] = r
        self._pile_counts(batch, pile_counts)
        for key, chip in self.zone_chips:
            batch.append(chip)
        surface.fblits(batch)
        for r in lit_rects:
            pygame.draw.rect(surface, LIT, r.inflate(6, 6), 3, border_radius=6)
        for p in lit_players:
            box = self.ui.get("me" if p == self.viewer else "opp")
            if box is not None:
                pygame.draw.rect(surface, LIT, box.get_abs_rect().inflate(6, 6), 3)
        if self.drag:
            sp, _, _, off = self.drag
            surf = self.art(sp.card, sp.card.tapped, sp.w)
            surface.blit(surf, surf.get_rect(center=(self.mouse[0] + off[0], self.mouse[1] + off[1])))
        self._draw_preview(surface)
        self._draw_coins(surface)
        if self.view.outcome is not None:
            self._banner(surface, str(self.view.outcome))
        self._draw_status(surface)

    def _pile_counts(self, batch, rects) -> None:
        for z in self.zones:
            if z.spec.kind == "pile" and z.count:
                r = rects.get(z.key)
                if r is not None:
                    chip = _chip(f"{z.count}", 14, bold=True)
                    batch.append((chip, chip.get_rect(midbottom=(r.centerx, r.bottom - 4))))

    def _surface(self, s, m) -> pygame.Surface:
        if s.fan and not s.tapped and (m is None or m.flip >= 1.0):
            return self._fanned(s.card, s.fan, s.w)
        if m is None or (m.at >= m.adur and m.flip >= 1.0):
            return self.art(s.card, s.tapped, s.w)
        surf = self._rotated(s.card, m.ang, s.w) if m.at < m.adur else self.art(s.card, s.tapped, s.w)
        if m.flip < 1.0:   # turning over: squeeze to an edge and open again
            k = abs(math.cos(m.flip * math.pi))
            w = max(1, int(surf.get_width() * k))
            surf = pygame.transform.scale(surf, (w, surf.get_height()))
        return surf

    def _make_badges(self) -> None:
        """Pre-render each card's badges (counters, controller badges) and each zone's line of text."""
        pub = self.view.public if isinstance(self.view.public, dict) else {}
        badges = pub.get("badges") or {}
        self.badge_chips = {}
        for s in self.spots:
            texts = []
            for name, value in s.card.counters.items():
                if value:
                    texts.append(f"{self.rs.words.get('counter.' + name, name)} {value}")
            if s.card.uid is not None:
                texts += [str(x) for x in (badges.get(s.card.uid) or badges.get(str(s.card.uid)) or [])]
            if texts:
                self.badge_chips[s.key] = [_chip(tx, 12, bold=True, bg=(150, 30, 30)) for tx in texts[:5]]
        self.zone_chips = []
        ztext = pub.get("zones") or {}
        for z in self.zones:
            tx = ztext.get(z.key)
            if tx:
                chip = _chip(fonts.ellipsize(str(tx), 12, z.rect.w - 8), 12, bold=True, bg=(40, 60, 110))
                mine = z.owner is None or z.owner == self.viewer
                label = self.app.words.label(z.spec) + ("" if mine else f" (P{z.owner + 1})")
                label_w = fonts.text(label, 12).get_width() + 12
                y = z.rect.y + 1 if mine else z.rect.bottom - chip.get_height() - 1
                if label_w + chip.get_width() > z.rect.w:   # no room beside the name
                    y = z.rect.y + geometry.LABEL_H if mine else z.rect.y + 1
                self.zone_chips.append((z.key, (chip, (z.rect.right - chip.get_width() - 3, y))))

    def _draw_top_bar(self, surface) -> None:
        if self._top_bar is None:
            t = self.app.words
            bar = pygame.Surface((self.size[0], geometry.TOP_BAR))
            bar.fill((16, 20, 25))
            x = 8
            for label, on in self._phase_items():
                s = fonts.text(label, 14, (20, 20, 20) if on else (150, 160, 170), bold=on)
                r = pygame.Rect(x, 5, s.get_width() + 16, geometry.TOP_BAR - 10)
                if on:
                    pygame.draw.rect(bar, (240, 200, 90), r, border_radius=5)
                bar.blit(s, s.get_rect(center=r.center))
                x = r.right + 4
            x += 14
            v = self.view
            parts = [t("Turn {n}", n=v.turn), t("P{n}'s turn", n=v.active + 1)]
            shared = v.public.get("shared", {}) if isinstance(v.public, dict) else {}
            parts += [f"{k}: {val}" for k, val in shared.items()]
            seen_as = "view: P{n}" if self.hotseat or not self.humans else "you are P{n}"
            parts.append(t(seen_as, n=self.viewer + 1))
            s = fonts.text("   ".join(parts), 14, (230, 230, 230))
            bar.blit(s, (x, (geometry.TOP_BAR - s.get_height()) // 2))
            self._top_bar = bar
        surface.blit(self._top_bar, (0, 0))

    def _phase_items(self) -> list[tuple[str, bool]]:
        """Return the phase bar's (label, lit) entries.

        Phases only some games pass through (mulligan, side deck between games) are left out unless
        current: those named in the ruleset word `hidden_phases` (ids split by spaces or commas), else
        those whose id starts with `mulligan` or `side`. A phase outside the list (the engine's `setup`)
        is shown lit by its `phase.<id>` word, or "Setup".
        """
        t, cur = self.app.words, self.view.phase
        words = self.rs.words.get("hidden_phases")
        if words is not None:
            hidden = set(words.replace(",", " ").split())
        else:
            hidden = {p["id"] for p in self.rs.phases if p["id"].startswith(("mulligan", "side"))}
        items = [(t.label(p), p["id"] == cur) for p in self.rs.phases if p["id"] == cur or p["id"] not in hidden]
        if cur and not any(p["id"] == cur for p in self.rs.phases):
            label = self.rs.words.get("phase." + cur) or (t("Setup") if cur == "setup" else cur)
            items.insert(0, (label, True))
        return items

    def _draw_status(self, surface) -> None:
        y = self.size[1] - geometry.STATUS_BAR
        r = pygame.Rect(0, y, self.size[0] - geometry.SIDE_PANEL, geometry.STATUS_BAR)
        surface.fill((16, 20, 25), r)
        if self.message_t > 0 and self.message:
            s = fonts.text(fonts.ellipsize(self.message, 15, r.w - 16), 15, (255, 210, 120))
        else:
            s = fonts.text(self.app.words(HINT), 13, (140, 150, 160))
        surface.blit(s, (8, y + (geometry.STATUS_BAR - s.get_height()) // 2))

    def _draw_preview(self, surface) -> None:
        if self.drag or self.hover_key is None or self.hover_t < HOVER_S:
            return
        sp = next((s for s in self.spots if s.key == self.hover_key), None)
        if sp is None or sp.card.cid is None or sp.card.cid not in self.rs.cards:
            return
        img = self.preview(sp.card)
        self.previewed = sp.card
        r = img.get_rect()
        if self.mouse[0] > self.area.centerx:
            r.topleft = (self.area.x + 10, self.area.y + 10)
        else:
            r.topright = (self.area.right - 10, self.area.y + 10)
        surface.blit(img, r)

    def preview(self, card) -> pygame.Surface:
        """Return a large, readable picture of a card with its full text (cached per card and state)."""
        key = (card.cid, card.tapped, card.face_up, tuple(sorted(card.counters.items())))
        img = self.preview_cache.get(key)
        if img is not None:
            return img
        d = self.rs.cards[card.cid]
        pw = 300
        face = self.renderer.face(d, pw)
        lines, text, state = self.preview_text(card)
        text_lines = []
        for ln in lines:
            text_lines += fonts.wrap(ln, 15, pw - 16, bold=ln is lines[0])
        body = fonts.wrap(text, 15, pw - 16) if text else []
        lh = fonts.font(15).get_linesize()
        h_text = (len(text_lines) + len(body) + 1) * lh + 16
        img = pygame.Surface((pw + 12, face.get_height() + h_text + 12), pygame.SRCALPHA)
        pygame.draw.rect(img, (12, 14, 18, 235), img.get_rect(), border_radius=8)
        img.blit(face, (6, 6))
        y = face.get_height() + 12
        for i, ln in enumerate(text_lines):
            img.blit(fonts.text(ln, 15, (255, 255, 255), bold=i == 0), (12, y))
            y += lh
        for ln in body:
            img.blit(fonts.text(ln, 15, (225, 225, 225)), (12, y))
            y += lh
        if state:
            img.blit(fonts.text(" · ".join(state), 14, (170, 200, 255)), (12, y + 2))
        self.preview_cache[key] = img
        return img

    def preview_text(self, card) -> tuple[list[str], str, list[str]]:
        """Return the preview's words: (name and kind lines, card text, state words such as tapped)."""
        d = self.rs.cards[card.cid]
        lines = [d.name + (f"  ({d.name_en})" if d.name_en else "")]
        kind = self.rs.card_kinds.get(d.kind, {})
        kind = kind if isinstance(kind, dict) else {}
        lines.append("  ".join([self.app.words.label(kind) or d.kind] + self._stat_texts(d, kind)))
        if d.keywords:
            lines.append("・".join(d.keywords))
        # the state word only when it says something: most games never tap, and untapped is the norm
        state = [self.rs.word("tapped")] if card.tapped else []
        if not card.face_up:
            state.append(self.rs.word("face_down"))
        state += [f"{self.rs.words.get('counter.' + k, k)} {v}" for k, v in card.counters.items() if v]
        return lines, d.text or "", state

    @staticmethod
    def _stat_texts(d, kind: dict) -> list[str]:
        """Return a card's kind fields as "label value": ruleset labels, no empty values, no zero costs."""
        fields = kind.get("fields") or {}
        out = []
        for name, v in d.stats.items():
            if v is None or v == "" or (isinstance(v, (list, tuple, dict)) and not v) or v is False:
                continue
            if name.startswith("cost_") and v == 0:
                continue
            spec = fields.get(name)
            label = (spec.get("label") if isinstance(spec, dict) else "") or name
            if isinstance(v, bool):   # a yes/no field: its name when yes, nothing when no
                if v:
                    out.append(label)
                continue
            if isinstance(v, (list, tuple)):
                v = "・".join(str(x) for x in v)
            out.append(f"{label} {v}")
        return out

    COIN_R = 45          # the coin's radius; it lies on a dimmed disc COIN_R + 22 wide
    COIN_SPIN = 0.9      # seconds of spinning before the result shows
    COIN_END = 2.2       # seconds until the coin goes away

    def coin_spot(self) -> tuple[int, int]:
        """Return where a coin spins: the table's centre, or the nearest point below/above it clear of zone names."""
        bg = self._background()
        if getattr(self, "_coin_at", (None,))[0] is bg:
            return self._coin_at[1]
        labels = self.label_rects + [chip.get_rect(topleft=xy) for _, (chip, xy) in self.zone_chips]
        r = self.COIN_R + 22
        cx, cy = self.area.center
        self._coin_at = (bg, (cx, cy))
        step = 12
        for k in range(0, self.area.h // (2 * step)):
            for dy in ((k * step, -k * step) if k else (0,)):
                y = cy + dy
                box = pygame.Rect(cx - r, y - r, 2 * r, 2 * r)
                if self.area.contains(box) and box.collidelist(labels) < 0:
                    self._coin_at = (bg, (cx, y))
                    return (cx, y)
        return (cx, cy)

    @staticmethod
    def coin_word(heads: bool) -> str:
        return "表 heads" if heads else "裏 tails"

    def _draw_coins(self, surface) -> None:
        """Draw a spinning coin, then its result, above the cards on a dimmed disc (never over zone names)."""
        if not self.coins:
            return
        cx, cy = self.coin_spot()
        R = self.COIN_R
        disc = self.chip_cache.get("coin_disc")
        if disc is None:
            disc = self.chip_cache["coin_disc"] = pygame.Surface((2 * R + 44, 2 * R + 44), pygame.SRCALPHA)
            pygame.draw.circle(disc, (0, 0, 0, 150), (R + 22, R + 22), R + 22)
        surface.blit(disc, disc.get_rect(center=(cx, cy)))
        for heads, t in self.coins[-1:]:
            if t < self.COIN_SPIN:   # spinning: the coin's width follows a cosine
                k = abs(math.cos(t * 4 * math.pi))
                rect = pygame.Rect(0, 0, max(4, int(2 * R * k)), 2 * R)
                rect.center = (cx, cy)
                pygame.draw.ellipse(surface, (220, 180, 60), rect)
                pygame.draw.ellipse(surface, (140, 100, 20), rect, 3)
            else:
                col = (220, 180, 60) if heads else (190, 190, 200)
                pygame.draw.circle(surface, col, (cx, cy), R)
                pygame.draw.circle(surface, (140, 100, 20) if heads else (110, 110, 120), (cx, cy), R, 3)
                word = self.coin_word(heads)
                s = fonts.text(word, 16, (40, 20, 0), bold=True)
                surface.blit(s, s.get_rect(center=(cx, cy)))
                self.coin_shown = word

    def _banner(self, surface, text: str) -> None:
        s = fonts.text(text, 26, (255, 255, 255), bold=True)
        r = s.get_rect(center=self.area.center).inflate(40, 24)
        pygame.draw.rect(surface, (20, 20, 30), r, border_radius=10)
        pygame.draw.rect(surface, (240, 200, 90), r, 2, border_radius=10)
        surface.blit(s, s.get_rect(center=r.center))

    def _draw_curtain(self, surface) -> None:
        surface.fill((18, 22, 40))
        t = self.app.words
        s = fonts.text(t("Pass to Player {n} — click when ready", n=self.curtain + 1), 34, (240, 230, 200), bold=True)
        surface.blit(s, s.get_rect(center=(self.size[0] // 2, self.size[1] // 2)))
        sub = fonts.text(f"{self.rs.name} — turn {self.view.turn}", 18, (160, 170, 190))
        surface.blit(sub, sub.get_rect(center=(self.size[0] // 2, self.size[1] // 2 + 44)))

    # --- the pile overlay ----------------------------------------------------------------------
    def _inspect_title(self):
        """Return the spread pile's heading: its name and how to close it."""
        z = next((z for z in self.zones if z.key == self.inspect), None)
        t = self.app.words
        name = t.label(z.spec) if z is not None else str(self.inspect)
        if z is not None and z.owner is not None:
            name += f" (P{z.owner + 1})"
        return fonts.text(name + " — " + t("click beside the cards to close"), 15, (235, 235, 235), bold=True)

    def _auto_spread(self) -> None:
        """Spread a pile once when legal answers name cards inside it (a searched deck); close it after.

        Only a change of those piles opens or closes the spread, so a player may close it and look at the table.
        """
        piles = frozenset(self._answer_piles()) if self.curtain is None else frozenset()
        if piles == self._auto_piles:
            return
        if self.inspect in self._auto_piles and self.inspect not in piles:
            self.inspect = None
        self._auto_piles = piles
        if piles and self.inspect is None:
            self.inspect = sorted(piles)[0]

    def _add_inspect_spots(self) -> None:
        """Spread an inspected pile's visible cards over the table, so they can be read and used.

        A hidden pile (a searched deck) shows only the cards the viewer may name, not rows of backs.
        """
        cards = self.view.zones.get(self.inspect, [])
        z = next((z for z in self.zones if z.key == self.inspect), None)
        if z is not None and not (z.spec.inspect or z.spec.visibility == "public"):
            cards = [c for c in cards if c.uid is not None]
        w = max(self.cw, min(150, int(self.cw * 1.5)))   # larger than on the table: they are to be read
        h = round(w * self.ch / self.cw)
        cols = max(1, (self.area.w - 40) // (w + 8))
        left = self.area.centerx - (min(cols, len(cards)) * (w + 8) - 8) // 2   # a short row is centred
        for i, c in enumerate(cards):
            row, col = divmod(i, cols)
            cx = left + col * (w + 8) + w // 2
            cy = self.area.y + 40 + row * (h + 8) + h // 2
            sp = geometry.Spot(("insp", i), c, self.inspect, (cx, cy), False, 1000 + i, w=w)
            sp.rect = pygame.Rect(0, 0, w, h)
            sp.rect.center = (cx, cy)
            self.spots.append(sp)


_CHIPS: dict = {}


def _chip(text: str, size: int, bold: bool = False, bg=(20, 24, 30)) -> pygame.Surface:
    """Return a small label on a rounded background (cached: badges are blitted, not re-rendered)."""
    key = (text, size, bold, bg)
    s = _CHIPS.get(key)
    if s is None:
        t = fonts.text(text, size, (255, 255, 255), bold)
        s = pygame.Surface((t.get_width() + 10, t.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(s, (*bg, 225), s.get_rect(), border_radius=6)
        s.blit(t, (5, 1))
        _CHIPS[key] = s
    return s


HINT = ("drag a card to move it · click to use it · right-click for every action · "
        "Space: end phase · Ctrl+Z undo · Ctrl+S save · M manual · F1 help")
SHORTCUTS = """Mouse: drag a card onto a lit zone or card to play it; click a card to use it (tap, attack; lit targets are then chosen with a click); right-click a card for all its actions; hover for a large preview; click a discard pile to spread it out.
Space / Enter: end the phase (or the turn)
Ctrl+Z: undo (not past a draw, a shuffle, a reveal or the other player's move)
Ctrl+S: save the game
M: manual override (move, tap, flip, count anything; logged as manual)
Esc: cancel / game menu
F1: this help"""
