"""Picture sizes read from file headers, without decoding (no pygame): the guard against image bombs.

`check_image(path)` returns (width, height) from a PNG, JPEG, GIF, BMP or WebP header and raises
DataError for a picture over MAX_PIXELS pixels or MAX_SIDE pixels a side, or a file whose header gives
no size. Every picture tabletop draws passes here first (`art.load_image`, the text icons).
"""
from __future__ import annotations

import struct
from pathlib import Path

from ..engine.errors import DataError

MAX_PIXELS = 64_000_000      # 64 Mpx (8000×8000): a card face at 300 dpi is under 1 Mpx
MAX_SIDE = 30_000            # pixels along one side (SDL's surfaces stop at 16,384 × 16,384 on some builds)


def image_size(path: Path) -> tuple[int, int]:
    """Return (width, height) read from a picture's header, without decoding it; raise DataError when
    the file is not a PNG, JPEG, GIF, BMP or WebP picture whose header gives its size."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            head = f.read(64)
            if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
                return struct.unpack(">II", head[16:24])
            if head[:6] in (b"GIF87a", b"GIF89a"):
                return struct.unpack("<HH", head[6:10])
            if head[:2] == b"BM" and len(head) >= 26:
                if struct.unpack("<I", head[14:18])[0] == 12:       # an OS/2 header: 16-bit sides
                    return struct.unpack("<HH", head[18:22])
                w, h = struct.unpack("<ii", head[18:26])
                return abs(w), abs(h)
            if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
                chunk = head[12:16]
                if chunk == b"VP8 " and len(head) >= 30:
                    w, h = struct.unpack("<HH", head[26:30])
                    return w & 0x3FFF, h & 0x3FFF
                if chunk == b"VP8L" and len(head) >= 25:
                    b = head[21:25]
                    w = 1 + (((b[1] & 0x3F) << 8) | b[0])
                    h = 1 + (((b[3] & 0x0F) << 10) | (b[2] << 2) | ((b[1] & 0xC0) >> 6))
                    return w, h
                if chunk == b"VP8X" and len(head) >= 30:
                    return 1 + int.from_bytes(head[24:27], "little"), 1 + int.from_bytes(head[27:30], "little")
            if head[:2] == b"\xff\xd8":
                return _jpeg_size(f)
    except (OSError, struct.error) as e:
        raise DataError(path, None, f"cannot read the image: {getattr(e, 'strerror', None) or e}") from None
    raise DataError(path, None, "cannot read the image: not a PNG, JPEG, GIF, BMP or WebP picture")


def _jpeg_size(f) -> tuple[int, int]:
    """Walk a JPEG's markers to its frame header (SOFn) and return (width, height)."""
    f.seek(2)
    for _ in range(10_000):
        byte = f.read(1)
        while byte == b"\xff":
            byte = f.read(1)
        if not byte:
            break
        marker = byte[0]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            continue
        if marker == 0xD9:
            break
        length = struct.unpack(">H", f.read(2))[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">xHH", f.read(5))
            return w, h
        if length < 2:
            break
        f.seek(length - 2, 1)
    raise struct.error("no frame header")


def check_image(path: Path) -> tuple[int, int]:
    """Return a picture's size from its header; raise DataError if it is over the limits (see above)."""
    w, h = image_size(path)
    if w <= 0 or h <= 0:
        raise DataError(path, None, f"the picture claims to be {w}×{h} pixels")
    if w * h > MAX_PIXELS or max(w, h) > MAX_SIDE:
        raise DataError(path, None, f"the picture is {w:,}×{h:,} pixels ({w * h / 1e6:,.0f} Mpx); tabletop reads "
                        f"pictures of at most {MAX_PIXELS // 1_000_000} Mpx and {MAX_SIDE:,} pixels a side")
    return w, h
