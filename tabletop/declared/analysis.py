"""What `tabletop validate` warns about in a declaration: a game no condition can end."""
from __future__ import annotations

from tabletop.engine.msg import msg

from .schema import declared


def reachable(rs, w) -> bool:
    """Return whether win condition `w` can ever be met by the declared rules and the cards' effects."""
    d = declared(rs)
    k, a = w.kind, w.args
    steps = d.setup + [r for ph in d.phases for r in ph.steps]
    acts = list(d.actions.values())
    effects = [e for c in rs.cards.values() for e in c.effects]
    if k == "turn_limit":
        return True
    if k == "deck_out":
        return any(r.kind == "draw" and r.args["zone"] == a["zone"] for r in steps + acts) or \
            any(e.get("do") == "draw" for e in effects)
    if k == "counter_zero":
        c = a["counter"]
        return any((r.args.get("hit") or {}).get("counter") == c for r in acts) or \
            any((r.args.get("cost") or {}).get("counter") == c for r in acts) or \
            any(e.get("do") in ("damage", "lose_hp") and e.get("value", "hp") == c for e in effects) or \
            d.counters[c]["start"] <= 0
    if k == "reach":
        c = a["counter"]
        return any(r.kind == "gain" and r.args["counter"] == c for r in steps) or \
            any((r.args.get("gain") or {}).get("counter") == c for r in acts) or \
            any(e.get("do") in ("gain_hp", "heal") and e.get("value", "hp") == c for e in effects)
    if k == "breached":
        return any((r.args.get("hit") or {}).get("zone") == a["zone"] for r in acts)
    if k == "count":
        z = a["zone"]
        return any(z in (r.args.get("to") if isinstance(r.args.get("to"), list) else [r.args.get("to")])
                   for r in steps + acts) or any((r.args.get("hit") or {}).get("to") == z for r in acts) or \
            z == d.destroyed_to
    return True


def warnings(rs) -> list[str]:
    """Return `path:line: what is wrong` warnings: no win condition, or none the rules can reach."""
    d = declared(rs)
    if not d.win:
        return [msg("{path}: rules.win: no win condition is declared: the game can never end",
                    path=f"{d.path}:1")]
    out = []
    ok = [w for w in d.win if reachable(rs, w)]
    for w in d.win:
        if w not in ok:
            out.append(msg("{path}: rules.win: {rule} ({kind}) can never be met: nothing in the rules changes what "
                           "it reads", path=f"{d.path}:{w.line}", rule=w.id, kind=w.kind))
    if not ok:
        out.append(msg("{path}: rules.win: no win condition is reachable: the game can never end",
                       path=f"{d.path}:1"))
    return out
