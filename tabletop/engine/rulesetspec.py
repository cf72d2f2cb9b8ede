"""What a ruleset folder's ruleset.yaml and cards.yaml may say: their schemas (checked by yamlio's
Checker), the table options every ruleset has, the default words, and the check that each word is
given in both languages. Loading is ruleset.py's.
"""
from __future__ import annotations

from .msg import Term, msg
from .yamlio import Checker, YMap

# --- specs ------------------------------------------------------------------------------------
_ZONE = {"type": "map", "fields": {
    "label": {"type": "str", "required": True},
    "label_en": {"type": "str", "default": ""},
    "kind": {"type": "str", "default": "row", "choices": ["pile", "hand", "row", "slot"]},
    "visibility": {"type": "str", "default": "public", "choices": ["public", "owner", "hidden"]},
    "facedown_seen_by": {"type": "str", "default": "nobody", "choices": ["owner", "nobody"]},
    "face_up": {"type": "bool", "default": True},
    "capacity": {"type": "int", "default": 0, "min": 0},
    "rect": {"type": "list", "items": {"type": "float"}, "default": [0, 0, 0.1, 0.1]},
    "shared": {"type": "bool", "default": False},
    "group": {"type": "str", "default": ""},
    "inspect": {"type": "bool", "default": False},
    "doc": {"type": "str", "default": ""},
}}
_PHASE = {"type": "map", "fields": {
    "id": {"type": "str", "required": True},
    "label": {"type": "str", "required": True},
    "label_en": {"type": "str", "default": ""},
}}
_FIELD = {"type": "map", "fields": {
    "type": {"type": "str", "default": "int", "choices": ["int", "str", "bool", "list", "map", "float"]},
    "required": {"type": "bool", "default": False},
    "default": {"type": "any"},
    "min": {"type": "float"},
    "max": {"type": "float"},
    "choices": {"type": "list"},
    "label": {"type": "str", "default": ""},
    "label_en": {"type": "str", "default": ""},
}}
_KIND = {"type": "map", "fields": {
    "label": {"type": "str", "required": True},
    "label_en": {"type": "str", "default": ""},
    "fields": {"type": "map", "values": _FIELD, "default": {}},
}}
_SECTION = {"type": "map", "fields": {
    "label": {"type": "str", "default": ""},
    "label_en": {"type": "str", "default": ""},
    "zone": {"type": "str", "default": "deck"},
    "size": {"type": "int", "min": 0},
    "min": {"type": "int", "min": 0},
    "max": {"type": "int", "min": 0},
    "max_copies": {"type": "int", "min": 1},
    "kinds": {"type": "list", "items": {"type": "str"}},
    "where": {"type": "map", "default": {}},
    "required": {"type": "bool", "default": True},
    "rules": {"type": "map", "values": {"type": "str"}, "default": {}},
}}
_COLOR = {"type": "map", "fields": {
    "label": {"type": "str", "required": True},
    "label_en": {"type": "str", "default": ""},
    "rgb": {"type": "str", "default": "#888888"},
}}
_OPTION = {"type": "map", "fields": {
    "label": {"type": "str", "required": True},
    "label_en": {"type": "str", "default": ""},
    "type": {"type": "str", "default": "bool", "choices": ["bool", "int", "choice"]},
    "default": {"type": "any"},
    "choices": {"type": "list"},
    "doc": {"type": "str", "default": ""},
}}


