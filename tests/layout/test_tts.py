"""The Tabletop Simulator export (issue 35): a sheet series and a back per kind's back, every copy in the
saved object TTS imports (copies: or --deck), and its JSON shaped as TTS reads it."""
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pygame

from tabletop.engine.ruleset import load_ruleset_dir
from tabletop.layout.export import export_cards


def _file(url: str) -> Path:
    assert url.startswith("file://")
    return Path(unquote(urlparse(url).path))


def _deck(tmp_path, folder, deck=None):
    rs = load_ruleset_dir(folder)
    res = export_cards(rs, tmp_path, dpi=150, tts=True, pdf=False, deck=deck, workers=1)
    saved = json.loads(next(p for p in res.tts if p.suffix == ".json").read_text(encoding="utf-8"))
    (obj,) = saved["ObjectStates"]
    return rs, obj


def test_the_saved_object_is_one_deckcustom_with_a_customdeck_entry_per_sheet(designer_game, tmp_path):
    rs, obj = _deck(tmp_path, designer_game)
    assert obj["Name"] == "DeckCustom"
    assert set(obj["CustomDeck"]) == {"1", "2"}
    for d in obj["CustomDeck"].values():
        assert set(d) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
        face = pygame.image.load(str(_file(d["FaceURL"])))
        back = pygame.image.load(str(_file(d["BackURL"])))
        assert face.get_width() == d["NumWidth"] * back.get_width()
        assert face.get_height() == d["NumHeight"] * back.get_height()
    # every copy: hero 3, guard 1, bolt 2, mend 1 — DeckIDs and the contained cards agree, in order
    ids = obj["DeckIDs"]
    assert len(ids) == 7 and [c["CardID"] for c in obj["ContainedObjects"]] == ids
    by_card = {}
    for c in obj["ContainedObjects"]:
        by_card.setdefault(c["GMNotes"], set()).add(c["CardID"])
        assert c["Name"] == "Card" and set(c["CustomDeck"]) == {str(c["CardID"] // 100)}
    assert {k: len(v) for k, v in by_card.items()} == {"hero": 1, "guard": 1, "bolt": 1, "mend": 1}
    assert sorted(ids.count(next(iter(v))) for v in by_card.values()) == [1, 1, 2, 3]


def test_each_card_gets_its_own_kinds_back(designer_game, tmp_path):
    rs, obj = _deck(tmp_path, designer_game)
    for c in obj["ContainedObjects"]:
        back = pygame.image.load(str(_file(c["CustomDeck"][str(c["CardID"] // 100)]["BackURL"])))
        middle = back.get_at((back.get_width() // 2, back.get_height() * 3 // 4))[:3]
        if rs.cards[c["GMNotes"]].kind == "action":    # the drawn back: #203040
            assert middle == (0x20, 0x30, 0x40), c["GMNotes"]
        else:                                          # the picture back: grey/green stripes
            assert middle != (0x20, 0x30, 0x40) and max(abs(a - b) for a, b in zip(middle, (0x20, 0x30, 0x40))) > 30


def test_a_deck_list_gives_the_copies(designer_game, tmp_path):
    rs, obj = _deck(tmp_path, designer_game, deck="green_blue")   # guard 4, mend 4, bolt 2
    names = [c["GMNotes"] for c in obj["ContainedObjects"]]
    assert sorted(names) == sorted(["guard"] * 4 + ["mend"] * 4 + ["bolt"] * 2)
    assert len(obj["DeckIDs"]) == 10
