"""Decks as players build them: the model's rule problems, text lists, the user's decks folder, `tabletop deck`."""
import pytest

from tabletop.cli import main
from tabletop.engine import Game
from tabletop.engine.decks import (Deck, DeckError, export_text, find_user_deck, import_text, list_decks, parse_text,
                                   save_user_deck, split_rule, user_decks_dir)
from tabletop.engine.errors import DataError, DataErrors
from tabletop.engine.msg import Msg
from tabletop.engine.ruleset import load_ruleset

RULESETS = ["senkai", "fourdeck", "ijinden", "monmusu", "danmaku", "sandbox"]


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    return tmp_path / "config"


def starter(rid, i=0):
    rs = load_ruleset(rid)
    return Deck.from_list(rs, rs.decks["kiri_yashiro"] if rid == "senkai" and i == 0 else rs.starter(i))


def rules_of(deck):
    return [p.rule for p in deck.problems()]


# --- the model ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", RULESETS)
def test_every_shipped_deck_keeps_the_rules_in_the_model(rid):
    rs = load_ruleset(rid)
    for name, dl in rs.decks.items():
        d = Deck.from_list(rs, dl)
        assert d.problems() == [], (name, d.problems())
        assert d.total() == sum(n for rows in dl.sections.values() for _, n, _ in rows)


def test_sk_r2_a_third_copy_is_named_with_the_rule_and_the_card():
    d = starter("senkai")
    d.add("kappa")
    probs = {p.rule: p for p in d.problems()}
    assert "SK-R2" in probs and probs["SK-R2"].card == "kappa" and probs["SK-R2"].section == "main"
    assert str(probs["SK-R2"]) == "SK-R2: 河童: 3 copies, at most 2 allowed"
    assert isinstance(probs["SK-R2"].message, Msg) and probs["SK-R2"].message.get("rule") == "SK-R2"
    d.remove("kappa")
    assert d.problems() == []


def test_sk_r3_sizes_of_both_decks_come_from_the_controller_with_their_section():
    d = starter("senkai")
    d.remove("ao_no_maryoku", n=2)
    (p,) = d.problems()
    assert p.rule == "SK-R3" and p.section == "mana" and "18 cards" in str(p) and "(SK-R3)" not in str(p)


def test_sk_r2_a_mana_card_goes_to_the_mana_deck_by_itself_and_is_refused_in_the_main_deck():
    d = starter("senkai")
    d.remove("ao_no_maryoku")
    assert d.add("ao_no_maryoku") == "mana"
    d.remove("ao_no_maryoku")
    d.add("ao_no_maryoku", "main")
    assert any(p.rule == "SK-R2" and "a mana card cannot go in" in str(p).lower() and p.card == "ao_no_maryoku"
               for p in d.problems()), d.problems()


def test_fd_r2_a_card_goes_to_the_deck_of_its_level_and_fd_r6_counts_names_over_all_four():
    d = starter("fourdeck")
    rs = d.rs
    lv2 = next(c for c in rs.cards.values() if c.kind == "unit" and c.get("cost") == 2 and not d.count(c.id)
               and not c.get("deck_section"))
    assert d.home_section(lv2.id) == "lv2"
    d.add(lv2.id, "lv1")
    assert set(rules_of(d)) >= {"FD-R2"}
    d.remove(lv2.id)
    twin = next(c for c in rs.cards.values() if c.kind == "unit" and d.count(c.id))
    d.add(twin.id)
    assert "FD-R6" in rules_of(d)


def test_ij_r35_deck_and_side_deck_together_hold_at_most_60_and_the_side_at_most_10():
    d = starter("ijinden")
    assert d.total("side") == 7 and d.total("main") == 40
    room = [c for c in d.rs.cards if d.count(c) == 0 and not d.rs.cards[c].side_only]
    for c in room[:4]:
        d.add(c, "main", 4)      # 56 + 7 side
    assert [p.rule for p in d.problems()] == ["IJ-R35"] and "63 cards together" in str(d.problems()[0])
    d = starter("ijinden")
    d.add(room[0], "side", 4)    # side 11 of at most 10
    assert "IJ-R35" in rules_of(d)


