"""Danmaku's own effect ops: auras (read by `stat`), putting a card onto the field (DM-R8),
and Bomb (DM-R6, DM-D6)."""
from __future__ import annotations

from tabletop.engine.effects import QUEUE, Op
from tabletop.engine.msg import msg

from .rules import PN


# --- game-specific effect ops --------------------------------------------------------------------
def _op_aura(ctl, s, ctx):
    """Do nothing when fired: auras are lasting modifiers read by `Danmaku.stat`."""


def _op_summon(ctl, s, ctx):
    """Let the player put a matching card from their deck or hand onto the field (DM-R8: abilities may)."""
    p, st = ctx["player"], ctx["step"]
    froms = list(st.get("from", ["deck", "hand"]))
    spec = {"side": "own", "zones": froms, "where": dict(st.get("where", {})), "enter": True}
    found = ctl.effect_candidates(s, ctx, spec)
    if not found:
        ctl.log(s, msg("{card}: no card can be put onto the field", card=ctl.card_ref(s, ctx["source"], "all")))
        if "deck" in froms:
            ctl.shuffle(s, f"{p}.deck")
        return
    deck = f"{p}.deck"
    for u in found:
        if s.cards[u].zone == deck:
            ctl.reveal_to(s, u, p)
    step = {"do": "_summon", "target": spec, "optional": True, "text": msg("put a card onto the field")}
    if "deck" in froms:
        step["shuffle"] = deck
    s.data.setdefault(QUEUE, []).insert(0, {"source": ctx["source"], "player": p, "event": {}, "step": step})


def _op_summon_take(ctl, s, ctx):
    t = ctx["target"]
    p = ctx["player"]
    src = s.cards[t].zone
    ctl.enter_field(s, t, f"{p}.familiars")
    ctl.log(s, msg("{player} puts {card} onto the field from {zone}", player=PN(p), card=ctl.card_ref(s, t, "all"),
                   zone=ctl.zone_label(src)))
    if ctx["step"].get("shuffle"):
        ctl.shuffle(s, ctx["step"]["shuffle"])
    ctl.fire(s, t, "enter")


def _op_bomb(ctl, s, ctx):
    """Put the top card of the opponent's deck onto the opponent's side pile (DM-R6, DM-D6)."""
    opp = 1 - ctx["player"]
    deck = s.zones[f"{opp}.deck"]
    if not deck:
        ctl.log(s, msg("{bomb}: {player}'s deck is empty, nothing happens", bomb=ctl.rs.word("bomb"), player=PN(opp)))
        return
    ctl.log(s, msg("{bomb}: the top card of {player}'s deck becomes a side card of {player} ({n} left)",
                   bomb=ctl.rs.word("bomb"), player=PN(opp), n=len(s.zones[f"{opp}.side"]) + 1), kind="move")
    ctl.move(s, deck[-1], f"{opp}.side", face_up=False)     # (the last card: that deck has run out, DM-D5)


# This game's effect ops (its controller's EFFECT_OPS adds them to the shared ones).
OPS = {
    "aura": Op(_op_aura),
    "summon": Op(_op_summon),
    "_summon": Op(_op_summon_take, "card"),
    "bomb": Op(_op_bomb),
}
