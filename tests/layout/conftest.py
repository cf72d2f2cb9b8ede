import shutil
from pathlib import Path

import pygame
import pygame.freetype
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    pygame.freetype.init()
    yield


@pytest.fixture
def sandbox_copy(tmp_path) -> Path:
    """Return a private copy of the sandbox ruleset folder (tests edit its files)."""
    dst = tmp_path / "sandbox"
    shutil.copytree(ROOT / "rulesets" / "sandbox", dst)
    return dst


from designer_game import make_designer_game  # noqa: E402  (tests import it by this unique name)


@pytest.fixture
def designer_game(tmp_path) -> Path:
    """Return a designer's game folder made from the sandbox (own art, back, frame, icon)."""
    return make_designer_game(tmp_path / "mygame")
