"""A pending choice is answered through the controller's `answer_<kind>` (Controller.answers)."""
from tabletop.engine import Action, Controller, Game


class Asking(Controller):
    id = "_asking"

    def actions(self, s, player):
        if s.pending:
            return self.answers(s, player)
        return [Action.make("ask", player)]

    def answer_pick(self, s, player, pending):
        return [Action.make("pick", player, choice=c) for c in pending["options"]]


def test_answers_lists_the_choice_of_its_player_only(tmp_path):
    g = Game.new("sandbox", seed=1)
    s = g.state
    ctl = Asking(g.ruleset)
    ctl.ask(s, 1, "pick", "pick one", options=["a", "b"])
    assert ctl.actions(s, 1) == [Action.make("pick", 1, choice="a"), Action.make("pick", 1, choice="b")]
    assert ctl.actions(s, 0) == []                        # nobody else acts while a choice waits
    s.pending[0]["kind"] = "unheard_of"
    assert ctl.actions(s, 1) == []                        # a kind with no answer_ method: no answers
    s.pending.clear()
    assert ctl.actions(s, 0) == [Action.make("ask", 0)]


def test_every_games_pending_kinds_have_an_answer_method():
    """The kinds the five games ask (read from their `ask` calls) each have an answer_<kind>."""
    import re
    from pathlib import Path

    import tabletop.games as games
    from tabletop.engine import controller_class
    for rid in ("senkai", "fourdeck", "ijinden", "danmaku", "monmusu"):
        src = "\n".join(p.read_text(encoding="utf-8") for p in Path(games.__file__).parent.joinpath(rid).glob("*.py"))
        kinds = set(re.findall(r'\bask\(\s*s,\s*[^,]+,\s*"(\w+)"', src)) | set(re.findall(r'"kind": "(\w+)"', src))
        cls = controller_class(rid)
        assert kinds, rid
        # fourdeck's partner_hold only keeps a chosen partner hidden behind the other's choice (FD-D15)
        missing = {k for k in kinds - {"partner_hold"} if not hasattr(cls, "answer_" + k)}
        assert not missing, (rid, missing)
