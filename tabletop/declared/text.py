"""Words made from a declaration: the guide (prompt-line verbs, briefing) and the player rules page.

Everything is built in both languages at once from the designer's own words (zone, phase, kind and
counter labels, each rule's optional `text: {en, ja}`), so a declared game gets the table's
guidance and its rules page without writing either.

`rules_markdown(rs, lang)` returns the same format as the five games' `rules.<lang>.md`: `## `
section headings, paragraphs, `- ` bullets, and each rule line ending in its id in parentheses `(R3)`.
"""
from __future__ import annotations

from tabletop.engine.msg import Term

from .schema import declared

# What each kind of action is called when the designer gives no `verb:`.
_VERBS = {
    "play": ("play a card", "カードを出す"), "attack": ("attack", "攻撃する"),
    "activate": ("use an ability", "能力を使う"), "move": ("move a card", "カードを移動する"),
    "discard": ("discard a card", "カードを捨てる"), "draw": ("draw a card", "カードを引く"),
}
_TABLE_VERBS = {
    "end_phase": ("end the phase", "フェイズを終える"), "block": ("block with a card", "カードでブロックする"),
    "no_block": ("take the hit", "ブロックしない"), "discard_down": ("discard down to the hand size", "手札を上限まで捨てる"),
    "choose_target": ("choose a target", "対象を選ぶ"), "skip_effect": ("skip the effect", "効果を使わない"),
}


def _en_ja(t):
    return (str.__str__(t), t.ja) if isinstance(t, Term) else (str(t), str(t))


def default_verb(ctl, kind) -> Term:
    r = ctl.d.actions.get(kind)
    if r is not None:
        en, ja = _VERBS[r.kind]
        if r.kind == "play" and r.args.get("kinds"):
            k = [_en_ja(ctl.rs.kind_term(x)) for x in r.args["kinds"]]
            en = f"play a {' or '.join(e for e, _ in k).lower()}"
            ja = f"{'・'.join(j for _, j in k)}を出す"
        return Term(en, ja)
    en, ja = _TABLE_VERBS.get(kind, (kind.replace("_", " "), kind))
    return Term(en, ja)


def _zones(rs, names, lang, both=False):
    """Name zones in words: "A, B or C" ("A, B and C" with `both`), 「A・B・C」 in Japanese."""
    words = [_en_ja(rs.zones[z].term)[0 if lang == "en" else 1] for z in names]
    if lang != "en":
        return "・".join(words)
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + (" and " if both else " or ") + words[-1]


def _counter(d, name, lang):
    return _en_ja(d.counters[name]["term"])[0 if lang == "en" else 1]


