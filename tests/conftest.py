import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TABLETOP_RULESETS"] = str(HERE / "data" / "rulesets")
sys.path.insert(0, str(HERE))

import tiny_controller  # noqa: E402,F401  (registers the test-only 'tiny' controller)
