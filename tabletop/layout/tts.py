"""Tabletop Simulator export: deck sheets (at most 10×7 faces and 4096 pixels each way), one series of
sheets per back (each kind gets its own back), the backs, and the saved object TTS imports.

`tts/<ruleset>.json` is a TTS saved object (copy it to TTS's "Saved Objects" folder, or open it in the
game's Objects > Saved Objects): one `DeckCustom` whose `CustomDeck` has an entry per sheet (its face
sheet, its back, its grid), and whose `DeckIDs` and `ContainedObjects` hold every copy the export prints
(`copies:` or `--deck`), so the deck arrives as many cards as will be played, each with its kind's back.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pygame

from .sheets import Sheet, _save_png

TTS_MAX = (10, 7)   # Tabletop Simulator's custom deck: at most 10×7 faces a sheet...
TTS_PX = 4096       # ...within 4096 pixels each way


# --- Tabletop Simulator -----------------------------------------------------------------------
def tts_grid(n: int, card_px: tuple) -> tuple[tuple[int, int], tuple[int, int]]:
    """Return (columns, rows) and the face size of a TTS deck sheet for n faces: at most 10×7
    and 4096 px each way, faces scaled down to fit (TTS wants at least 2×2)."""
    cols = max(2, min(TTS_MAX[0], n))
    rows = max(2, min(TTS_MAX[1], -(-n // cols)))
    scale = min(1.0, TTS_PX / (cols * card_px[0]), TTS_PX / (rows * card_px[1]))
    return (cols, rows), (max(1, int(card_px[0] * scale)), max(1, int(card_px[1] * scale)))


class _Series:
    """The sheets of the cards that share one back."""

    def __init__(self, label: str, kind: str | None, size: tuple):
        self.label, self.kind, self.size = label, kind, size
        self.sheet = None
        self.count = 0
        self.deck_num = 0
        self.back_path: Path | None = None


class TtsWriter:
    """Write Tabletop Simulator deck sheets as faces come, one series per back (`back_key(kind)`):
    one slot per card (the 70th slot stays empty: TTS shows it for hidden cards), each copy counted.

    Only the sheets being filled are in memory; a sheet's name says its back, grid and card count,
    which TTS's custom deck import asks for. `close` writes the backs and the saved object.
    """

    PER = TTS_MAX[0] * TTS_MAX[1] - 1

    def __init__(self, folder: Path, back_key=None, name: str = "deck", title: str = ""):
        self.folder = folder
        self.back_key = back_key or (lambda kind: None)
        self.name, self.title = name, title or name
        self.series: dict = {}
        self.slot: dict = {}       # card id -> TTS CardID (deck number * 100 + slot)
        self.cards: dict = {}      # card id -> card
        self.copies: list = []     # card ids, one per copy, in print order
        self.decks: list = []      # (deck number, face sheet path, (cols, rows), series)
        self.size = (0, 0)
        self.written: list = []

    def add(self, card, face: pygame.Surface, sh: Sheet) -> None:
        """Add one printed copy of `card` (its face as printed on the sheet)."""
        cid = card.id if hasattr(card, "id") else str(card)
        self.copies.append(cid)
        if cid in self.slot:
            return
        kind = getattr(card, "kind", None)
        key = self.back_key(kind)
        se = self.series.get(key)
        if se is None:
            label = re.sub(r"[^\w.-]+", "_", kind or "default")
            se = self.series[key] = _Series(f"{len(self.series) + 1:02d}-{label}", kind, _tts_face_size(sh))
            self.size = self.size if self.size[0] else se.size
        if se.sheet is None:
            se.sheet = pygame.Surface((TTS_MAX[0] * se.size[0], TTS_MAX[1] * se.size[1]))
            se.sheet.fill((0, 0, 0))
            se.count = 0
            se.deck_num = len(self.decks) + 1
            self.decks.append([se.deck_num, None, (0, 0), se])
        b = sh.bleed
        trim = face.subsurface((b, b, face.get_width() - 2 * b, face.get_height() - 2 * b))
        i = se.count
        se.sheet.blit(pygame.transform.smoothscale(trim, se.size),
                      ((i % TTS_MAX[0]) * se.size[0], (i // TTS_MAX[0]) * se.size[1]))
        self.slot[cid] = se.deck_num * 100 + i
        self.cards[cid] = card
        se.count += 1
        if se.count == self.PER:
            self._flush(se)

    def _flush(self, se: _Series) -> None:
        if se.sheet is None or not se.count:
            return
        (cols, rows), _ = tts_grid(se.count + (1 if se.count == self.PER else 0), se.size)
        cols, rows = (max(cols, min(TTS_MAX[0], se.count)), rows)
        out = se.sheet.subsurface((0, 0, cols * se.size[0], rows * se.size[1]))
        path = self.folder / f"deck-{se.deck_num:02d}-back{se.label}-{cols}x{rows}-{se.count}cards.png"
        _save_png(out, path, 72)
        self.written.append(path)
        entry = next(d for d in self.decks if d[0] == se.deck_num)
        entry[1], entry[2] = path, (cols, rows)
        se.sheet = None

    def close(self, back_for=None) -> list:
        """Write the last sheets, each back (`back_for(kind)`, a surface) and the saved object; return
        the files written (sheets, backs, then the JSON)."""
        for se in self.series.values():
            self._flush(se)
        for se in self.series.values():
            if back_for is not None:
                back = back_for(se.kind)
                if back is not None:
                    se.back_path = self.folder / f"back-{se.label}.png"
                    _save_png(pygame.transform.smoothscale(back, se.size), se.back_path, 72)
                    self.written.append(se.back_path)
        if self.copies:
            path = self.folder / f"{self.name}.json"
            path.write_text(json.dumps(self.saved_object(), ensure_ascii=False, indent=1), encoding="utf-8")
            self.written.append(path)
        return self.written

    def saved_object(self) -> dict:
        """Return the TTS saved object: one DeckCustom holding every copy, a CustomDeck entry per sheet."""
        custom = {}
        for num, face, (cols, rows), se in self.decks:
            custom[str(num)] = {
                "FaceURL": face.resolve().as_uri() if face else "",
                "BackURL": se.back_path.resolve().as_uri() if se.back_path else "",
                "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0,
            }
        contained = []
        for cid in self.copies:
            card_id = self.slot[cid]
            card = self.cards[cid]
            num = str(card_id // 100)
            contained.append({
                "Name": "Card", "Transform": _transform(), "Nickname": _name_of(card),
                "Description": str(getattr(card, "text", "") or ""), "GMNotes": cid,
                "CardID": card_id, "CustomDeck": {num: custom[num]},
            })
        return {"SaveName": self.title, "ObjectStates": [{
            "Name": "DeckCustom", "Transform": _transform(), "Nickname": self.title, "Description": "",
            "DeckIDs": [self.slot[cid] for cid in self.copies], "CustomDeck": custom,
            "ContainedObjects": contained,
        }]}


def _name_of(card) -> str:
    en = getattr(card, "name_en", "") or ""
    name = getattr(card, "name", "") or str(card)
    return f"{name} / {en}" if en and en != name else name


def _transform() -> dict:
    # Face down (rotZ 180), as a deck lies on the table.
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _tts_face_size(sh: Sheet) -> tuple[int, int]:
    # The trim only (TTS shows the whole image) at a size a 10×7 sheet of them fits in 4096 px.
    w, h = sh.trim
    scale = min(1.0, TTS_PX / (TTS_MAX[0] * w), TTS_PX / (TTS_MAX[1] * h))
    return max(1, int(w * scale)), max(1, int(h * scale))
