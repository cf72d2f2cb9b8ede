"""Card sprites: each card's cached picture as the viewer sees it, and its slide, turn and flip.

`Sprites.sync` is told where every card belongs after a change; `tick` moves each `Motion` a frame
on; `surface` returns what to blit for a card now. Pictures are cached by card (a hidden card by its
back design), side, angle and width, so a frame blits and never renders a face.
"""
from __future__ import annotations

import math

import pygame

from .. import fonts


class Motion:
    """Where a card is drawn now, sliding to where it belongs; its tap angle and flip progress."""

    __slots__ = ("pos", "src", "dst", "t", "dur", "ang", "ang_src", "ang_dst", "at", "adur", "flip", "look", "hold")

    def __init__(self, pos, ang):
        self.pos = self.src = self.dst = pos
        self.t = self.dur = 0.0
        self.ang = self.ang_src = self.ang_dst = ang
        self.at = self.adur = 0.0
        self.flip = 1.0          # 1 = done; <1 while turning over
        self.look = None
        self.hold = False        # held where it was dropped while its choice waits (drawn ghosted)

    @property
    def moving(self) -> bool:
        return self.t < self.dur or self.at < self.adur or self.flip < 1.0


class Sprites:
    """The cards' pictures and motions for one table (`scene` gives the ruleset, renderer and settings)."""

    def __init__(self, scene):
        self.scene = scene
        self.motions: dict = {}
        self._busy = None        # whether a motion still runs, as of the last tick (None: not known)
        self.rot_cache: dict = {}
        self.art_cache: dict = {}

    def clear(self) -> None:
        """Forget the cached pictures (the card width changed)."""
        self.art_cache.clear()
        self.rot_cache.clear()

    # --- motion -------------------------------------------------------------------------------
    def sync(self, spots, zones) -> None:
        """Start a slide, turn or flip for every card whose place, angle or face changed."""
        anim = self.scene.app.settings.get("anim", 1.0)
        seen = {}
        for s in spots:
            m = self.motions.get(s.key)
            ang = 90.0 if s.tapped else 0.0
            look = (s.card.cid, s.card.face_up)
            if m is None:
                start = self._entry_point(s, zones)
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
        self._busy = None

    def _entry_point(self, spot, zones):
        """Return where a card that just appeared slides in from: its owner's deck, if there is one."""
        if spot.card.uid is not None and self.motions:
            for z in zones:
                if z.spec.kind == "pile" and z.owner == spot.card.owner and "deck" in z.key.split(".", 1)[1]:
                    return z.rect.center
        return spot.center

    def tick(self, dt: float) -> None:
        """Move every motion on by dt seconds (slides ease out; turns and flips are linear)."""
        if self._busy is False:
            return                # nothing has moved since the last tick found every motion done
        for m in self.motions.values():
            if m.hold:
                continue
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
                m.flip = min(1.0, m.flip + dt / max(0.05, 0.2 * self.scene.app.settings.get("anim", 1.0)))
        self._busy = any(m.moving for m in self.motions.values())

    def sliding(self) -> bool:
        """Return whether a card is still sliding (the card under the mouse may change)."""
        return self._busy is not False and any(m.t < m.dur for m in self.motions.values())

    def moving(self) -> bool:
        """Return whether any card still slides, turns or flips (a bot waits for it)."""
        if self._busy is None:
            return any(m.moving for m in self.motions.values())
        return self._busy

    def forget_motions(self) -> None:
        """Drop every motion: the cards stand where the next view puts them (after a jump in time)."""
        self.motions = {}
        self._busy = None

    def restart(self) -> None:
        """Note that a motion was changed from outside (`tick` then runs them all again)."""
        self._busy = None

    # --- pictures -----------------------------------------------------------------------------
    def art(self, card, tapped: bool = False, w: int = 0) -> pygame.Surface:
        """Return the cached surface of a card as the viewer sees it (its back when hidden)."""
        sc = self.scene
        w = w or sc.cw
        key = (card.cid, card.back, card.face_up, tapped, w)
        surf = self.art_cache.get(key)
        if surf is None:
            if card.cid is None or card.cid not in sc.rs.cards:
                base = sc.renderer.back(w, back_id=card.back)   # its back design, where kinds differ
            else:
                base = sc.renderer.face(sc.rs.cards[card.cid], w)
                if not card.face_up:   # a face-down card its owner may look at: dimmed, marked
                    base = base.copy()
                    shade = pygame.Surface(base.get_size(), pygame.SRCALPHA)
                    shade.fill((10, 20, 60, 120))
                    base.blit(shade, (0, 0))
                    t = chip(sc.app.words.render(sc.rs.word("face_down")), 11)
                    base.blit(t, t.get_rect(center=(base.get_width() // 2, base.get_height() // 2)))
            if base.get_width() != w:
                base = pygame.transform.smoothscale(base, (w, round(w * base.get_height() / base.get_width())))
            surf = pygame.transform.rotate(base, -90) if tapped else base
            self.art_cache[key] = surf
        return surf

    def ghost(self, card, w: int) -> pygame.Surface:
        """Return a card half see-through: dropped, waiting for its payment or choice."""
        key = ("ghost", card.cid, card.back, card.face_up, w)
        surf = self.rot_cache.get(key)
        if surf is None:
            surf = self.rot_cache[key] = self.art(card, False, w).copy()
            surf.set_alpha(150)
        return surf

    def _rotated(self, card, ang: float, w: int) -> pygame.Surface:
        step = int(round(ang / 10.0)) * 10
        if step % 90 == 0:
            return self.art(card, step == 90, w)
        key = (card.cid, card.back, card.face_up, step, w)
        surf = self.rot_cache.get(key)
        if surf is None:
            surf = self.rot_cache[key] = pygame.transform.rotozoom(self.art(card, False, w), -step, 1.0)
        return surf

    def _fanned(self, card, ang: float, w: int) -> pygame.Surface:
        """Return a card leaning by `ang` degrees, cached by half degree (a fanned hand is blitted, not rotated)."""
        step = round(ang * 2) / 2
        key = ("fan", card.cid, card.back, card.face_up, step, w)
        surf = self.rot_cache.get(key)
        if surf is None:
            surf = self.rot_cache[key] = pygame.transform.rotozoom(self.art(card, False, w), step, 1.0)
        return surf

    def surface(self, s, m=None) -> pygame.Surface:
        """Return what to blit for spot `s` now: fanned, tapped, mid-turn or mid-flip."""
        if m is not None and m.hold:
            return self.ghost(s.card, s.w)
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


_CHIPS: dict = {}


def chip(text: str, size: int, bold: bool = False, bg=(20, 24, 30)) -> pygame.Surface:
    """Return a small label on a rounded background (cached: badges are blitted, not re-rendered)."""
    key = (text, size, bold, bg)
    s = _CHIPS.get(key)
    if s is None:
        if len(_CHIPS) > 1024:   # counts and zone texts vary game to game: a long session starts afresh
            _CHIPS.clear()
        t = fonts.text(text, size, (255, 255, 255), bold)
        s = pygame.Surface((t.get_width() + 10, t.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(s, (*bg, 225), s.get_rect(), border_radius=6)
        s.blit(t, (5, 1))
        _CHIPS[key] = s
    return s


def chip_lines(lines, size: int, bold: bool = False, bg=(20, 24, 30)) -> pygame.Surface:
    """Return a chip of several lines (a zone text too wide for one line, broken where it says " · ")."""
    if len(lines) == 1:
        return chip(lines[0], size, bold, bg)
    key = (tuple(lines), size, bold, bg)
    s = _CHIPS.get(key)
    if s is None:
        s = _CHIPS[key] = fonts.boxed(lines, size, (255, 255, 255), bg, 225, pad=(5, 1), radius=6, bold=bold)
    return s


_RINGS: dict = {}


def ring(size: tuple[int, int], colour, width: int = 3, radius: int = 6) -> pygame.Surface:
    """Return a rounded outline of `size` (cached: a lit card's edge is blitted, not drawn each frame)."""
    key = (size, colour, width, radius)
    s = _RINGS.get(key)
    if s is None:
        if len(_RINGS) > 256:     # card sizes change with the window: keep the few in use
            _RINGS.clear()
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), width, border_radius=radius)
        _RINGS[key] = s
    return s