def test_danmaku_side_only_cards_go_to_the_side_and_dm_r6_refuses_them_in_the_deck():
    d = starter("danmaku")
    side = [c for c, n in d.sections["side"].items()]
    assert side and all(d.home_section(c) == "side" for c in side)
    d.remove(side[0])
    d.add(side[0], "main")
    assert "DM-R6" in rules_of(d)


def test_mm_r4_exact_size_and_a_cost_one_monster():
    d = starter("monmusu")
    d.remove(next(iter(d.sections["main"])))
    assert "MM-R4" in rules_of(d)


def test_a_ruleset_without_rule_ids_still_names_where_the_rule_lives():
    d = starter("sandbox")
    d.add(next(iter(d.sections["main"])), n=3)
    assert rules_of(d) == ["deck"]


def test_unknown_cards_and_sections_are_refused_with_a_message():
    d = starter("senkai")
    with pytest.raises(DeckError, match="senkai has no card 'nope'"):
        d.add("nope")
    with pytest.raises(DeckError, match="no section 'side'"):
        d.add("kappa", "side")
    with pytest.raises(DeckError, match="at least 1"):
        d.add("kappa", n=0)


def test_count_total_remove_and_set_count():
    d = Deck(load_ruleset("senkai"), "x")
    d.add("kappa", n=2)
    d.add("ao_no_maryoku", n=5)
    assert (d.count("kappa"), d.total(), d.total("mana")) == (2, 7, 5)
    assert d.remove("kappa", n=5) == 2 and d.count("kappa") == 0
    d.set_count("ao_no_maryoku", "mana", 3)
    assert d.cards() == [("mana", "ao_no_maryoku", 3)]
    d.set_count("ao_no_maryoku", "mana", 0)
    assert d.total() == 0


def test_curve_and_breakdown_count_every_card_once():
    d = starter("senkai")
    c = d.curve()
    assert c["field"] == "cost" and sum(n for _, n in c["bins"]) + c["none"] == d.total() == 60
    assert c["none"] == d.total("mana") == 20          # mana cards have no cost
    kinds = {b["kind"]: b["count"] for b in d.breakdown()}
    assert sum(kinds.values()) == 60 and kinds["mana"] == 20
    assert starter("ijinden").curve()["field"] == "level"
    assert starter("danmaku").curve()["field"] == "req_p"


def test_split_rule():
    assert split_rule("x: 3 cards (FD-R6)") == ("FD-R6", "x: 3 cards")
    assert split_rule("needs a character (DM-R14) first") == ("DM-R14", "needs a character (DM-R14) first")
    assert split_rule("no rule here") == ("deck", "no rule here")


# --- text lists -----------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize("english", [False, True])
def test_every_starter_deck_round_trips_through_text_with_nothing_lost(rid, english):
    rs = load_ruleset(rid)
    for name, dl in rs.decks.items():
        d = Deck.from_list(rs, dl)
        back = import_text(export_text(d, english=english), rs, name=name)
        assert back == d, name
        assert back.to_list().sections == d.to_list().sections


def test_the_text_format_reads_counts_headers_comments_and_english_names():
    rs = load_ruleset("senkai")
    text = ("# my deck\n\n2 河童\nKappa\n２ｘ 濡れ女\n// a comment\n3x Nureonna\n"
            "Mana:\n10 ao_no_maryoku\nyukionna x2\n")
    rs_names = {c.name_en: c.id for c in rs.cards.values()}
    text = text.replace("Kappa", next(n for n in rs_names if rs_names[n] == "kappa"))
    text = text.replace("Nureonna", next(n for n in rs_names if rs_names[n] == "nureonna"))
    d = import_text(text, rs, name="t")
    assert d.sections["main"] == {"kappa": 3, "nureonna": 5}
    assert d.sections["mana"] == {"ao_no_maryoku": 10, "yukionna": 2}


