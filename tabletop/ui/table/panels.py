"""The side panel's player boxes and prompt, kept whole: values packed between items, the panels grown
(the log gives way) and then set smaller, the prompt stepped down a size (issue 30: nothing scrolls at
1280x720). A part of `Hud` (its base class), apart only to keep each file short."""
from __future__ import annotations

from .. import fonts, geometry
from ..scene import html_escape
from . import guide
from .advice import danger_html

LOG_LINE_H = 22    # one log line (pygame_gui's text box at the theme's 14 pt)
# A panel whose values need more lines than it has grows (both panels alike) and the log gives way for
# it, down to LOG_LEAST_LINES: both panels are read whole, never scrolled (1280x720, fourdeck's six rows).
LOG_LEAST_LINES = 3
LOG_LEAST_H = LOG_LEAST_LINES * LOG_LINE_H + 12
PANEL_SMALL_PX = (12, 11)   # ...and if that is not enough, their values (and the prompt) are set a size smaller


class PlayerPanels:
    """The player panels and the prompt of `Hud` (which supplies `scene`, `ui`, `build`, `update_panels`)."""

    def _set_prompt(self, html: str) -> None:
        """Show the prompt line whole: a line too long for its box steps down a font size or two."""
        key = (html, self.ui.get("prompt_free"), self.ui.get("grow"))
        if self._panel_text.get("prompt") == key:
            return
        self._panel_text["prompt"] = key
        box = self.ui["prompt"]
        for px in (13, *PANEL_SMALL_PX):
            if px != 13:
                self.scene.manager.preload_fonts([{"name": "noto_sans_jp", "point_size": px, "style": st,
                                                   "antialiased": "1"} for st in ("regular", "bold")])
            box.set_text(html if px == 13 else f"<font pixel_size={px}>{html}</font>")
            if box.scroll_bar is None:
                break

    def _grow_panels(self) -> bool:
        """Make both player panels tall enough for their values: they grow (the log gives way, down to
        LOG_LEAST_LINES), then the values step down a font size (PANEL_SMALL_PX). Return whether the side
        panel was built again and filled (the caller has nothing left to do)."""
        if self._growing:
            return False
        changed = False
        self._growing = True
        try:
            for _ in range(4):
                need = max(self._needed_h("opp"), self._needed_h("me"))
                if need <= self.ui["ph"]:
                    break
                if self.ui["ph"] < self.ui["ph_max"] and need > self.panel_need:
                    self.panel_need = need
                else:   # as tall as they may be: a smaller font
                    smaller = [px for px in PANEL_SMALL_PX if px < self.panel_px]
                    if not smaller:
                        break
                    self.panel_px = smaller[0]
                    self.scene.manager.preload_fonts([{"name": "noto_sans_jp", "point_size": self.panel_px, "style": st,
                                                       "antialiased": "1"} for st in ("regular", "bold")])
                self.build()
                self.update_panels()
                changed = True
        finally:
            self._growing = False
        return changed

    def _needed_h(self, name: str) -> int:
        """Return the height a player panel needs for its text (0 when it fits)."""
        box = self.ui[name]
        if box.scroll_bar is None:
            return 0
        return (box.text_box_layout.layout_rect.height + 2 * box.padding[1] + box.border_width["top"]
                + box.border_width["bottom"] + 2 * box.shadow_width + 4)

    def _light_players(self) -> None:
        """Light the panel of each player a legal action hits (attack the player, a player as a target)."""
        sc = self.scene
        lit = frozenset(p for p in (guide.aims_at(sc.rs, a) for a in sc.legal if not a.kind.startswith("m_"))
                        if p is not None)
        if lit == self.lit_players:
            return
        self.lit_players = lit
        for name, p in (("me", sc.viewer), ("opp", 1 - sc.viewer)):
            self.ui[name].change_object_id("#lit_player" if p in lit else None)
            self._panel_text.pop(name, None)   # the new look lays the text out again

    def _player_html(self, p: int) -> str:
        sc = self.scene
        v, t = sc.view, sc.app.words
        who = t("Player {n}", n=p + 1)
        seat = sc.seats[p]
        if seat is not None:
            level = getattr(seat, "level", None)
            who = t("{who} (bot: {level})", who=who, level=t(level)) if level else t("{who} (bot)", who=who)
        elif not sc.hotseat:
            who = t("{who} (you)", who=who)
        mark = " ◀" if v.to_act == p else ""
        if p in self.lit_players:   # the lit border says it too; the word names it for who cannot tell colours
            mark += "  <font color=#9cf09c><b>▶ " + html_escape(t("target")) + "</b></font>"
        rows = []
        pub = v.public.get("players") if isinstance(v.public, dict) else None
        if pub and len(pub) > p and isinstance(pub[p], dict):
            values = pub[p]
        else:   # the player values themselves, named by the ruleset's `value.<key>` words
            values = {sc.game.controller.value_word(k): val for k, val in v.players[p].items()}
        for k, val in values.items():
            if isinstance(val, (dict, list)):
                val = len(val) if isinstance(val, list) else ", ".join(f"{t.render(a)} {t.render(b)}"
                                                                        for a, b in val.items())
            rows.append(f"{html_escape(t.render(k))} <b>{html_escape(t.render(val))}</b>")
        if not pub:   # no panel data from the controller: at least the sizes of hand and piles
            for z in sc.zones:
                if z.owner == p and z.spec.kind in ("pile", "hand"):
                    rows.append(f"{html_escape(t.label(z.spec))} <b>{z.count}</b>")
        # the values packed into lines between items: a value never leaves its name, no line starts with "·"
        box = self.ui.get("me")
        width = box.full_width() if box is not None else geometry.SIDE_PANEL - 36
        px = self.panel_px
        values = fonts.pack_html(rows, px, width)
        if px != 13:
            values = f"<font pixel_size={px}>{values}</font>"
        # a danger badge when one hit decides the game for p (issue 30; ui/table/advice.py)
        warn = danger_html(sc, p, self.__dict__.setdefault("_danger_said", {}))
        return f"<b>{html_escape(who)}</b>{mark}<br>" + warn + values
