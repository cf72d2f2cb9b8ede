"""Ijinden's own effect ops: 魔力化 (IJ-R27), 復元 (IJ-R29), guardians, keyword grants,
冥府発動's return to the deck (IJ-D7) and the activation condition (IJ-R14)."""
from __future__ import annotations

from tabletop.engine.effects import Op
from tabletop.engine.msg import msg
from tabletop.engine.state import split_key


# --- the game's own ops (the names say what the source's keywords do) -----------------------------
def _op_manaify(ctl, s, ctx):
    """魔力化 (IJ-R27): put the target face down into its owner's mana zone (no feat ability)."""
    t = ctx["target"]
    if t is None or t not in s.cards:
        return
    label = ctl.card_ref(s, t, "all")   # named as everyone saw it before it goes face down
    ctl.move(s, t, f"{s.cards[t].owner}.mana", face_up=False)
    ctl.log(s, msg("{card} is put face down into P{n}'s mana zone ({keyword}, IJ-R27)", card=label,
                   n=s.cards[t].owner + 1, keyword=ctl._kw_word("魔力化")))


def _op_restore(ctl, s, ctx):
    """復元 (IJ-R29): put the target face up into its owner's mana zone."""
    t = ctx["target"]
    if t is None or t not in s.cards:
        return
    ctl.move(s, t, f"{s.cards[t].owner}.mana", face_up=True)
    ctl.log(s, msg("{card} is put face up into P{n}'s mana zone ({keyword}, IJ-R29)", card=ctl.card_ref(s, t, "all"),
                   n=s.cards[t].owner + 1, keyword=ctl._kw_word("復元")))


def _op_guardian(ctl, s, ctx):
    """Put the top n cards of the player's deck face down as guardians."""
    p = ctx["player"]
    ctl.place_guardians(s, p, int(ctx["step"].get("n", 1)))


def _op_gain_keyword(ctl, s, ctx):
    """The target gains a keyword and/or power until the end of the turn (`keyword`, `power`)."""
    t = ctx["target"]
    if t is None or t not in s.cards:
        return
    st = ctx["step"]
    until = st.get("until", "end_of_turn")
    parts = []
    if st.get("power"):
        ctl.add_mod(s, t, "power", int(st["power"]), until, ctx["source"])
        parts.append(ctl._kw_word(f"パワー+{st['power']}"))
    if st.get("keyword"):
        s.cards[t].flags.setdefault("grants", []).append({"kw": st["keyword"], "until": until})
        parts.append(ctl._kw_word(st["keyword"]))
    ctl.log(s, msg("{card} gains {what} this turn", card=ctl.card_ref(s, t, "all"), what=tuple(parts)))


def _op_bottom(ctl, s, ctx):
    """After 冥府発動 the Mahou goes to the bottom of its owner's deck (IJ-D7)."""
    u = ctx["source"]
    c = s.cards[u]
    if split_key(c.zone)[1] == "graveyard":
        ctl.move(s, u, f"{c.owner}.deck", index=0, face_up=False)
        ctl.log(s, msg("{card} goes to the bottom of P{n}'s deck (IJ-D7)", card=ctl.card_ref(s, u, "all"), n=c.owner + 1))


# This game's effect ops (its controller's EFFECT_OPS adds them to the shared ones).
OPS = {
    "manaify": Op(_op_manaify, "card"),
    "restore": Op(_op_restore, "card"),
    "guardian": Op(_op_guardian),
    "gain_keyword": Op(_op_gain_keyword, "card"),
    "ij_bottom": Op(_op_bottom),
    # `{on: condition, do: require, target: …, min/max: N}` states when a Mahou can be activated (IJ-R14);
    # it is checked before use and never fired, so the op itself does nothing.
    "require": Op(lambda ctl, s, ctx: None),
}
