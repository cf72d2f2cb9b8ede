"""Pacing: what just happened is shown long enough to follow — fights, hit checks, damage, draws, bot moves.

`Pacing.on_events` turns a move's events into beats: a caption naming the fight or the check with
its numbers and a coin that spins and lands, one after another in the order they happened (captions
at the top of the table, the coin on the board), numbers that rise off the card, zone or player
panel they hit (−3 red, +1 green), and a ring around the cards a bot just moved. Every duration is
the setting `anim` times a base (off: nothing is shown, nothing waits). While beats or a coin are on,
the bot waits (`busy`), so its moves come one at a time; Tab skips them (`skip`).

A card dropped for an action that waits for a payment or a choice stays where it was dropped, ghosted
(`hold_dropped`), until the choice is answered (it slides on to where it lands) or cancelled (it slides
back): `check_ghost` lets it go when the view shows either.
"""
from __future__ import annotations

import re

import pygame

from .. import fonts
from . import layout
from .sprites import chip

CAPTION_S = 1.1      # a fight's or a check's caption, seconds at normal speed
CHECK_S = 1.4        # a hit check's verdict
RISE_S = 1.1         # a number rising off a card
RISE_PX = 46
MARK = (255, 170, 60)   # the ring around what a bot just moved

_HP = re.compile(r"HP (\d+) → (\d+)")
_RESULT = re.compile(r"\s*[:：]\s*[^:：]*$")   # "coin (hit check …): tails" → "coin (hit check …)"
CAPTION_KINDS = {"attack", "attack_value", "wall", "destroyed", "defeated", "destroy", "spell_down", "declare",
                 "block", "fight", "battle"}


def say(app, x) -> str:
    """Return a message (a Msg once the translation layer renders them) or a string in the interface language."""
    render = getattr(app.words, "render", None)
    if render is not None:
        return render(x)
    try:
        from tabletop.i18n import render as render_in
    except ImportError:
        return str(x)
    return render_in(x, app.words.language)


def coin_caption(app, text) -> str:
    """Return a coin's caption from its log message `coin — {why}: {side}`: "Coin: first player (DM-R16)",
    its reason after a colon instead of in a second pair of brackets; '' for another message."""
    args = dict(getattr(text, "args", ()) or ())
    if getattr(text, "text", None) != "coin — {why}: {side}" or not args.get("why"):
        return ""
    return app.words("Coin: {why}", why=say(app, args["why"]))


