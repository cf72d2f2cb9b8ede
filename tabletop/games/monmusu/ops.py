"""This ruleset's effect ops (`_op_*`, in `OPS`, its controller's `EFFECT_OPS`): cast and recast (MM-R34..R36),
charge mana, put out (MM-R23, MM-D10, MM-D16), cancel an attack, [永続] steps.
"""
from __future__ import annotations

from tabletop.engine.effects import Op
from tabletop.engine.msg import msg

from .rules import _p, SUMMON_KEYS


def _op_cast_ct(ctl, s, ctx):
    t = ctx["target"]
    if t is None or not ctl.is_monster(s, t):
        return
    n = ctx["step"].get("n")
    ctl.cast_monster(s, t, None if n is None else int(n))
    ctl.log(s, msg("{card}: {state}, CT {ct}", card=ctl.card_ref(s, t, "all"), state=ctl.rs.word("tapped"),
                   ct=s.cards[t].flags["ct"]))


def _op_recast(ctl, s, ctx):
    t = ctx["target"]
    if t is None or not ctl.is_monster(s, t):
        return
    ctl.recast_monster(s, t)
    ctl.log(s, msg("{card}: {state}", card=ctl.card_ref(s, t, "all"), state=ctl.rs.word("untapped")))


def _op_charge_mana(ctl, s, ctx):
    p = ctx["player"]
    pile = s.zones[f"{p}.deck"]
    for _ in range(int(ctx["step"].get("n", 1))):
        if not pile:
            break
        u = pile[-1]
        ctl.move(s, u, f"{p}.mana", face_up=True, tapped=False)
        ctl.log(s, msg("{player} puts {card} from the deck into the mana zone", player=_p(p),
                       card=ctl.card_ref(s, u, "all")))


def _op_put_out(ctl, s, ctx):
    """Put a card into the battle zone (出す, MM-R23): no cost, not a summon, no time."""
    t = ctx["target"]
    if t is None:
        return
    p = s.cards[t].owner
    same = ctl.same_monster(s, p, s.cards[t].cid)
    if same is not None and ctl.down(s, same):
        ctl.log(s, msg("{target} is down: {card} cannot be put onto it ({rule})", target=ctl.card_ref(s, same, "all"),
                       card=ctl.card_ref(s, t, None), rule="MM-D10"))
        return
    if same is not None:
        slot = s.cards[same].zone
        tapped = s.cards[same].tapped
        ctl.move(s, t, slot, face_up=True, tapped=tapped)
        for m in list(s.cards[same].attached):
            ctl.attach(s, m, t)
        ctl.attach(s, same, t)
        flags = dict(s.cards[same].flags)
        s.cards[same].flags.clear()
        s.cards[t].flags.update({k: v for k, v in flags.items() if k in ("ct", "since")})
        ctl.log(s, msg("{card} is put onto {target} ({rule})", card=ctl.card_ref(s, t, "all"),
                       target=ctl.card_ref(s, same, None), rule="MM-R23"))
        return
    # MM-D16: the first empty space of the battle zone, the sub (front) row first.
    free = [key for key in SUMMON_KEYS[p] if not s.zones[key]]
    if not free:
        ctl.log(s, msg("no empty space in the battle zone: {card} stays where it is ({rule})",
                       card=ctl.card_ref(s, t, "all"), rule="MM-D16"))
        return
    ctl.move(s, t, free[0], face_up=True, tapped=True)
    ctl.cast_monster(s, t, 0)
    ctl.log(s, msg("{card} is put into {zone} (put out, not a summon, {rule})", card=ctl.card_ref(s, t, "all"),
                   zone=ctl.zone_label(s.cards[t].zone), rule="MM-R23"))


def _op_cancel_attack(ctl, s, ctx):
    b = s.data.get("battle")
    if b:
        b["cancelled"] = True
        ctl.log(s, msg("the attack is cancelled"))


def _op_static(ctl, s, ctx):
    """[永続] steps are read by the controller (`pow`), never fired."""


# This game's effect ops (its controller's EFFECT_OPS adds them to the shared ones).
OPS = {
    "cast_ct": Op(_op_cast_ct, "card"),
    "recast": Op(_op_recast, "card"),
    "charge_mana": Op(_op_charge_mana),
    "put_out": Op(_op_put_out, "card"),
    "cancel_attack": Op(_op_cancel_attack),
    "pow_per_material": Op(_op_static),
    "pow_aura": Op(_op_static),
}
