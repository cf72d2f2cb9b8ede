"""Tabletop Simulator deck sheets: at most 10×7 faces and 4096 pixels each way, and the back."""
from __future__ import annotations

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


class TtsWriter:
    """Write Tabletop Simulator deck sheets as faces come: at most 10×7 faces and 4096 px each way,
    one slot per card (the 70th slot stays empty: TTS shows it for hidden cards), and back.png.

    Only the sheet being filled is in memory; its name says its grid and card count, which TTS's
    custom deck import asks for (width, height, number).
    """

    PER = TTS_MAX[0] * TTS_MAX[1] - 1

    def __init__(self, folder: Path):
        self.folder = folder
        self.seen: set = set()
        self.sheet = None
        self.count = 0
        self.size = (0, 0)
        self.written: list = []

    def add(self, card_id: str, face: pygame.Surface, sh: Sheet) -> None:
        if card_id in self.seen:
            return
        self.seen.add(card_id)
        if self.sheet is None:
            self.size = _tts_face_size(sh)
            self.sheet = pygame.Surface((TTS_MAX[0] * self.size[0], TTS_MAX[1] * self.size[1]))
            self.sheet.fill((0, 0, 0))
            self.count = 0
        b = sh.bleed
        trim = face.subsurface((b, b, face.get_width() - 2 * b, face.get_height() - 2 * b))
        i = self.count
        self.sheet.blit(pygame.transform.smoothscale(trim, self.size),
                        ((i % TTS_MAX[0]) * self.size[0], (i // TTS_MAX[0]) * self.size[1]))
        self.count += 1
        if self.count == self.PER:
            self._flush()

    def _flush(self) -> None:
        if self.sheet is None or not self.count:
            return
        (cols, rows), _ = tts_grid(self.count + (1 if self.count == self.PER else 0), self.size)
        cols, rows = (max(cols, min(TTS_MAX[0], self.count)), rows)
        out = self.sheet.subsurface((0, 0, cols * self.size[0], rows * self.size[1]))
        path = self.folder / f"deck-{len(self.written) + 1:02d}-{cols}x{rows}-{self.count}cards.png"
        _save_png(out, path, 72)
        self.written.append(path)
        self.sheet = None

    def close(self, back: pygame.Surface | None) -> list:
        self._flush()
        if back is not None and self.size[0]:
            path = self.folder / "back.png"
            _save_png(pygame.transform.smoothscale(back, self.size), path, 72)
            self.written.append(path)
        return self.written


def _tts_face_size(sh: Sheet) -> tuple[int, int]:
    # The trim only (TTS shows the whole image) at a size a 10×7 sheet of them fits in 4096 px.
    w, h = sh.trim
    scale = min(1.0, TTS_PX / (TTS_MAX[0] * w), TTS_PX / (TTS_MAX[1] * h))
    return max(1, int(w * scale)), max(1, int(h * scale))