def rule_line(rs, r, lang: str) -> str:
    """Return one rule in words, in `lang` ('en' or 'ja'), without its id."""
    if r.text is not None:
        return _en_ja(r.text)[0 if lang == "en" else 1]
    d = declared(rs)
    a, k = r.args, r.kind
    en = lang == "en"
    z = lambda names: _zones(rs, [names] if isinstance(names, str) else names, lang)   # noqa: E731
    c = lambda name: _counter(d, name, lang)   # noqa: E731
    if k == "shuffle":
        return f"Each player shuffles their {z(a['zone'])}." if en else f"各プレイヤーは{z(a['zone'])}をシャッフルする。"
    if k == "draw":
        skip = ((" (not in the first turn of the game)" if en else "（ゲーム最初のターンを除く）")
                if a.get("skip_first_turn") else "")
        return (f"Draw {a['n']} card{'s' if a['n'] != 1 else ''} from your {z(a['zone'])}{skip}." if en
                else f"{z(a['zone'])}からカードを{a['n']}枚引く{skip}。")
    if k == "place":
        down = a.get("face_up") is False
        return (f"Put the top {a['n']} cards of your {z(a['zone'])} into your {z(a['to'])}"
                f"{' face down' if down else ''}." if en
                else f"{z(a['zone'])}の上から{a['n']}枚を{'裏向きで' if down else ''}{z(a['to'])}に置く。")
    if k == "first_player":
        return "A coin decides who goes first." if en else "コイントスで先攻を決める。"
    if k == "untap":
        zs = _zones(rs, a["zones"], lang, both=True)
        return f"Untap your cards in {zs}." if en else f"{zs}の自分のカードをアンタップする。"
    if k == "gain":
        top = a.get("max", d.counters[a["counter"]].get("max"))
        cap = ((f" (at most {top})" if en else f"（最大{top}）") if top is not None else "")
        return f"Gain {a['n']} {c(a['counter'])}{cap}." if en else f"{c(a['counter'])}を{a['n']}増やす{cap}。"
    if k == "set":
        v = c(a["from"]) if "from" in a else a["n"]
        return f"Your {c(a['counter'])} becomes {v}." if en else f"{c(a['counter'])}を{v}にする。"
    if k == "clear_damage":
        return "Damage on cards is removed." if en else "カードのダメージを取り除く。"
    if k == "hand_limit":
        return (f"Discard down to {a['n']} cards in your {z(a['zone'])}." if en
                else f"{z(a['zone'])}が{a['n']}枚になるまで捨てる。")
    if k == "phase":
        ph = rs.phase_term(r.name)
        return (f"The {_en_ja(ph)[0]} phase." if en else f"{_en_ja(ph)[1]}フェイズ。")
    if k in ("play", "attack", "activate", "move", "discard", "draw"):
        return _action_line(rs, d, r, lang)
    if k == "counter_zero":
        return (f"A player whose {c(a['counter'])} falls to 0 loses." if en
                else f"{c(a['counter'])}が0以下になったプレイヤーの負け。")
    if k == "breached":
        return (f"A player attacked with no cards left in their {z(a['zone'])} loses." if en
                else f"{z(a['zone'])}が無い状態で攻撃を受けたプレイヤーの負け。")
    if k == "deck_out":
        return (f"A player who must draw from an empty {z(a['zone'])} loses." if en
                else f"空の{z(a['zone'])}から引かなければならないプレイヤーの負け。")
    if k == "count":
        return (f"A player with {a['n']} cards in their {z(a['zone'])} wins." if en
                else f"{z(a['zone'])}のカードが{a['n']}枚になったプレイヤーの勝ち。")
    if k == "reach":
        return (f"A player who reaches {a['n']} {c(a['counter'])} wins." if en
                else f"{c(a['counter'])}が{a['n']}に達したプレイヤーの勝ち。")
    if k == "turn_limit":
        who = (f"the player with more {c(a['counter'])} wins" if en else f"{c(a['counter'])}が多いプレイヤーの勝ち") \
            if a.get("counter") else ("the game is a draw" if en else "引き分け")
        return f"After turn {a['n']}, {who}." if en else f"{a['n']}ターン目が終わると、{who}。"
    return k


def _cost_words(rs, d, r, lang):
    cost = r.args.get("cost")
    if not cost:
        return ""
    en = lang == "en"
    amount = (_en_ja(rs.stat_term(cost["field"]))[0 if en else 1] if "field" in cost else str(cost.get("n", 0)))
    if "counter" in cost:
        return (f" Pay its {amount} in {_counter(d, cost['counter'], lang)}." if en and "field" in cost
                else f" Pay {amount} {_counter(d, cost['counter'], lang)}." if en
                else f"{_counter(d, cost['counter'], lang)}で{amount}を支払う。")
    zone = _zones(rs, [cost["tap"]], lang)
    color = (" (one of them of the card's colour)" if en else "（1枚はカードと同じ色）") if cost.get("color") else ""
    return (f" Tap cards in your {zone} equal to its {amount}{color}." if en
            else f"{zone}のカードを{amount}枚タップして支払う{color}。")