def test_a_name_that_starts_with_a_digit_reads_as_a_name():
    rs = load_ruleset("danmaku")
    one_up = next(c for c in rs.cards.values() if c.name == "1UP")
    d = import_text("Side:\n1UP\n", rs)
    assert d.sections["side"] == {one_up.id: 1}
    assert import_text("Side:\n1 1UP\n", rs).sections["side"] == {one_up.id: 1}


def test_unknown_names_are_reported_with_their_line_and_the_good_lines_kept():
    rs = load_ruleset("senkai")
    d, errors = parse_text("2 河童\n2 河竜\nMana:\n\n4 青の魔カ\nSideboard:\n", rs, "list.txt")
    assert d.sections["main"] == {"kappa": 2}
    texts = [str(e) for e in errors]
    assert texts[0].startswith("list.txt:2: unknown card '河竜' in senkai")
    assert texts[1].startswith("list.txt:5: unknown card '青の魔カ'") and "did you mean 青の魔力" in texts[1]
    assert texts[2].startswith("list.txt:6: unknown section 'Sideboard:'")
    with pytest.raises(DataErrors):
        import_text("2 河竜\n1 x\n", rs)
    with pytest.raises(DataError, match="<text>:1"):
        import_text("0 河童\n", rs)


def test_a_name_two_cards_share_is_exported_as_the_id():
    rs = load_ruleset("senkai")
    d = Deck(rs, "t", sections={"main": {"kappa": 2}})
    kappa = rs.cards["kappa"]
    old = kappa.name_en
    kappa.name_en = rs.cards["nureonna"].name     # another card's printed name
    try:
        assert "2 kappa" not in export_text(d) and "2 河童" in export_text(d)
        kappa.name = rs.cards["nureonna"].name
        assert "2 kappa" in export_text(d)
        assert import_text(export_text(d), rs) == d
    finally:
        kappa.name, kappa.name_en = "河童", old


# --- the user's decks -----------------------------------------------------------------------------
def test_save_list_and_play_a_user_deck_by_name(config):
    rs = load_ruleset("senkai")
    d = starter("senkai", 1)
    d.name, d.title = "my_onibi", "My onibi"
    path = save_user_deck(d)
    assert path == config / "decks" / "senkai" / "my_onibi.yaml" == find_user_deck(rs, "my_onibi")
    assert Deck.load(path, rs) == d
    entries = {e.name: e for e in list_decks(rs)}
    assert entries["my_onibi"].source == "user" and entries["my_onibi"].playable
    assert [e.source for e in list_decks(rs)][:len(rs.decks)] == ["shipped"] * len(rs.decks)
    g = Game.new("senkai", decks=["my_onibi", None], seed=3)
    assert g.decks[0].name == "my_onibi" and g.deck_lists()[0] == {c: n for _, c, n in sorted(d.cards(), key=lambda r: r[1])}


def test_a_shipped_deck_is_never_overwritten_and_a_user_deck_only_when_asked(config):
    rs = load_ruleset("senkai")
    d = starter("senkai")
    before = (rs.path / "decks" / "kiri_yashiro.yaml").read_bytes()
    with pytest.raises(DeckError, match="shipped"):
        save_user_deck(d, overwrite=True)
    assert (rs.path / "decks" / "kiri_yashiro.yaml").read_bytes() == before
    d.name = "mine"
    save_user_deck(d)
    with pytest.raises(DeckError, match="already have"):
        save_user_deck(d)
    d.add("kappa")
    save_user_deck(d, overwrite=True)
    assert Deck.load(find_user_deck(rs, "mine"), rs).count("kappa") == 3


@pytest.mark.parametrize("bad", ["", "../evil", "a/b", ".hidden", " pad", "x" * 65])
def test_bad_deck_names_are_refused(bad):
    d = starter("senkai")
    d.name = bad
    with pytest.raises(DeckError, match="cannot be a deck name"):
        save_user_deck(d)


