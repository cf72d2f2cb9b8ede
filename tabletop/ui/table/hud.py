"""HUD: the words and buttons around the cards — top bar, side panel, prompt, log, buttons, status line.

`Hud.update_panels` is called after every change (from `TableScene.refresh`) and only reads: the
view, the legal actions and the scene's seat and mode. Its buttons post pygame_gui events that
`on_button` hands to `Actions`. The side panel, top to bottom: the opponent's panel, the log, the
prompt (`prompt_html`), the answer buttons (one per action tied to no card, `Actions.button_actions`),
your panel, End, and the row of commands (Undo, Manual, Menu). A new command is one more entry in
`_build_widgets`'s row and in `commands`; a new prompt line goes into `prompt_html`.
"""
from __future__ import annotations

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from tabletop.i18n import N_

from .. import fonts, geometry
from ..scene import html_escape
from . import guide
from .panels import LOG_LEAST_H, LOG_LINE_H, PlayerPanels
from .windows import RULE_ID
from ..textbox import SLACK, TextBox

BUTTON_ROWS = 4    # answer buttons that fit under the prompt; more push the log's bottom up
PROMPT_H = 84      # the prompt line's box: three lines
MAX_BUTTONS = 8    # answers shown as buttons; beyond, the last button opens a menu of them all
LOG_MIN_LINES = 6  # the log never shows fewer lines than this, whatever the window or the answers
LOG_MIN_H = LOG_MIN_LINES * LOG_LINE_H + 12
LOG_KEEP = 40          # log lines the side panel shows after a fresh start of the box
LOG_CAP = 80           # lines it holds before it starts again (each move lays them all out)
PANEL_MIN_H = 100  # a player panel gives way down to this before the log does
HINT = N_("drag a card to move it · click to use it · right-click for every action · "
          "Space: end phase · Ctrl+Z undo · Ctrl+S save · M manual · F1 help")


class ExplainedButton(UIButton):
    """A button whose tooltip shows while it is disabled too: a grey Undo says why it is grey."""

    def can_hover(self) -> bool:
        return not self.is_selected and not self.held

    def on_hovered(self):
        if self.is_enabled:
            super().on_hovered()
        else:   # keep the disabled look; only start the tooltip's clock
            UIElement.on_hovered(self)

    def on_unhovered(self):
        if self.is_enabled:
            super().on_unhovered()
        else:
            UIElement.on_unhovered(self)

    avoid = ()   # widgets the tooltip must not cover (Undo's: the End button above it)

    def while_hovering(self, time_delta, mouse_pos):
        had = self.tool_tip
        super().while_hovering(time_delta, mouse_pos)
        tip = self.tool_tip
        if tip is None or tip is had:
            return
        covered = [w.get_abs_rect() for w in self.avoid if w.alive()]
        r = tip.rect.copy()
        if any(r.colliderect(c) for c in covered):
            me = self.get_abs_rect()
            screen = self.ui_manager.get_root_container().get_rect()
            r.top = me.bottom + 4                 # below the button, else beside the side panel
            if r.bottom > screen.bottom or any(r.colliderect(c) for c in covered):
                # beside the panel, left of the button and of what it must not cover, above the status line
                r.topright = (min([me.left] + [c.left for c in covered]) - 6,
                              max(0, min(me.top, screen.bottom - geometry.STATUS_BAR - 2 - r.height)))
                r.left = max(0, r.left)
            tip.set_position(r.topleft)