# Options every ruleset has, after its own (the table's, not the rules'): set like any option
# (`--option open_decklists=true`, the new-game page) and kept in saves.
TABLE_OPTIONS = {
    "open_decklists": {"label": "デッキリスト公開", "label_en": "Open deck lists", "type": "bool", "default": False,
                       "doc": "each player's view holds the opponent's deck list (tournaments with open lists, "
                              "designers' test games); off, a player knows only their own list"},
}
RULESET_SPEC = {"type": "map", "fields": {
    "id": {"type": "str", "required": True},
    "name": {"type": "str", "required": True},
    "name_en": {"type": "str", "default": ""},
    "controller": {"type": "str", "required": True},
    "description": {"type": "str", "default": ""},
    "parameters": {"type": "map", "default": {}},
    "options": {"type": "map", "values": _OPTION, "default": {}},
    "words": {"type": "map", "values": {"type": "map", "fields": {
        "label": {"type": "str", "default": ""}, "label_en": {"type": "str", "default": ""}}}, "default": {}},
    "hidden_phases": {"type": "list", "items": {"type": "str"}, "default": []},
    "colors": {"type": "map", "values": _COLOR, "default": {}},
    "attributes": {"type": "list", "items": {"type": "str"}, "default": []},
    "phases": {"type": "list", "items": _PHASE, "default": []},
    "card_kinds": {"type": "map", "values": _KIND, "required": True},
    "deck": {"type": "map", "values": _SECTION, "required": True},
    "zones": {"type": "map", "values": _ZONE, "required": True},
    "starter_decks": {"type": "list", "items": {"type": "str"}, "default": []},
    "players": {"type": "map", "values": {"type": "any"}, "default": {}},
    "rules": {"type": "any"},        # a declared game's rules (tabletop/declared/schema.py)
}}
DEFAULT_WORDS = {"tapped": Term("tapped", "タップ"), "untapped": Term("untapped", "アンタップ"),
                 "tap": Term("tap", "タップする"), "untap": Term("untap", "アンタップする"),
                 "face_down": Term("face down", "裏向き"), "face_up": Term("face up", "表向き")}


def _bilingual(chk: Checker, node, where: str, line: int, required: bool = True) -> None:
    """Record an error when a word of the ruleset is given in one language only (label ja, label_en en)."""
    ja, en = node.get("label") or "", node.get("label_en") or ""
    if ja and not en:
        chk.error(line, msg("{where}: the English word (label_en) is missing beside label {ja!r}", where=where, ja=ja))
    elif en and not ja:
        chk.error(line, msg("{where}: the Japanese word (label) is missing beside label_en {en!r}", where=where, en=en))
    elif required and not ja and not en:
        chk.error(line, msg("{where}: give the word in both languages (label: Japanese, label_en: English)",
                            where=where))


def check_words(d, chk: Checker) -> None:
    """Check that every word a ruleset shows (zones, phases, kinds and their fields, colours, options,
    deck sections, words) is given in both languages; each problem names its line."""
    if d.get("name") and not d.get("name_en"):
        chk.error(d.line_of("name"), msg("name_en: the English name of the game is missing beside name"))
    groups = (("zones", d["zones"]), ("card_kinds", d["card_kinds"]), ("colors", d["colors"]),
              ("options", d["options"]), ("words", d["words"]))
    for group, items in groups:
        for k, v in items.items():
            _bilingual(chk, v, f"{group}.{k}", items.line_of(k) if isinstance(items, YMap) else 1)
    for k, v in d["deck"].items():
        _bilingual(chk, v, f"deck.{k}", d["deck"].line_of(k), required=False)
    for i, p in enumerate(d["phases"]):
        _bilingual(chk, p, f"phases[{i}] ({p.get('id')})", d["phases"].line_of(i))
    for kind, spec in d["card_kinds"].items():
        fields = spec.get("fields") or {}
        for f, fs in fields.items():
            _bilingual(chk, fs, f"card_kinds.{kind}.fields.{f}",
                       fields.line_of(f) if isinstance(fields, YMap) else 1, required=False)

_CARD_COMMON = {
    "id": {"type": "str", "required": True},
    "name": {"type": "str", "required": True},
    "name_en": {"type": "str", "default": ""},
    "kind": {"type": "str", "required": True},
    "color": {"type": "str", "default": ""},
    "text": {"type": "str", "default": ""},
    "text_en": {"type": "str", "default": ""},   # the text in English (faces of `language: player` layouts, the preview)
    "flavor": {"type": "str", "default": ""},
    "rarity": {"type": "str", "default": ""},   # none unless given: a rarity region then draws nothing
    "keywords": {"type": "list", "items": {"type": "str"}, "default": []},
    "tags": {"type": "list", "items": {"type": "str"}, "default": []},
    "effects": {"type": "list", "items": {"type": "map"}, "default": []},
    "manual": {"type": "bool", "default": False},
    "copies": {"type": "any", "default": None},
    "art": {"type": "str", "default": ""},
    "side_only": {"type": "bool", "default": False},
}