def _action_line(rs, d, r, lang):
    a, k = r.args, r.kind
    en = lang == "en"
    z = lambda names: _zones(rs, [names] if isinstance(names, str) else names, lang)   # noqa: E731
    verb = _en_ja(a.get("verb") or default_verb(_Ctl(d, rs), r.name))[0 if en else 1]
    kinds = ""
    if a.get("kinds"):
        words = [_en_ja(rs.kind_term(x))[0 if en else 1] for x in a["kinds"]]
        kinds = " or ".join(words) if en else "・".join(words)
    if k == "play":
        face = (" face down" if en else "裏向きで") if a.get("face_up") is False else ""
        body = (f"Put a {kinds or 'card'} from your {z(a['from'])} into your {z(a['to'])}{face}." if en
                else f"{z(a['from'])}の{kinds or 'カード'}を{face}{z(a['to'])}に出す。")
    elif k == "attack":
        parts = []
        if a["targets"]:
            parts.append(f"an opposing card in {z(a['targets'])}" if en else f"相手の{z(a['targets'])}のカード")
        if a["player"]:
            parts.append("the opposing player" if en else "相手プレイヤー")
        body = (f"A card in your {z(a['from'])} attacks {' or '.join(parts)}." if en
                else f"{z(a['from'])}のカードで{'か'.join(parts)}を攻撃する。")
        if a.get("tap"):
            body += " The attacker taps." if en else "攻撃したカードはタップする。"
        if a.get("sickness"):
            body += (" A card cannot attack in the turn it entered play." if en
                     else "出したターンには攻撃できない。")
        if a.get("facing"):
            body += (" It attacks only the card in the zone across the table from it (your left faces their right)." if en
                     else "向かい合う（自分の左と相手の右）ゾーンのカードだけを攻撃できる。")
        if a.get("guarded"):
            body += (" The player can be attacked only when no opposing card stands in the way." if en
                     else "間に相手のカードがいるとプレイヤーは攻撃できない。")
        hit = a.get("hit") or {}
        if "counter" in hit:
            body += (f" A hit player loses {_counter(d, hit['counter'], lang)} equal to the attacker's "
                     f"{_en_ja(rs.stat_term(d.attack))[0]}." if en
                     else f"攻撃を受けたプレイヤーは{_en_ja(rs.stat_term(d.attack))[1]}分の"
                          f"{_counter(d, hit['counter'], lang)}を失う。")
        elif "zone" in hit:
            body += (f" A hit player loses the top card of their {z(hit['zone'])}." if en
                     else f"攻撃を受けたプレイヤーは{z(hit['zone'])}の1枚を失う。")
        if a.get("block"):
            body += (f" The defender may block an attack on them with an untapped card in {z(a['block'])}." if en
                     else f"防御側は{z(a['block'])}のアンタップのカードでブロックできる。")
    elif k == "activate":
        body = (f"Use the ability of a card in your {z(a['from'])}{' by tapping it' if a.get('tap') else ''}, "
                "once a turn." if en else
                f"{z(a['from'])}のカードの能力を{'タップして' if a.get('tap') else ''}使う（1ターンに1回）。")
    elif k == "move":
        body = (f"Move a card of yours from {z(a['from'])} to {z(a['to'])}{'; it taps' if a.get('tap') else ''}." if en
                else f"自分のカードを{z(a['from'])}から{z(a['to'])}へ移す{'（タップする）' if a.get('tap') else ''}。")
    elif k == "discard":
        gain = a.get("gain")
        more = ((f" Gain {gain.get('n', 1)} {_counter(d, gain['counter'], lang)}." if en
                 else f"{_counter(d, gain['counter'], lang)}を{gain.get('n', 1)}得る。") if gain else "")
        body = (f"Discard a card from your {z(a['from'])}.{more}" if en else f"{z(a['from'])}のカードを1枚捨てる。{more}")
    else:
        body = (f"Draw {a['n']} card{'s' if a['n'] != 1 else ''}." if en else f"カードを{a['n']}枚引く。")
    body += _cost_words(rs, d, r, lang)
    if a.get("once_per_turn"):
        body += " Once per turn." if en else "1ターンに1回。"
    if a.get("first_turn") is False:
        body += " Not in the first player's first turn." if en else "先攻の最初のターンにはできない。"
    return f"{verb[:1].upper() + verb[1:] if en else verb}: {body}" if en else f"{verb}：{body}"


class _Ctl:
    """Just enough of a controller for `default_verb` (the rules page has no game)."""

    def __init__(self, d, rs):
        self.d, self.rs = d, rs


def _win_sentence(rs, d, lang, lose=False):
    lines = [rule_line(rs, w, lang) for w in d.win]
    return (" " if lang == "en" else "").join(lines)


