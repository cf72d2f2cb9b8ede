"""The table draws each hidden card with its own back (issue 35): a senkai mana card with the mana deck's
back, a main deck card with the main back, in hands, on the table and on piles (a pile's edge too)."""
import pygame

from tabletop.engine import Game
from tabletop.engine.backs import back_groups
from tabletop.ui.faces import BuiltinRenderer

from ui_helpers import table


def _rgba(surf):
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def test_each_hidden_card_is_drawn_with_the_back_of_its_design(app):
    g = Game.new("senkai", seed=4)
    scene = table(app, g)
    scene.curtain, scene.viewer = None, 0
    scene.refresh()
    rs = g.ruleset
    groups = back_groups(rs.path, list(rs.card_kinds))
    mana, main = groups["mana"], groups["monster"]
    drawn = {}
    for s in scene.spots:
        if s.card.cid is not None:
            continue
        assert s.card.back in (mana, main), f"{s.zone}: a hidden card without its back"
        got = scene.sprites.art(s.card, False, s.w)
        assert _rgba(got) == _rgba(scene.renderer.back(s.w, back_id=s.card.back)), s.zone
        assert _rgba(got) == _rgba(scene.renderer.back(s.w, kind="mana" if s.card.back == mana else "spell"))
        drawn.setdefault(s.card.back, set()).add(s.zone)
    # Both designs are on the table: the mana decks, and the main decks, walls and P2's hand.
    assert drawn[mana] == {"0.mana_deck", "1.mana_deck"}
    assert {"0.deck", "1.deck", "0.walls", "1.walls", "1.hand"} <= drawn[main]
    w = scene.cw
    assert _rgba(scene.renderer.back(w, back_id=mana)) != _rgba(scene.renderer.back(w, back_id=main))
    # A pile shows its top card's back, and its edge (the cards drawn below the top) in that back.
    for zone, back in (("1.mana_deck", mana), ("0.deck", main)):
        pile = [s for s in scene.spots if s.zone == zone]
        assert len(pile) == 4 and {s.card.back for s in pile} == {back}
    # And so the frame shows them: the top of P2's mana deck on screen is the mana back, not the main one
    # (compared at points around its edge: the pile's count sits in its middle).
    scene.draw(app.screen)
    r = [s for s in scene.spots if s.zone == "1.mana_deck"][-1].rect
    points = [(x, y) for x in (r.w // 8, r.w // 2, r.w * 7 // 8) for y in (r.h // 8, r.h * 7 // 8)]

    def off(back_id):
        want = scene.renderer.back(r.w, back_id=back_id)
        return sum(abs(a - b) for x, y in points
                   for a, b in zip(app.screen.get_at((r.x + x, r.y + y))[:3], want.get_at((x, y))[:3]))
    assert off(mana) < off(main) / 2, (off(mana), off(main))


def test_a_ruleset_with_one_back_draws_the_one_back(app):
    g = Game.new("monmusu", seed=1)
    scene = table(app, g)
    scene.curtain, scene.viewer = None, 0
    scene.refresh()
    hidden = [s for s in scene.spots if s.card.cid is None]
    assert hidden and all(s.card.back is None for s in hidden)
    for s in hidden:
        assert _rgba(scene.sprites.art(s.card, False, s.w)) == _rgba(scene.renderer.back(s.w))


def test_the_built_in_faces_tell_back_designs_apart(app):
    # A layout that does not load falls back to the built-in faces: back designs still differ there.
    r = BuiltinRenderer(Game.new("senkai", seed=1).ruleset)
    assert _rgba(r.back(80)) == _rgba(r.back(80, back_id=None)) == _rgba(r.back(80, back_id=0))
    assert _rgba(r.back(80, back_id=0)) != _rgba(r.back(80, back_id=1))
