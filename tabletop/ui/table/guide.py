"""Guidance: the prompt line built from the legal actions, and each ruleset's guide data (guide.yaml).

`rulesets/<id>/guide.yaml` holds, in English and Japanese, the words of each action kind (`verbs`),
the kinds whose action hits a player without naming one (`aims: opponent`) and the briefing page.
The prompt line is built only from what the engine says now — whose move it is, the phase, the
pending choice's own prompt and the kinds of the legal actions with the gesture each one takes —
so it cannot promise a move the engine would refuse.
"""
from __future__ import annotations

from pathlib import Path

from tabletop.engine.errors import DataError, DataErrors
from tabletop.engine.guide import load_guide
from tabletop.engine.yamlio import load_yaml
from tabletop.i18n import N_

from ..scene import html_escape

END_KINDS = ("end_phase", "end_turn", "end", "pass", "m_pass")
_scenarios: dict = {}


def text(entry, language: str) -> str:
    """Return an {en, ja} entry in the interface language."""
    if not entry:
        return ""
    return entry.get("ja" if language == "ja" else "en") or entry.get("en", "")


def aims_at(rs, a, viewer_of=None):
    """Return the player an action hits: its `target_player`, else its kind's `aims` (opponent/self), else None."""
    tp = a.get("target_player")
    if tp is not None:
        return tp
    verb = load_guide(rs)[0]["verbs"].get(a.kind)
    if verb and verb.get("aims") and a.get("target") is None and a.get("target_zone") is None:
        return 1 - a.player if verb["aims"] == "opponent" else a.player
    return None


def gesture(acts) -> str:
    """Return how the actions of one kind are done: 'key', 'button', 'drag', 'click', 'click_lit' (an answer)."""
    a = acts[0]
    if a.kind in END_KINDS and all(len(x.args) == 0 for x in acts):
        return "key"
    if any(x.get("card") is not None or x.get("zone") is not None for x in acts):
        if any(x.get(k) is not None for x in acts for k in ("to", "target_zone", "target", "target_player")):
            return "drag"
        return "click"
    if any(x.get(k) is not None for x in acts for k in ("target", "target_zone", "target_player", "from", "source")):
        return "click_lit"
    return "button"


GESTURES = {"key": N_("Space"), "button": N_("button"), "drag": N_("drag"), "click": N_("click"),
            "click_lit": N_("click a lit card"), "aim": N_("click the lit card or the lit player")}


ANSWER_WAYS = {"key": N_("Space"), "button": N_("a button below"), "drag": N_("drag"), "click": N_("click a lit card"),
               "click_lit": N_("click a lit card")}


def phase_label(scene) -> str:
    """Return the current phase in the game's words (its ruleset label, `phase.<id>`, or Setup)."""
    rs, t, cur = scene.rs, scene.app.words, scene.view.phase
    for p in rs.phases:
        if p["id"] == cur:
            return t.label(p)
    return t.render(rs.words.get("phase." + cur) or (t("Setup") if cur in ("setup", None, "") else str(cur)))


def verb_phrases(scene, acts) -> list[str]:
    """Return '<verb> (<gesture>)' per kind of the given actions, in the guide's order, end kinds last."""
    t = scene.app.words
    verbs = load_guide(scene.rs)[0]["verbs"]
    lang = t.language
    kinds: dict = {}
    for a in acts:
        kinds.setdefault(a.kind, []).append(a)
    order = [k for k in verbs if k in kinds] + [k for k in kinds if k not in verbs]
    end = scene.actions.end_action()
    order = [k for k in order if k not in END_KINDS]
    if end is not None and end.kind in kinds:   # of the end kinds, only the one Space does, last
        order.append(end.kind)
    out = []
    for k in order:
        v = verbs.get(k)
        word = text(v, lang) if v else k.replace("_", " ")
        g = gesture(kinds[k])
        if k.endswith(("search_end", "look_end")) and getattr(scene, "tools", None) is not None and scene.tools.open:
            g = "click"   # the private picker (ui/table/tools.py): click a card, then where it goes
        if g == "click" and any(aims_at(scene.rs, a) is not None for a in kinds[k]):
            g = "aim"   # a card that hits a player without naming one: click it, or their lit panel
        out.append(html_escape(t("{verb} ({how})", verb=word, how=t(GESTURES[g]))))
    return out


def join_phrases(t, phrases: list[str]) -> str:
    if t.language == "ja":
        return "・".join(phrases)
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " " + t("or") + " " + phrases[-1]