def guide_data(rs) -> dict:
    """Return guide data in `load_guide`'s shape: verbs (each action kind) and the briefing."""
    d = declared(rs)
    ctl = _Ctl(d, rs)
    verbs = {}
    for name, r in d.actions.items():
        en, ja = _en_ja(r.args.get("verb") or default_verb(ctl, name))
        verbs[name] = {"en": en, "ja": ja, "aims": ""}
    for k in _TABLE_VERBS:
        en, ja = _TABLE_VERBS[k]
        verbs[k] = {"en": en, "ja": ja, "aims": ""}
    if d.goal is not None:
        goal_en, goal_ja = _en_ja(d.goal)
    else:
        goal_en = str(rs.description).strip() or f"Play {rs.name_en}."
        goal_ja = f"{rs.name}で遊ぶ。"
    win_en = _win_sentence(rs, d, "en") or "No win condition is declared."
    win_ja = _win_sentence(rs, d, "ja") or "勝利条件は宣言されていない。"
    turn = []
    for ph in d.phases:
        en_ph, ja_ph = _en_ja(rs.phase_term(ph.id))
        steps_en = " ".join(rule_line(rs, r, "en") for r in ph.steps)
        steps_ja = "".join(rule_line(rs, r, "ja") for r in ph.steps)
        if ph.actions:
            acts_en = ", ".join(_en_ja(verbs[a]["en"])[0] for a in ph.actions)
            acts_ja = "・".join(verbs[a]["ja"] for a in ph.actions)
            steps_en = (steps_en + " " if steps_en else "") + f"You may: {acts_en}; then end the phase."
            steps_ja += f"できること：{acts_ja}。終えたらフェイズを終える。"
        else:
            steps_en += " (automatic)"
            steps_ja += "（自動）"
        turn.append({"en": f"{en_ph}: {steps_en.strip()}", "ja": f"{ja_ph}：{steps_ja}"})
    return {"verbs": verbs, "briefing": {
        "goal": {"en": goal_en, "ja": goal_ja},
        "win": {"en": win_en, "ja": win_ja},
        "lose": {"en": "You lose the same way: " + win_en, "ja": "同じ条件で自分も負ける：" + win_ja},
        "turn": turn}}


