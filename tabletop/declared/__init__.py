"""Declared games: a designer's own game, refereed from a `rules:` declaration in YAML, no Python.

    schema.py      the declaration's vocabulary and its loader (`path:line: what is wrong`)
    controller.py  the `declared` controller that enforces any declaration
    evaluate.py    the bots' evaluation, read from the declaration
    text.py        the guide (prompt verbs, briefing) and the player rules page, from the declaration
    analysis.py    `tabletop validate`'s warnings (a game no win condition can end)

A ruleset uses it with `controller: declared` and a `rules:` mapping (docs/rulesets.md, "Declare your
game in 30 minutes"); rulesets/sparkduel and rulesets/ramparts are examples to copy.
"""
