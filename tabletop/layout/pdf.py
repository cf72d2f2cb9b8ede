"""A PDF of full-page images, written one page at a time (the export's sheets PDF)."""
from __future__ import annotations

import struct
from pathlib import Path


# --- PDF, one page at a time ------------------------------------------------------------------
class PdfWriter:
    """Write a PDF of full-page images page by page: each PNG's compressed data goes straight into
    the file (PNG data with the PNG predictor, as PDF readers expect), so memory holds one page at most."""

    def __init__(self, path: Path, page_mm: tuple, title: str = ""):
        self.path = Path(path)
        self.f = open(self.path, "wb")
        self.offsets: list = []
        self.pages: list = []
        self.page_pt = (page_mm[0] / 25.4 * 72, page_mm[1] / 25.4 * 72)
        self.f.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        # Objects 1 and 2 (catalog, page tree) are written last, when the pages are known.
        self.offsets = [0, 0, 0]
        self.title = title

    def _obj(self, body: bytes) -> int:
        self.offsets.append(self.f.tell())
        n = len(self.offsets) - 1
        self.f.write(b"%d 0 obj\n" % n + body + b"\nendobj\n")
        return n

    def _at(self, n: int, body: bytes) -> None:
        self.offsets[n] = self.f.tell()
        self.f.write(b"%d 0 obj\n" % n + body + b"\nendobj\n")

    def add_png(self, png: Path) -> None:
        """Add a page showing a PNG (RGB, 8 bits) over the whole page."""
        w, h, idat = _png_idat(Path(png))
        img = self._obj(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
                        b"/BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 "
                        b"/BitsPerComponent 8 /Columns %d >> /Length %d >>\nstream\n" % (w, h, w, len(idat))
                        + idat + b"\nendstream")
        pw, ph = self.page_pt
        content = b"q %.3f 0 0 %.3f 0 0 cm /I%d Do Q" % (pw, ph, img)
        cobj = self._obj(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        page = self._obj(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.3f %.3f] /Resources << /XObject "
                         b"<< /I%d %d 0 R >> >> /Contents %d 0 R >>" % (pw, ph, img, img, cobj))
        self.pages.append(page)

    def close(self) -> Path:
        self._at(1, b"<< /Type /Catalog /Pages 2 0 R >>")
        kids = b" ".join(b"%d 0 R" % p for p in self.pages)
        self._at(2, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(self.pages)))
        title = self.title.encode("utf-16-be")
        info = self._obj(b"<< /Creator (tabletop) /Title <feff" + title.hex().encode() + b"> >>")
        xref = self.f.tell()
        self.f.write(b"xref\n0 %d\n0000000000 65535 f \n" % len(self.offsets))
        for off in self.offsets[1:]:
            self.f.write(b"%010d 00000 n \n" % off)
        self.f.write(b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
                     % (len(self.offsets), info, xref))
        self.f.close()
        return self.path


def _png_idat(path: Path) -> tuple[int, int, bytes]:
    """Return width, height and the joined IDAT data of an 8-bit RGB, non-interlaced PNG."""
    data = path.read_bytes()
    pos, chunks, w, h = 8, [], 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype != 2 or interlace:
                raise ValueError(f"{path}: expected an 8-bit RGB PNG")
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + n
    return w, h, b"".join(chunks)