def rules_markdown(rs, lang: str = "en") -> str:
    """Return the player rules page of a declared game in `lang` ('en' or 'ja'), in the five games'
    format (rulesets/<id>/rules.<lang>.md): a `# ` title, then the `## ` sections Overview, Components,
    Setting up, The turn, Attacking, How to win, Keywords, Good to know; paragraphs and `- ` bullets;
    each rule ending in its id in the language's brackets, `(R3)` or `（R3）`."""
    d = declared(rs)
    en = lang == "en"
    i = 0 if en else 1
    ref = (lambda rid: f" ({rid})") if en else (lambda rid: f"（{rid}）")   # noqa: E731
    title = rs.name_en if en else rs.name
    out = [f"# {title}", ""]

    def section(en_name, ja_name):
        if out[-1] != "":
            out.append("")
        out.extend([f"## {en_name if en else ja_name}"])

    def bullet(r):
        out.append(f"- {rule_line(rs, r, lang)}{ref(r.id)}")

    section("Overview", "概要")
    if d.goal is not None:
        out.append(_en_ja(d.goal)[i])
    elif en and str(rs.description).strip():
        out.append(" ".join(str(rs.description).split()))
    else:
        out.append(f"{rs.name}は2人用のカードゲーム。" if not en else f"{rs.name_en} is a card game for two players.")

    section("Components", "用意するもの")
    for sec, spec in rs.deck.items():
        name = _en_ja(rs.section_term(sec))[i]
        size = spec.get("size")
        copies = spec.get("max_copies")
        if en:
            out.append(f"- **{name}**: {f'{size} cards' if size else 'a deck'}"
                       f"{f', at most {copies} copies of a card' if copies else ''}.")
        else:
            out.append(f"- **{name}**：{f'{size}枚' if size else 'デッキ'}"
                       f"{f'、同じカードは{copies}枚まで' if copies else ''}。")
    for kind, spec in rs.card_kinds.items():
        fields = [f for f in (spec.get("fields") or {}) if f in (d.attack, d.health, "cost") or
                  any((r.args.get("cost") or {}).get("field") == f for r in d.actions.values())]
        words = [_en_ja(rs.field_term(kind, f))[i] for f in dict.fromkeys(fields)]
        name = _en_ja(rs.kind_term(kind))[i]
        out.append(f"- **{name}**: {', '.join(words) or 'a card'}." if en
                   else f"- **{name}**：{'・'.join(words) or 'カード'}。")
    zones = [_en_ja(spec.term)[i] for spec in rs.zones.values()]
    out.append(f"- **Zones** for each player: {', '.join(zones)}." if en
               else f"- 各プレイヤーの**領域**：{'・'.join(zones)}。")

    section("Setting up", "準備")
    for r in d.setup:
        bullet(r)

    section("The turn", "ターンの流れ")
    out.append("Each turn goes through these phases in order." if en else "各ターンは次のフェイズを順に進む。")
    for ph in d.phases:
        name = _en_ja(rs.phase_term(ph.id))[i]
        if ph.actions:
            verbs = [_en_ja(d.actions[a].args.get("verb") or default_verb(_Ctl(d, rs), a))[i] for a in ph.actions]
            body = (f"in any order, as often as the rules allow: {', '.join(verbs)}; then end the phase." if en
                    else f"好きな順で：{'・'.join(verbs)}。終えたらフェイズを終える。")
        else:
            body = "it runs by itself." if en else "自動で進む。"
        out.append(f"- **{name}{' phase' if en else 'フェイズ'}**{': ' if en else '：'}{body}{ref(ph.rule.id)}")
        for r in ph.steps:
            bullet(r)
    for r in d.actions.values():
        if r.kind != "attack":
            bullet(r)

    attacks = [r for r in d.actions.values() if r.kind == "attack"]
    if attacks or d.attack or d.health:
        section("Attacking", "攻撃")
        for r in attacks:
            bullet(r)
        out.append("")   # a paragraph, not the last bullet's continuation
        atk = _en_ja(rs.stat_term(d.attack))[i] if d.attack else ""
        hp = _en_ja(rs.stat_term(d.health))[i] if d.health else ""
        dest = _zones(rs, [d.destroyed_to], lang)
        if en:
            out.append(f"An attacking card deals damage equal to its {atk}"
                       f"{', and the card it attacks strikes back the same way' if d.strike_back else ''}. "
                       f"A card whose damage reaches its {hp} is destroyed and goes to its owner's {dest}. "
                       + ("Damage is removed at the end of each turn." if d.damage == "end_of_turn"
                          else "Damage stays on a card until it leaves play."))
        else:
            out.append(f"攻撃したカードは{atk}に等しいダメージを与える"
                       f"{'（攻撃されたカードも同じように反撃する）' if d.strike_back else ''}。"
                       f"ダメージが{hp}以上になったカードは破壊され、持ち主の{dest}に置かれる。"
                       + ("ダメージは各ターンの終わりに取り除かれる。" if d.damage == "end_of_turn"
                          else "ダメージはカードが場を離れるまで残る。"))

    section("How to win", "勝敗")
    for w in d.win:
        bullet(w)

    section("Keywords", "用語")
    for spec in d.counters.values():
        word = _en_ja(spec["term"])[i]
        out.append(f"- **{word}**: a number each player has, {spec['start']} at the start." if en
                   else f"- **{word}**：各プレイヤーが持つ数。最初は{spec['start']}。")
    for role, f in (("attack", d.attack), ("health", d.health)):
        if f:
            word = _en_ja(rs.stat_term(f))[i]
            out.append((f"- **{word}**: the damage a card deals when it attacks." if role == "attack"
                        else f"- **{word}**: the damage a card can take before it is destroyed.") if en
                       else (f"- **{word}**：攻撃したときに与えるダメージ。" if role == "attack"
                             else f"- **{word}**：このダメージを受けると破壊される。"))
    tap = _en_ja(rs.word("tap"))[i]
    out.append(f"- **{tap.capitalize()}**: turn a card sideways; a tapped card has been used this turn." if en
               else f"- **{tap}**：カードを横にする。このターンに使ったしるし。")

    section("Good to know", "知っておきたいこと")
    for spec in rs.zones.values():
        name = _en_ja(spec.term)[i]
        if spec.visibility == "hidden":
            out.append(f"- {name}: nobody sees these cards." if en else f"- {name}：誰も見られない。")
        elif spec.visibility == "owner":
            out.append(f"- {name}: only its owner sees these cards." if en else f"- {name}：持ち主だけが見られる。")
        elif not spec.face_up:
            out.append(f"- {name}: cards here lie face down; nobody sees them until they turn over." if en
                       else f"- {name}：裏向きで置かれ、表になるまで誰も見られない。")
    out.append("- A move the rules refuse is refused with the id of the rule, as written on this page." if en
               else "- ルールに合わない操作は、このページのルール番号を添えて断られる。")
    return "\n".join(out).rstrip() + "\n"
