"""The board: the table cloth with its zones, the cards on it with their badges, what is lit, the coin.

`Board` draws from the scene's view, zones and spots and from `Sprites`; it only reads them (its
caches — the drawn zones, the badge chips, the coin's place — are rebuilt after a change).
"""
from __future__ import annotations

import math

import pygame

from .. import fonts, geometry
from . import layout
from .sprites import chip, chip_lines, ring

TABLE_BG = (30, 74, 52)
LIT = (120, 240, 150)
ZONE_CHIP_BG = (40, 60, 110)   # a zone's own line of text (public()["zones"])
ACTOR = (90, 195, 255)


STAT_UP = (30, 125, 60)      # a number above the printed one
STAT_DOWN = (165, 40, 40)    # a number below it


class Board:
    """Draw the table's zones and cards for one scene; spin its coins."""

    COIN_R = 45          # the coin's radius; it lies on a dimmed disc COIN_R + 22 wide
    COIN_SPIN = 0.9      # seconds of spinning before the result shows
    COIN_END = 2.2       # seconds until the coin goes away

    def __init__(self, scene):
        self.scene = scene
        self.bg = None
        self.label_rects = []    # where zone names are written (the coin keeps clear of them)
        self.badge_chips = {}
        self.mark_chips = {}
        self.zone_chips = []
        self.coins = []          # [heads, elapsed]
        self.coin_shown = None   # the result word the coin showed last
        self.chip_cache: dict = {}
        self._coin_at = (None, None)
        self._batch = None       # (spots, hover and lit, what draw_cards blitted) while the table is at rest

    def changed(self) -> None:
        """Forget what was drawn from the last view and pre-render the new view's badges."""
        self.bg = None
        self._batch = None
        self._make_badges()

    def tick(self, dt: float) -> None:
        """Run the coins' clocks (a coin waits for the hotseat curtain to lift)."""
        k = max(0.05, self.scene.app.settings.get("anim", 1.0) or 0.0)   # the animation setting scales the coin
        for c in self.coins if self.scene.curtain is None else ():
            c[1] += dt / k
        self.coins = [c for c in self.coins if c[1] < self.COIN_END]

    # --- the cloth and the zones ---------------------------------------------------------------
    def background(self) -> pygame.Surface:
        """Return the table with its zones drawn (rebuilt only when the layout changes)."""
        if self.bg is not None:
            return self.bg
        sc = self.scene
        bg = pygame.Surface(sc.size)
        bg.fill((22, 27, 33))
        pygame.draw.rect(bg, TABLE_BG, sc.area)
        self.label_rects = []
        for z in sc.zones:
            mine = z.owner is None or z.owner == sc.viewer
            col = (40, 92, 66) if mine else (44, 80, 70)
            if z.owner is None:
                col = (60, 80, 60)
            pygame.draw.rect(bg, col, z.rect, border_radius=6)
            pygame.draw.rect(bg, (70, 125, 95), z.rect, 1, border_radius=6)
            label, size = self.zone_label(z)
            s = fonts.text(label, size, (200, 225, 205))
            pos = (z.rect.x + 5, z.rect.y + 1) if mine else (z.rect.x + 5, z.rect.bottom - s.get_height() - 1)
            bg.blit(s, pos)
            self.label_rects.append(s.get_rect(topleft=pos))
        self.bg = bg
        return bg

    def zone_label(self, z) -> tuple[str, int]:
        """Return (a zone's name as written on the table, its font size), fitted to the zone's width.

        Deliberately shortened, in this order: the opponent's "(P2)" goes first (their zones are on
        their half of the table), then the size steps down from 12 to 10 px; only a name that still does
        not fit is cut with '…'."""
        t = self.scene.app.words
        name = t.label(z.spec)
        mine = z.owner is None or z.owner == self.scene.viewer
        choices = [name] if mine else [t("{zone} (P{n})", zone=z.spec.term, n=z.owner + 1), name]
        return fonts.fit_line(choices, z.rect.w - 8)

    @staticmethod
    def zone_chip(text: str, width: int) -> pygame.Surface:
        """Return a zone's text as a chip that fits `width`: one line at 12 or 11 px, else broken into
        lines where it says " · " (HP 3/6 · 7 cards), else cut with '…'."""
        for size in (12, 11):
            if fonts.font(size, True).size(text)[0] <= width - 10:
                return chip(text, size, bold=True, bg=ZONE_CHIP_BG)
        lines = [fonts.fit_line(x, width - 10, (11, 10), bold=True) for x in text.split(" · ")]
        size = min(sz for _, sz in lines)
        return chip_lines([x for x, _ in lines], size, bold=True, bg=ZONE_CHIP_BG)

    def _make_badges(self) -> None:
        """Pre-render each card's badges (counters, controller badges) and each zone's line of text."""
        sc = self.scene
        t = sc.app.words
        pub = sc.view.public if isinstance(sc.view.public, dict) else {}
        badges = pub.get("badges") or {}
        self.badge_chips = {}
        self.mark_chips = {}
        for s in sc.spots:
            stats = self.stat_chips(s.card)
            chips = [chip(tx, 12, bold=True, bg=bg) for tx, bg in stats]
            texts = []
            for name, value in s.card.counters.items():
                if value:
                    texts.append(f"{t.render(sc.rs.words.get('counter.' + name, name))} {value}")
            if s.card.uid is not None:
                texts += [t.render(x) for x in (badges.get(s.card.uid) or badges.get(str(s.card.uid)) or [])]
            shown = {tx for tx, _ in stats}   # a controller badge saying what a stat chip says (ijinden's power) once
            chips += [chip(tx, 12, bold=True, bg=(150, 30, 30)) for tx in texts if tx not in shown]
            if chips:
                self.badge_chips[s.key] = chips[:5]
            marks = sc.tools.marks(s, max(40, s.rect.w - 6)) if s.card.uid is not None else []
            if marks:       # a token's own name and a note, on the card for both players (the free table)
                self.mark_chips[s.key] = marks
        self.zone_chips = []
        ztext = pub.get("zones") or {}
        for z in sc.zones:
            tx = ztext.get(z.key)
            if tx:
                c = self.zone_chip(t.render(tx), z.rect.w - 8)
                mine = z.owner is None or z.owner == sc.viewer
                label, size = self.zone_label(z)
                label_w = fonts.text(label, size).get_width() + 12
                y = z.rect.y + 1 if mine else z.rect.bottom - c.get_height() - 1
                if label_w + c.get_width() > z.rect.w:   # no room beside the name
                    y = z.rect.y + geometry.LABEL_H if mine else z.rect.y + 1
                self.zone_chips.append((z.key, (c, (z.rect.right - c.get_width() - 3, y))))

    def stat_chips(self, card) -> list[tuple[str, tuple]]:
        """Return (text, colour) for each number of the card that differs from the printed one: green
        when it is up, red when it is down, labelled as the ruleset labels the field."""
        if not getattr(card, "stats", None) or card.cid not in self.scene.rs.cards:
            return []
        rs = self.scene.rs
        d = rs.cards[card.cid]
        kind = rs.card_kinds.get(d.kind, {})
        fields = (kind.get("fields") or {}) if isinstance(kind, dict) else {}
        out = []
        for name, now in card.stats.items():
            spec = fields.get(name)
            label = (self.scene.app.words.label(spec) if isinstance(spec, dict) else "") or name.upper()
            up = now > (d.get(name) or 0)
            out.append((f"{label} {now}", STAT_UP if up else STAT_DOWN))
        return out

    # --- the cards -----------------------------------------------------------------------------
    def draw_cards(self, surface, lit) -> None:
        """Draw lit zones, every card where its motion is (badges, pile counts), lit cards and panels, the drag."""
        sc = self.scene
        lit_zones, lit_cards, lit_players = lit
        for z in sc.zones:
            if z.key in lit_zones:
                pygame.draw.rect(surface, LIT, z.rect, 3, border_radius=6)
        drag = sc.pointer.drag
        actors = sc.actor_lit if not drag and not sc.actions.targeting else ()
        # A table at rest (nothing moving, dragged or spread) draws what it drew last frame: the list of
        # pictures and places is kept until the view, the hovered card or the lit cards change.
        still = not drag and sc.inspect is None and not sc.sprites.moving()
        key = (sc.hover_key, lit_cards, actors, sc.pacing.ghost)
        if still and self._batch is not None and self._batch[0] is sc.spots and self._batch[1] == key:
            batch, lit_rects, actor_rects = self._batch[2]
        else:
            batch, lit_rects, actor_rects = self._card_batch(surface, lit_cards, actors)
            self._batch = (sc.spots, key, (batch, lit_rects, actor_rects)) if still else None
        surface.fblits(batch)
        for p in lit_players:
            box = sc.hud.panel_rect(p)
            if box is not None:
                pygame.draw.rect(surface, LIT, box.inflate(6, 6), 3)
        if drag:
            sp, _, _, off = drag
            surf = sc.sprites.art(sp.card, sp.card.tapped, sp.w)
            surface.blit(surf, surf.get_rect(center=(sc.mouse[0] + off[0], sc.mouse[1] + off[1])))

    def _card_batch(self, surface, lit_cards, actors) -> tuple[list, list, list]:
        """Return (the (picture, place) blits of every card, badge, pile count and zone chip; the rects of
        lit cards; the rects of cards that can act). A spread pile's cloth is drawn on `surface` at once,
        over the cards before it."""
        sc = self.scene
        dragged = sc.pointer.dragged
        pile_counts = {}
        batch, lit_rects, actor_rects = [], [], []
        shaded = False
        motions, surface_of, spot_rect = sc.sprites.motions, sc.sprites.surface, layout.spot_rect
        for s in layout.draw_order(sc.spots, sc.hover_key):
            if s.key == dragged:
                continue
            if s.layer >= 1000 and not shaded:   # the spread pile lies on a dark cloth
                shaded = True
                self._pile_counts(batch, pile_counts)
                surface.fblits(batch)
                batch, pile_counts = [], {}
                cloth = pygame.Surface(sc.area.size, pygame.SRCALPHA)
                cloth.fill((0, 0, 0, 170))
                surface.blit(cloth, sc.area)
                title = self._inspect_title()
                surface.blit(title, title.get_rect(midtop=(sc.area.centerx, sc.area.y + 8)))
            m = motions.get(s.key)
            surf = surface_of(s, m)
            r = spot_rect(sc, s)
            if surf.get_size() != r.size:
                r = surf.get_rect(center=r.center)
            batch.append((surf, r))
            if lit_cards and s.card.uid in lit_cards:
                lit_rects.append(r)
            elif (s.card.uid if s.card.uid is not None else s.zone) in actors:
                actor_rects.append(r)
            chips = self.badge_chips.get(s.key)
            if chips:
                y = r.bottom - 4
                for c in chips:
                    y -= c.get_height() + 1
                    batch.append((c, (r.right - c.get_width() + 4, y)))
            marks = self.mark_chips.get(s.key)
            if marks:   # a token's name over the printed one; a note over the card's lower half
                for c, top in marks:
                    y = r.y + 3 if top else r.y + int(r.h * 0.55) - c.get_height() // 2
                    batch.append((c, (r.centerx - c.get_width() // 2, y)))
            if s.layer < 1000:   # a spread card is not its pile's top: the count stays on the pile
                pile_counts[s.zone] = r
        self._pile_counts(batch, pile_counts)
        for _key, c in self.zone_chips:
            batch.append(c)
        for rects, colour in ((actor_rects, ACTOR), (lit_rects, LIT)):   # what can act (blue), targets (lit)
            for r in rects:
                edge = r.inflate(6, 6)
                batch.append((ring(edge.size, colour), edge))
        return batch, lit_rects, actor_rects

    def _pile_counts(self, batch, rects) -> None:
        for z in self.scene.zones:
            if z.spec.kind == "pile" and z.count:
                r = rects.get(z.key)
                if r is not None:
                    c = chip(f"{z.count}", 14, bold=True)
                    batch.append((c, c.get_rect(midbottom=(r.centerx, r.bottom - 4))))

    def _inspect_title(self):
        """Return the spread pile's heading: its name and how to close it."""
        sc = self.scene
        z = layout.zone(sc.zones, sc.inspect)
        t = sc.app.words
        name = t.label(z.spec) if z is not None else str(sc.inspect)
        if z is not None and z.owner is not None:
            name = t("{zone} (P{n})", zone=z.spec.term, n=z.owner + 1)
        return fonts.text(t("{zone} — click beside the cards to close", zone=name), 15, (235, 235, 235), bold=True)

    # --- the coin, the banner, the curtain -----------------------------------------------------
    def coin_spot(self) -> tuple[int, int]:
        """Return where a coin spins: the table's centre, or the nearest point below/above it clear of zone names."""
        bg = self.background()
        if self._coin_at[0] is bg:
            return self._coin_at[1]
        area = self.scene.area
        labels = self.label_rects + [c.get_rect(topleft=xy) for _, (c, xy) in self.zone_chips]
        r = self.COIN_R + 22
        cx, cy = area.center
        self._coin_at = (bg, (cx, cy))
        step = 12
        for k in range(0, area.h // (2 * step)):
            for dy in ((k * step, -k * step) if k else (0,)):
                y = cy + dy
                box = pygame.Rect(cx - r, y - r, 2 * r, 2 * r)
                if area.contains(box) and box.collidelist(labels) < 0:
                    self._coin_at = (bg, (cx, y))
                    return (cx, y)
        return (cx, cy)

    def coin_word(self, heads: bool) -> str:
        """Return the coin's result in the language shown."""
        return self.scene.app.words("heads" if heads else "tails")

    def draw_coins(self, surface) -> None:
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
                land = max(0.0, 1 - (t - self.COIN_SPIN) / 0.15)   # it lands: a short settle from 115 %
                r = round(R * (1 + 0.15 * land))
                pygame.draw.circle(surface, col, (cx, cy), r)
                pygame.draw.circle(surface, (140, 100, 20) if heads else (110, 110, 120), (cx, cy), r, 3)
                word = self.coin_word(heads)
                s = fonts.text(word, 16, (40, 20, 0), bold=True)
                surface.blit(s, s.get_rect(center=(cx, cy)))
                self.coin_shown = word

    def banner(self, surface, text: str) -> None:
        s = fonts.text(text, 26, (255, 255, 255), bold=True)
        r = s.get_rect(center=self.scene.area.center).inflate(40, 24)
        pygame.draw.rect(surface, (20, 20, 30), r, border_radius=10)
        pygame.draw.rect(surface, (240, 200, 90), r, 2, border_radius=10)
        surface.blit(s, s.get_rect(center=r.center))

    def draw_curtain(self, surface) -> None:
        """Cover the table between hotseat turns: nothing of either hand shows."""
        sc = self.scene
        surface.fill((18, 22, 40))
        t = sc.app.words
        s = fonts.text(t("Pass to Player {n} — click when ready", n=sc.curtain + 1), 34, (240, 230, 200), bold=True)
        surface.blit(s, s.get_rect(center=(sc.size[0] // 2, sc.size[1] // 2)))
        sub = fonts.text(t("{game} — turn {n}", game=sc.rs.title, n=sc.view.turn), 18, (160, 170, 190))
        surface.blit(sub, sub.get_rect(center=(sc.size[0] // 2, sc.size[1] // 2 + 44)))
