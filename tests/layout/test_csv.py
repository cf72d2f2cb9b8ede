"""Cards from a spreadsheet: cards.csv read like cards.yaml, `tabletop cards R --csv` writes it back."""
import shutil

import pytest

from tabletop import cli
from tabletop.engine.cardcsv import write_cards_csv
from tabletop.engine.errors import DataError, DataErrors
from tabletop.engine.ruleset import _CARD_COMMON, load_ruleset, load_ruleset_dir



def _fields(card):
    return {k: getattr(card, k) for k in _CARD_COMMON} | {"stats": card.stats}


@pytest.mark.parametrize("rid", ["sandbox", "senkai", "fourdeck", "ijinden", "monmusu", "danmaku"])
def test_csv_out_and_in_gives_the_same_cards(rid, tmp_path):
    rs = load_ruleset(rid)
    folder = tmp_path / rid
    shutil.copytree(rs.path, folder)
    write_cards_csv(rs, folder / "cards.csv", _CARD_COMMON)
    (folder / "cards.yaml").unlink()
    again = load_ruleset_dir(folder)
    assert list(again.cards) == list(rs.cards)
    for cid, card in rs.cards.items():
        assert _fields(again.cards[cid]) == _fields(card), cid
    assert again.cards[next(iter(rs.cards))].path.endswith("cards.csv")


def test_the_cli_writes_the_csv(tmp_path, capsys):
    out = tmp_path / "sandbox.csv"
    assert cli.main(["cards", "sandbox", "--csv", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[0].startswith("id,name,name_en,kind")
    assert "12 cards written" in capsys.readouterr().out


def test_csv_problems_name_the_file_and_the_row_line(sandbox_copy):
    (sandbox_copy / "cards.csv").write_text(
        "id,name,kind,cost,power,text\n"
        "a1,一,unit,1,2,ok\n"
        'a2,二,unit,x,2,"two\nlines"\n'       # a text over two lines: the next row starts on line 5
        "a3,三,monster,1,1,\n", encoding="utf-8")
    with pytest.raises(DataErrors) as e:
        load_ruleset_dir(sandbox_copy)
    text = str(e.value)
    csv = sandbox_copy / "cards.csv"
    assert f"{csv}:3: card a2.cost: expected a whole number, found str 'x'" in text
    assert f"{csv}:5: card a3: unknown kind 'monster'" in text
    csv.write_text("id,name,kind,cost\nspark,重複,action,1\n", encoding="utf-8")
    with pytest.raises(DataError, match="cards.csv:2: card spark: the id is used twice \\(first at .*cards.yaml:"):
        load_ruleset_dir(sandbox_copy)


def test_a_csv_alone_is_the_cards(sandbox_copy):
    (sandbox_copy / "cards.yaml").unlink()
    (sandbox_copy / "cards.csv").write_text("id,name,kind,cost,keywords,copies\nx,エックス,unit,2,\"[速攻, 飛行]\",any\n",
                                            encoding="utf-8")
    (sandbox_copy / "ruleset.yaml").write_text((sandbox_copy / "ruleset.yaml").read_text(encoding="utf-8")
                                               .replace("starter_decks: [red_blue, green_blue]", "starter_decks: []"),
                                               encoding="utf-8")
    shutil.rmtree(sandbox_copy / "decks")
    rs = load_ruleset_dir(sandbox_copy)
    x = rs.cards["x"]
    assert (x.cost if hasattr(x, "cost") else x.get("cost"), x.keywords, x.copies) == (2, ("速攻", "飛行"), "any")
    with pytest.raises(DataError):
        (sandbox_copy / "cards.csv").write_text("name,kind\n", encoding="utf-8")
        load_ruleset_dir(sandbox_copy)