class Hud(PlayerPanels):
    """The side panel's widgets and the top and status bars of one table."""

    def __init__(self, scene):
        self.scene = scene
        self.ui = {}
        self.widgets = []
        self.top_bar = None      # the drawn top bar, until the next change
        self.log_to_end = 0      # frames left to keep the log scrolled to its newest line
        self.link_rect = None    # the status line's "Rules" link, where it was drawn
        self._status = None      # (what it shows, the status line drawn, its link's rect) until a change
        self.lit_players = frozenset()   # players a legal action hits: their panels are lit
        self.panel_need = 0      # the height the players' values asked for (the panels grow to it)
        self.panel_px = 13       # the values' font size (PANEL_SMALL_PX when even grown panels are too short)
        self._growing = False

    @property
    def commands(self) -> dict:
        """Return {widget name: what its press does} for the side panel's fixed buttons."""
        a = self.scene.actions
        return {"end": a.end, "undo": a.undo, "manual": a.toggle_manual, "menu": self.scene.dialogs.open_game_menu,
                "hint": self.scene.hint.ask}

    # --- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        """(Re)create the side panel's widgets for the window size."""
        self.kill()
        sc = self.scene
        W, H = sc.size
        m, t = sc.manager, sc.app.words
        x, w = W - geometry.SIDE_PANEL, geometry.SIDE_PANEL
        top = geometry.TOP_BAR
        side = UIPanel(pygame.Rect(x, top, w, H - top), manager=m, starting_height=1)
        iw = w - 12
        y = 4
        ui = {"side": side}
        # The player panels give way before the log does: the log keeps at least LOG_MIN_LINES lines.
        fixed = 200 + 84 + 16 + 8
        ph = max(PANEL_MIN_H, min(176, (H - top - fixed - LOG_MIN_H) // 2))
        ui["ph_max"] = max(ph, (H - top - fixed - LOG_LEAST_H) // 2)
        ph = ui["ph"] = max(ph, min(self.panel_need, ui["ph_max"]))
        # allow_split_dashes=False: Japanese has no spaces to break at; a dash mid-word would read as a character
        ui["opp"] = TextBox("", pygame.Rect(4, y, iw, ph), m, container=side, allow_split_dashes=False)
        y += ph + 4
        log_h = H - top - (ph + 4) * 2 - 200 - 84 - 16
        ui["log"] = UITextBox("", pygame.Rect(4, y, iw, log_h), m, container=side, allow_split_dashes=False)
        ui["log_h"] = log_h
        y += log_h + 4
        ui["prompt"] = TextBox("", pygame.Rect(4, y, iw, PROMPT_H), m, container=side, allow_split_dashes=False)
        ui["prompt_base"] = y
        ui["prompt_y"] = y + PROMPT_H + 2
        ui["grow"] = 0   # how far the log gave way to answer buttons beyond BUTTON_ROWS
        y += 200
        ui["me"] = TextBox("", pygame.Rect(4, y, iw, ph), m, container=side, allow_split_dashes=False)
        y += ph + 4
        ui["end"] = UIButton(pygame.Rect(4, y, iw, 40), t("End phase"), m, container=side, object_id="#lit")
        y += 44
        hint = self.scene.hint.offered()          # practice against a bot: a fourth button, Hint
        n = 4 if hint else 3
        bw = (iw - 4 * (n - 1)) // n
        ui["undo"] = ExplainedButton(pygame.Rect(4, y, bw, 30), t("Undo"), m, container=side)
        ui["undo"].avoid = (ui["end"],)
        ui["manual"] = UIButton(pygame.Rect(8 + bw, y, bw, 30), t("Manual"), m, container=side)
        ui["menu"] = UIButton(pygame.Rect(12 + 2 * bw, y, bw, 30), t("Menu"), m, container=side)
        if hint:
            ui["hint"] = ExplainedButton(pygame.Rect(16 + 3 * bw, y, bw, 30), t("Hint"), m, container=side,
                                         tool_tip_text=fonts.tip(t("What would the normal bot do here? (changes nothing)")))
            ui["hint"].avoid = (ui["end"],)     # its tooltip must not cover End either
        ui["actions"] = []
        self.ui = ui
        self.widgets = [side]
        self._panel_text = {}
        self._undo_tip = None
        self._action_sig = None
        self._log_shown, self._log_rows, self._log_viewer = [], 0, None

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []

    def on_button(self, el) -> bool:
        """Do what a pressed side-panel button does; return whether it was one of ours."""
        for name, fn in self.commands.items():
            if el is self.ui.get(name):
                fn()
                return True
        for b, a in self.ui.get("actions", []):
            if el is b:
                if a is None:
                    self.scene.dialogs.open_menu(self.scene.app.words("Actions"), self.scene.actions.button_actions())
                else:
                    self.scene.actions.act(a)
                return True
        return False

    def player_at(self, pos):
        """Return the player whose panel is under a point (for actions aimed at a player)."""
        sc = self.scene
        for name, p in (("me", sc.viewer), ("opp", 1 - sc.viewer)):
            box = self.ui.get(name)
            if box is not None and box.get_abs_rect().collidepoint(pos):
                return p
        return None

    def panel_rect(self, p: int):
        """Return player p's panel on the screen (to light it as a target), or None."""
        box = self.ui.get("me" if p == self.scene.viewer else "opp")
        return box.get_abs_rect() if box is not None else None

    def tick(self) -> None:
        if self.log_to_end and self.ui:
            self.log_to_end -= 1
            bar = self.ui["log"].scroll_bar
            if bar is not None:
                bar.set_scroll_from_start_percentage(1.0)

    # --- the side panel ------------------------------------------------------------------------
    def update_panels(self) -> None:
        """Show the view in the side panel: players, log, prompt, End/Undo/Manual and answer buttons."""
        self.top_bar = None
        if not self.ui:
            return
        sc = self.scene
        t = sc.app.words
        if sc.curtain is not None:
            self.ui["side"].hide()
            return
        self.ui["side"].show()
        me, opp = sc.viewer, 1 - sc.viewer
        self._light_players()
        self._set_text("opp", self._player_html(opp))
        self._set_text("me", self._player_html(me))
        if self._grow_panels():
            return
        self._update_log(sc.view.log[-LOG_KEEP:])
        end = sc.actions.end_action()
        if end is not None:
            self.ui["end"].set_text(t("End phase" if end.kind == "end_phase" else "End turn") + "  (Space)")
            self.ui["end"].enable()
        else:
            self.ui["end"].disable()
        why = self.undo_blocked()
        if why is None:
            self.ui["undo"].enable()
        else:
            self.ui["undo"].disable()
        tip = html_escape(why) if why else t("Take back your last action (Ctrl+Z)")
        if tip != self._undo_tip:
            self._undo_tip = tip
            self.ui["undo"].set_tooltip(fonts.tip(tip), delay=0.4)
        self.ui["manual"].set_text(("● " if sc.manual_mode else "") + t("Manual"))
        if "hint" in self.ui:
            (self.ui["hint"].enable if sc.hint.available() else self.ui["hint"].disable)()
        self.build_action_buttons()
        self._set_prompt(self.prompt_html())

    def prompt_html(self) -> str:
        """Return the prompt line (`guide.prompt_html`: whose decision, the phase, what can be done and how),
        under a scenario's goal."""
        sc = self.scene
        line = guide.prompt_html(sc)
        scen = guide.scenario_info(sc.game)
        if scen and scen["title"]:
            line = f"<font color=#ffd84a>{html_escape(sc.app.words('Goal'))}: {html_escape(scen['title'])}</font><br>" + line
        return line

    def undo_blocked(self):
        """Return why Undo is unavailable now, in the interface language, or None when it is available."""
        sc = self.scene
        t = sc.app.words
        if sc.seats[sc.viewer] is not None:
            return t("a bot sits in this seat")
        m = sc.game.undo_blocked(sc.viewer)
        return None if m is None else t.render(m)

    def _set_text(self, name: str, html: str) -> None:
        if self._panel_text.get(name) != html:
            self._panel_text[name] = html
            self.ui[name].set_text(html)

    def _update_log(self, lines) -> None:
        """Show the log; new lines are appended, up to LOG_CAP lines in the box, then it starts again
        from the last LOG_KEEP. (pygame_gui lays out every line of the box again on each append, so
        the box's length is what a move costs.)"""
        viewer = self.scene.viewer
        lines = [self.scene.app.words.render(x) for x in lines]   # in the language shown now
        if self._log_viewer != viewer:   # another seat's log: never keep a line of the old one
            self._log_shown, self._log_viewer = [], viewer
        shown = self._log_shown
        if lines == shown:
            return
        box = self.ui["log"]
        # Lines are wrapped here (Japanese breaks between characters, not at hyphens as the box would).
        # at the width it has with its scroll bar, less pygame_gui's 4 px line-break box (else a blank row)
        width = (box.rect.w - 2 * box.padding[0] - box.border_width["left"] - box.border_width["right"]
                 - 2 * box.shadow_width - box.scroll_bar_width - SLACK)

        def html(xs):
            return "<br>".join(html_escape(ln) for x in xs for ln in fonts.wrap(x, 13, width))
        for d in range(1, min(len(lines), 30) + 1):
            keep = len(lines) - d
            if shown and keep > 0 and lines[:keep] == shown[len(shown) - keep:] and self._log_rows < LOG_CAP:
                box.append_html_text("<br>" + html(lines[keep:]))
                self._log_rows += d
                break
        else:
            box.set_text(html(lines))
            self._log_rows = len(lines)
        self._log_shown = list(lines)
        if box.scroll_bar is not None:
            box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def build_action_buttons(self) -> None:
        """Offer each action tied to no card as a button under the prompt (the log gives way for many)."""
        sc = self.scene
        acts = sc.actions.button_actions()
        sig = tuple(acts)
        if sig == self._action_sig:
            return
        self._action_sig = sig
        for b, _ in self.ui["actions"]:
            b.kill()
        self.ui["actions"] = []
        iw = geometry.SIDE_PANEL - 12
        # as many buttons as leave the log its LOG_MIN_LINES; the last of them opens a menu of the rest
        cap = max(2, min(MAX_BUTTONS, BUTTON_ROWS + max(0, self.ui["log_h"] - LOG_MIN_H) // 28))
        rows = min(len(acts), cap)
        grow = max(0, rows - BUTTON_ROWS) * 28
        if grow != self.ui["grow"]:   # more answers than the usual room: the log gives way for now
            self.ui["grow"] = grow
            self.ui["log"].set_dimensions((iw, self.ui["log_h"] - grow))
            self.log_to_end = 20   # the box lays itself out again over the next frames; then show the newest lines
            self.ui["prompt"].set_relative_position((4, self.ui["prompt_base"] - grow))
            self.ui["prompt_y"] = self.ui["prompt_base"] - grow + PROMPT_H + 2
        free = max(0, BUTTON_ROWS - rows) * 28   # rows no button needs: the prompt line may use them
        if self.ui.get("prompt_free") != free:
            self.ui["prompt_free"] = free
            self.ui["prompt"].set_dimensions((iw, PROMPT_H + free))
        y = self.ui["prompt_y"] + free
        shown = acts if len(acts) <= cap else acts[:cap - 1]
        for a in shown:
            text = sc.app.words.render(sc.game.describe(a, sc.viewer))
            label, oid = text, None
            if fonts.font(14).size(text)[0] > iw - 14:   # too long: a smaller font, then an ellipsis
                oid = "#answer_small"
                label = fonts.ellipsize(text, 11, iw - 14)
            b = UIButton(pygame.Rect(4, y, iw, 26), label, sc.manager, container=self.ui["side"],
                         tool_tip_text=fonts.tip(html_escape(text)) if label != text or oid else None, object_id=oid)
            self.ui["actions"].append((b, a))
            y += 28
        if len(acts) > cap:
            more = sc.app.words("… {n} more", n=len(acts) - len(shown))
            b = UIButton(pygame.Rect(4, y, iw, 26), more, sc.manager, container=self.ui["side"])
            self.ui["actions"].append((b, None))

    # --- the bars ------------------------------------------------------------------------------
    def draw_top_bar(self, surface) -> None:
        """Draw the phase bar, turn, whose turn, shared values and whose view this is (cached until a change)."""
        sc = self.scene
        if self.top_bar is None:
            bar = pygame.Surface((sc.size[0], geometry.TOP_BAR))
            bar.fill((16, 20, 25))
            info = "   ".join(self.top_bar_words())
            phases = self.phase_items()
            # A narrow window sets the phases smaller and closer, then cuts the rest short: never off the edge.
            size, pad = 14, 16
            need = sum(fonts.text(lb, size, bold=on).get_width() + pad + 4 for lb, on in phases)
            if need + 22 + fonts.text(info, 14).get_width() > sc.size[0] - 8:
                size, pad = 12, 8
            x = 8
            for label, on in phases:
                s = fonts.text(label, size, (20, 20, 20) if on else (150, 160, 170), bold=on)
                r = pygame.Rect(x, 5, s.get_width() + pad, geometry.TOP_BAR - 10)
                if on:
                    pygame.draw.rect(bar, (240, 200, 90), r, border_radius=5)
                bar.blit(s, s.get_rect(center=r.center))
                x = r.right + 4
            x += 14
            s = fonts.text(fonts.ellipsize(info, 14, sc.size[0] - x - 8), 14, (230, 230, 230))
            bar.blit(s, (x, (geometry.TOP_BAR - s.get_height()) // 2))
            self.top_bar = bar
        surface.blit(self.top_bar, (0, 0))

    def top_bar_words(self) -> list[str]:
        """Return the top bar's words after the phases: turn, whose turn, shared values, whose view."""
        sc = self.scene
        t, v = sc.app.words, sc.view
        parts = [t("Turn {n}", n=v.turn)]
        # the bar and the prompt name the same player: before the first turn (a setup's janken or first-player
        # choice) whoever decides, not a turn's owner; in a turn, who answers when that is the other player
        if v.to_act is not None and v.turn == 0:
            parts.append(t("P{n} to act", n=v.to_act + 1))
        else:
            parts.append(t("P{n}'s turn", n=v.active + 1))
            if v.to_act is not None and v.to_act != v.active:
                parts.append(t("P{n} to act", n=v.to_act + 1))
        shared = v.public.get("shared", {}) if isinstance(v.public, dict) else {}
        parts += [t("{name}: {value}", name=k, value=val) for k, val in shared.items()]
        seen_as = N_("view: P{n}") if sc.hotseat or not sc.humans else N_("you are P{n}")
        parts.append(t(seen_as, n=sc.viewer + 1))
        return parts

    def phase_items(self) -> list[tuple[str, bool]]:
        """Return the phase bar's (label, lit) entries.

        Phases only some games pass through (mulligan, side deck between games) are left out unless
        current: those named in the ruleset word `hidden_phases` (ids split by spaces or commas), else
        those whose id starts with `mulligan` or `side`. A phase outside the list (the engine's `setup`)
        is shown lit by its `phase.<id>` word, or "Setup".
        """
        sc = self.scene
        rs, t, cur = sc.rs, sc.app.words, sc.view.phase
        words = rs.words.get("hidden_phases")
        if words is not None:
            hidden = set(words.replace(",", " ").split())
        else:
            hidden = {p["id"] for p in rs.phases if p["id"].startswith(("mulligan", "side"))}
        items = [(t.label(p), p["id"] == cur) for p in rs.phases if p["id"] == cur or p["id"] not in hidden]
        if cur and not any(p["id"] == cur for p in rs.phases):
            label = t.render(rs.words.get("phase." + cur) or (t("Setup") if cur == "setup" else cur))
            items.insert(0, (label, True))
        return items

    def rule_in_status(self) -> str:
        """Return the rule id the status line's message names (a refused move's reason), or ''."""
        sc = self.scene
        if sc.message_t > 0 and sc.message:
            m = RULE_ID.search(str(sc.message))   # a Msg: its English text names the same rule
            if m:
                return m.group(1)
        return ""

    def draw_status(self, surface) -> None:
        """Draw the status line: the last message while it lasts, else the how-to hint; at its right a
        link to the rules (at the rule the message names). Drawn once per change, then one blit a frame."""
        sc = self.scene
        t = sc.app.words
        shown = sc.message_t > 0 and bool(sc.message)
        key = (sc.message if shown else None, sc.size, t.language)
        if self._status is None or self._status[0] != key:
            self._status = (key, *self._status_bar(shown))
        _, bar, self.link_rect = self._status
        surface.blit(bar, (0, sc.size[1] - geometry.STATUS_BAR))

    def _status_bar(self, shown: bool) -> tuple:
        """Return (the status line's picture, its Rules link's rect on the window)."""
        sc = self.scene
        t = sc.app.words
        y = sc.size[1] - geometry.STATUS_BAR
        r = pygame.Rect(0, 0, sc.size[0] - geometry.SIDE_PANEL, geometry.STATUS_BAR)
        bar = pygame.Surface(r.size)
        bar.fill((16, 20, 25))
        rule = self.rule_in_status()
        link = fonts.text((t("Rules") + " ▶ " + rule) if rule else t("Rules") + " (F2)", 13,
                          (255, 216, 74) if rule else (150, 190, 230), bold=bool(rule))
        link_rect = link.get_rect(midright=(r.right - 10, r.centery)).inflate(12, 6)
        pygame.draw.rect(bar, (40, 52, 66), link_rect, border_radius=5)
        bar.blit(link, link.get_rect(center=link_rect.center))
        room = r.w - link_rect.w - 30
        if shown:
            s = fonts.text(fonts.ellipsize(t.render(sc.message), 15, room), 15, (255, 210, 120))
        else:
            s = fonts.text(fonts.ellipsize(t(HINT), 13, room), 13, (140, 150, 160))
        bar.blit(s, (8, (geometry.STATUS_BAR - s.get_height()) // 2))
        return bar, link_rect.move(0, y)

    def link_at(self, pos) -> bool:
        """Return whether a point is on the status line's Rules link."""
        return self.link_rect is not None and self.link_rect.collidepoint(pos)
