"""A designer's own game made from the sandbox (own layout, art, back, frame layer, icon), for tests."""
import shutil
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


DESIGNER_LAYOUT = """\
# A designer's own game: full-bleed art, a band along the bottom edge, a frame layer, icons.
card: {size_mm: [63, 88], dpi: 300, corner_mm: 3, background: main}
back: {image: back.png}
base:
  - {name: art, type: image, rect: [0, 0, 63, 50]}
  - {name: frame, type: image, src: frame.png, rect: [2, 2, 59, 46], fit: contain}
  - {name: band, type: frame, rect: [0, 80, 63, 8], shape: rect, fill: dark}
  - {name: name, type: text, field: name, rect: [4, 51, 55, 7], size: 11, weight: bold, wrap: false}
  - {name: text, type: text, field: text, rect: [4, 58, 55, 21], size: 9, min_size: 6}
kinds:
  action:
    back:
      background: "#203040"
      regions:
        - {name: label, type: text, text: ACTION, rect: [5, 38, 53, 12], size: 20, weight: bold,
           align: center, valign: middle, color: "#ffffff"}
"""

DESIGNER_CARDS = """\
- {id: hero, name: 名もなき影, name_en: Nameless Shade, kind: unit, color: red, cost: 1, power: 2, art: hero.png, copies: 3, text: "{fire} 速攻。"}
- {id: guard, name: 番兵, name_en: Guard, kind: unit, color: blue, cost: 2, power: 3, art: guard.png}
- {id: bolt, name: 稲妻, name_en: Bolt, kind: action, color: red, cost: 1, copies: 2, text: "{fire}{fire} 相手に2ダメージ。"}
- {id: mend, name: 手当て, name_en: Mend, kind: action, color: green, cost: 1, text: 1点回復する。}
"""


def paint(path: Path, size, colors, stripes: int = 8) -> None:
    """Write a PNG of vertical stripes (art whose edges show whether bleed was drawn or stretched)."""
    surf = pygame.Surface(size)
    w = max(1, size[0] // stripes)
    for i in range(stripes + 1):
        surf.fill(colors[i % len(colors)], (i * w, 0, w, size[1]))
    pygame.image.save(surf, str(path))


def make_designer_game(folder: Path) -> Path:
    """Build a designer's game in `folder`: the sandbox copied, with own layout, art, back, icon."""
    shutil.copytree(ROOT / "rulesets" / "sandbox", folder)
    (folder / "layout.yaml").write_text(DESIGNER_LAYOUT, encoding="utf-8")
    (folder / "cards.yaml").write_text(DESIGNER_CARDS, encoding="utf-8")
    (folder / "decks" / "red_blue.yaml").write_text("name: red_blue\nmain: {hero: 3, guard: 4, bolt: 2, mend: 1}\n")
    (folder / "decks" / "green_blue.yaml").write_text("name: green_blue\nmain: {guard: 4, mend: 4, bolt: 2}\n")
    (folder / "scenarios" / "free_table.yaml").write_text(   # the copied scenario named the sandbox's cards
        "ruleset: sandbox\nturn: 1\nphase: main\nzones:\n  p1.hand: [hero, bolt]\n  p2.play: [guard]\n",
        encoding="utf-8")
    assets = folder / "assets"
    (assets / "icons").mkdir(parents=True)
    paint(assets / "hero.png", (400, 330), [(220, 40, 40), (250, 220, 60)])
    paint(assets / "guard.png", (400, 330), [(40, 80, 220), (240, 240, 240)])
    paint(assets / "back.png", (300, 420), [(30, 30, 30), (90, 160, 90)], stripes=5)
    frame = pygame.Surface((300, 234), pygame.SRCALPHA)
    pygame.draw.rect(frame, (250, 210, 90), frame.get_rect(), 10, border_radius=14)
    pygame.image.save(frame, str(assets / "frame.png"))
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.polygon(icon, (230, 90, 20), [(32, 2), (60, 60), (4, 60)])
    pygame.image.save(icon, str(assets / "icons" / "fire.png"))
    return folder