def prompt_html(scene) -> str:
    """Return the prompt line: whose decision it is, the phase, and what can be done now with which gesture."""
    sc, t = scene, scene.app.words
    v = sc.view
    head = f"<b>{html_escape(phase_label(sc))}</b>"
    if sc.game.is_over():
        return f"<b>{html_escape(t.render(sc.game.outcome().message))}</b>"
    pend = next((p for p in v.pending if p.get("player") == v.to_act), None) or (v.pending[0] if v.pending else None)
    if sc.manual_mode:
        return (f"<b>{html_escape(t('Manual'))}</b>: "
                + html_escape(t("drag, click, right-click anything; moves are logged as manual")))
    if v.to_act is None:
        return head
    who = v.to_act
    if who != sc.viewer or sc.seats[who] is not None:
        name = t("P{n} (bot)", n=who + 1) if sc.seats[who] is not None else t("P{n}", n=who + 1)
        what = t("{who} is choosing", who=name) if pend else t("{who} is playing", who=name)
        line = f"{head} — {html_escape(what)}"
        if pend and pend.get("prompt"):
            line += ": " + html_escape(t.render(pend["prompt"]))
        return line
    mine = t("your move") if not sc.hotseat else t("P{n}, your move", n=who + 1)
    line = f"{head} · {html_escape(mine)} — "
    if pend and pend.get("prompt"):   # a choice: its own words, then how to answer it
        ways = []
        faces = set(sc.choice.actions()) if getattr(sc, "choice", None) is not None else set()
        for a in sc.legal:
            w = N_("click a card") if a in faces else ANSWER_WAYS.get(gesture([a]))   # faces laid over the table
            if w and t(w) not in ways:
                ways.append(t(w))
        how = t("{verb} ({how})", verb="", how=" / ".join(ways)) if ways else ""
        sep = "" if t.language == "ja" else " "
        return line + html_escape(t.render(pend["prompt"])) + sep + html_escape(how.strip())
    phrases = verb_phrases(sc, sc.legal)
    return line + join_phrases(t, phrases) if phrases else line.rstrip(" —")


def briefing_html(scene) -> str:
    """Return the briefing page of the scene's ruleset (and scenario): goal, win, lose, the turn, the gestures."""
    sc, t = scene, scene.app.words
    data, problem = load_guide(sc.rs)
    b = data.get("briefing") or {}
    lang = t.language
    name = sc.rs.name if lang == "ja" or not sc.rs.name_en else sc.rs.name_en
    out = [f"<font color=#ffd84a><b>{html_escape(name)}</b></font>"]
    scen = scenario_info(sc.game)
    if scen:
        out.append(f"<b>{html_escape(t('Scenario'))}: {html_escape(scen['title'])}</b>")
        if scen["description"]:
            out.append(html_escape(scen["description"]))
    if b:
        for key, label in (("goal", N_("Goal")), ("win", N_("How you win")), ("lose", N_("How you lose")),
                           ("length", N_("A game"))):
            if b.get(key):
                out.append(f"<b>{html_escape(t(label))}</b>: {html_escape(text(b.get(key), lang))}")
        if b.get("turn"):
            out.append(f"<b>{html_escape(t('The turn'))}</b>")
            out += ["• " + html_escape(text(x, lang)) for x in b["turn"]]
    else:
        out.append(html_escape(problem or sc.rs.description))
    out.append(f"<b>{html_escape(t('At the table'))}</b>")
    for line in (t("Drag a card onto a lit place to play it (what can act is lit)."),
                 t("Click a card to use it; click a lit target to aim; click a lit player panel to hit that player."),
                 t("Right-click a card for all its actions and a large view."),
                 t("Space ends the phase · Ctrl+Z undo · Esc menu (the game waits) · F1 this page")):
        out.append("• " + html_escape(line))
    return "<br>".join(out)


def scenario_info(game) -> dict | None:
    """Return the scenario's title, description and rule id, or None for a game not started from one."""
    path = getattr(game, "scenario", None)
    if not path:
        return None
    if path not in _scenarios:   # read once: the prompt asks after every change
        _scenarios[path] = _read_scenario(path)
    return _scenarios[path]


def _read_scenario(path) -> dict | None:
    try:
        raw = load_yaml(Path(path))
    except (DataError, DataErrors, OSError):
        return None
    if not isinstance(raw, dict):
        return None
    return {"title": str(raw.get("title") or Path(path).stem), "description": str(raw.get("description") or ""),
            "rule": str(raw.get("rule") or "")}