class Pacing:
    """Beats to show after a move, the bot's last move marked, and a dropped card held while its choice waits."""

    def __init__(self, scene):
        self.scene = scene
        self.queue = []          # beats shown one after another: captions (with an arrow) and coins
        self.rising = []         # [text, colour, (x, y), elapsed, duration]
        self.marked = ()         # uids a bot just moved
        self.ghost = None        # (uid, zone key) of a dropped card held at the drop point

    @property
    def speed(self) -> float:
        return float(self.scene.app.settings.get("anim", 1.0) or 0.0)

    def busy(self) -> bool:
        """Return whether beats (or a coin) are still showing: a bot waits for them."""
        return bool(self.queue or self.rising or self.scene.board.coins)

    def skip(self) -> None:
        """Finish every beat and coin at once (Tab)."""
        self.queue, self.rising = [], []
        self.scene.board.coins = []

    def _add(self, beat: dict) -> None:
        self.queue.append(beat)
        if len(self.queue) == 1:
            self._begin(beat)

    def _begin(self, beat: dict) -> None:
        if beat["kind"] == "coin":   # the board spins it; the queue waits until it has landed and gone
            self.scene.board.coins.append([beat["heads"], 0.0])

    # --- beats from events ---------------------------------------------------------------------
    def on_events(self, events) -> None:
        """Queue the beats of a move's events (nothing when animations are off)."""
        k = self.speed
        if k <= 0:
            return
        sc = self.scene
        for e in events:
            d = e.data or {}
            text = say(sc.app, e.text_for(sc.viewer))
            if e.kind == "coin":
                # the coin's reason as its caption, without the result the coin is about to show
                why = coin_caption(sc.app, e.text_for(sc.viewer)) or _RESULT.sub("", text).strip()
                self._add({"kind": "coin", "heads": bool(d.get("heads")), "t": 0.0, "text": why,
                           "colour": (235, 215, 150), "ends": None})
            elif e.kind in ("hit", "miss"):
                self._add({"kind": "caption", "text": text, "colour": (120, 230, 140) if e.kind == "hit" else (240, 160, 90),
                           "t": 0.0, "dur": CHECK_S * k, "ends": None})
            elif e.kind in CAPTION_KINDS:
                ends = self._ends(d.get("card") or d.get("attacker"), d.get("target"), d.get("target_player"),
                                  d.get("zone"))
                self._add({"kind": "caption", "text": text, "colour": (240, 225, 190), "t": 0.0,
                           "dur": CAPTION_S * k, "ends": ends})
            if e.kind == "damage" and isinstance(d.get("amount"), int):
                self._rise(f"−{d['amount']}", (255, 110, 90), self._at_card(d.get("target")))
            elif e.kind == "hp" and isinstance(d.get("delta"), int) and d["delta"]:
                up = d["delta"] > 0
                self._rise(f"{'+' if up else '−'}{abs(d['delta'])} HP", (120, 230, 140) if up else (255, 110, 90),
                           self._at_player(d.get("player")))
            elif e.kind == "deck_hp":
                m = _HP.search(str(e.text))   # the English text: its numbers
                if m and int(m.group(1)) != int(m.group(2)):
                    n = int(m.group(2)) - int(m.group(1))
                    self._rise(f"{'+' if n > 0 else '−'}{abs(n)} HP", (120, 230, 140) if n > 0 else (255, 110, 90),
                               self._at_zone(d.get("zone")))
            elif e.kind == "draw" and isinstance(d.get("count"), int) and d["count"] > 0:
                self._rise(f"+{d['count']}", (170, 200, 255), self._at_zone(f"{d.get('player')}.deck")
                           or self._at_player(d.get("player")))
            elif e.kind == "wall":
                self._rise("−1", (255, 110, 90), self._at_card(d.get("card")))

    def _rise(self, text, colour, pos) -> None:
        if pos is not None:
            self.rising.append([text, colour, pos, 0.0, RISE_S * self.speed])

    def _at_card(self, uid):
        sc = self.scene
        for s in sc.spots:
            if uid is not None and s.key == uid:
                r = layout.spot_rect(sc, s)
                return (r.centerx, r.top + r.h // 3)
        return None

    def _at_zone(self, key):
        z = layout.zone(self.scene.zones, key) if key else None
        return z.rect.center if z is not None else None

    def _at_player(self, p):
        r = self.scene.hud.panel_rect(p) if p in (0, 1) else None
        return (r.centerx, r.centery) if r is not None else None

    def _ends(self, a, b, player, zone=None):
        """Return the points a fight's arrow joins (attacker to target card, player panel or zone), or None."""
        start = self._at_card(a) if isinstance(a, int) else None
        end = self._at_card(b) if isinstance(b, int) else (self._at_player(player) if player is not None else None)
        end = end or (self._at_zone(zone) if isinstance(zone, str) else None)
        return (start, end) if start and end else None

    # --- the bot's move ------------------------------------------------------------------------
    def bot_moved(self, action) -> None:
        """Mark the cards a bot's action named (only those the viewer's table shows carry a uid)."""
        self.marked = tuple(v for k, v in action.args if k in ("card", "target") and isinstance(v, int))

    def human_moved(self) -> None:
        self.marked = ()

    # --- the held card -------------------------------------------------------------------------
    def hold_dropped(self, sp) -> None:
        """Keep a dropped card where it was dropped, ghosted, while the viewer's choice for it waits."""
        sc = self.scene
        uid = sp.card.uid
        c = sc.view.cards.get(uid) if uid is not None else None
        m = sc.sprites.motions.get(uid)
        if c is None or m is None or c.zone != sp.zone or not any(p.get("player") == sc.viewer for p in sc.view.pending):
            return
        m.pos = m.src = (float(sc.mouse[0]), float(sc.mouse[1]))
        m.t = m.dur = 0.0
        m.hold = True
        sc.sprites.restart()
        self.ghost = (uid, sp.zone)

    def check_ghost(self) -> None:
        """Let the held card go once its choice is answered (it slides to its new place) or cancelled (back)."""
        if self.ghost is None:
            return
        sc = self.scene
        uid, zone = self.ghost
        c = sc.view.cards.get(uid)
        if c is not None and c.zone == zone and any(p.get("player") == sc.viewer for p in sc.view.pending):
            return
        self.ghost = None
        m = sc.sprites.motions.get(uid)
        if m is not None:
            m.hold = False
            m.src, m.t, m.dur = m.pos, 0.0, 0.18 * self.speed
            sc.sprites.restart()

    # --- per frame -----------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        if self.scene.curtain is not None:
            return   # nothing runs behind the hotseat curtain: the next player sees it
        while self.queue:
            b = self.queue[0]
            if b["kind"] == "coin":
                if self.scene.board.coins:
                    break
            else:
                b["t"] += dt
                if b["t"] < b["dur"]:
                    break
            self.queue.pop(0)
            if self.queue:
                self._begin(self.queue[0])
            dt = 0.0
        for r in self.rising:
            r[3] += dt
        self.rising = [r for r in self.rising if r[3] < r[4]]

    def draw(self, surface) -> None:
        """Draw the bot's marked cards, the current caption (and its arrow) and the rising numbers."""
        sc = self.scene
        if self.marked:
            for s in sc.spots:
                if s.key in self.marked:
                    pygame.draw.rect(surface, MARK, layout.spot_rect(sc, s).inflate(8, 8), 3, border_radius=7)
        if self.queue and self.queue[0].get("text"):
            b = self.queue[0]
            text, colour, ends = b["text"], b["colour"], b["ends"]
            if ends:
                pygame.draw.line(surface, (255, 200, 90), ends[0], ends[1], 4)
                pygame.draw.circle(surface, (255, 200, 90), ends[1], 8)
            hint = sc.app.words("Tab: skip")
            s = fonts.text(fonts.ellipsize(text, 18, sc.area.w - 120), 18, colour, bold=True)
            h = fonts.text(hint, 11, (150, 155, 160))
            box = pygame.Rect(0, 0, max(s.get_width(), h.get_width()) + 36, s.get_height() + h.get_height() + 14)
            box.midtop = (sc.area.centerx, sc.area.y + 10)
            pygame.draw.rect(surface, (14, 18, 24), box, border_radius=10)
            pygame.draw.rect(surface, colour, box, 2, border_radius=10)
            surface.blit(s, s.get_rect(midtop=(box.centerx, box.y + 6)))
            surface.blit(h, h.get_rect(midbottom=(box.centerx, box.bottom - 4)))
        for text, _colour, (x, y), t, dur in self.rising:
            k = t / dur if dur else 1.0
            c = chip(text, 22, bold=True, bg=(20, 20, 26))
            if k > 0.6:
                c = c.copy()
                c.set_alpha(int(255 * (1 - (k - 0.6) / 0.4)))
            surface.blit(c, c.get_rect(center=(x, y - RISE_PX * k)))