def test_a_draft_that_breaks_the_rules_is_saved_listed_with_its_problem_and_refused_by_games(config):
    rs = load_ruleset("senkai")
    d = starter("senkai")
    d.name = "draft"
    d.add("kappa")
    save_user_deck(d)
    (entry,) = [e for e in list_decks(rs) if e.name == "draft"]
    assert not entry.playable and any("(SK-R2)" in p for p in entry.problems)
    with pytest.raises((DataError, DataErrors), match="SK-R2"):
        Game.new("senkai", decks=["draft", None])


def test_a_broken_user_deck_file_is_listed_with_its_line_not_a_crash(config):
    folder = user_decks_dir("senkai")
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text("name: broken\nmain: {kappa: two}\n", encoding="utf-8")
    (entry,) = [e for e in list_decks(load_ruleset("senkai")) if e.source == "user"]
    assert entry.name == "broken" and "broken.yaml:2" in entry.problems[0]


def test_shipped_decks_win_over_a_user_deck_of_the_same_name(config):
    rs = load_ruleset("senkai")
    folder = user_decks_dir("senkai")
    folder.mkdir(parents=True)
    (folder / "kiri_yashiro.yaml").write_text(starter("senkai", 1).to_yaml().replace("onibi_march", "kiri_yashiro"),
                                              encoding="utf-8")
    g = Game.new("senkai", decks=["kiri_yashiro", None])
    assert g.decks[0] is rs.decks["kiri_yashiro"]
    (entry,) = [e for e in list_decks(rs) if e.source == "user"]
    assert "shipped deck is picked" in entry.problems[-1]


@pytest.mark.parametrize("env", [{"TABLETOP_CONFIG": "/x/cfg"}, {"XDG_CONFIG_HOME": "/x/xdg"}, {}])
def test_user_decks_live_in_the_same_config_folder_as_the_settings(monkeypatch, env):
    from tabletop.engine import decks
    from tabletop.ui import settings
    for k in ("TABLETOP_CONFIG", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(k, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert decks.config_dir() == settings.config_dir()
    assert user_decks_dir("senkai") == settings.config_dir() / "decks" / "senkai"


# --- the verb ---------------------------------------------------------------------------------------
def test_cli_export_import_check_and_list(tmp_path, capsys, config):
    out = tmp_path / "k.txt"
    assert main(["deck", "senkai", "--export", "kiri_yashiro", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Mana deck:" in text and "2 河童" in text
    assert main(["deck", "senkai", "--import", str(out), "--name", "copy"]) == 0
    assert "keeps every deck rule" in capsys.readouterr().out
    assert Deck.load(find_user_deck(load_ruleset("senkai"), "copy"), load_ruleset("senkai")) == starter("senkai")
    out.write_text(text.replace("2 河童", "3 河童") + "1 河竜\n", encoding="utf-8")
    assert main(["deck", "senkai", "--import", str(out), "--name", "copy2"]) == 1
    err = capsys.readouterr().err
    assert f"{out}:{len(text.splitlines()) + 1}: unknown card '河竜'" in err and "nothing saved" in err
    assert find_user_deck(load_ruleset("senkai"), "copy2") is None
    assert main(["deck", "senkai", "--check", "kiri_yashiro"]) == 0
    out.write_text(text.replace("2 河童", "3 河童"), encoding="utf-8")
    assert main(["deck", "senkai", "--check", str(out)]) == 1
    assert "SK-R2: 河童: 3 copies, at most 2 allowed" in capsys.readouterr().out
    assert main(["deck", "senkai"]) == 0
    listing = capsys.readouterr().out
    assert "kiri_yashiro" in listing and "copy" in listing and "user" in listing
    assert main(["deck", "senkai", "--check", "nope"]) == 1
    assert "no deck named 'nope'" in capsys.readouterr().err
    assert main(["deck", "senkai", "--import", str(out)]) == 2
