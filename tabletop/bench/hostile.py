"""Hostile files (issue 31): each bomb case's CPU time and peak memory, in a child process.

    python -m tabletop.bench hostile

Every case builds its hostile file at run time (nothing is stored: a 30000×30000 PNG is ~110 KB
written in a fraction of a second), beside a private copy of the sandbox ruleset made into a
designer's game (own layout, card art, back), and runs one `tabletop` command on it in a child
process with hard limits (address space HARD_MEMORY, CPU HARD_CPU seconds) so a regression cannot take
the machine down. It prints, per case, the child's CPU seconds and peak resident memory in MB; the
tests (tests/hostile/test_hostile_files.py) run the same cases and hold them under 10 s and 500 MB,
with the expected message, no traceback and no file changed.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HARD_MEMORY = 2 * 1024 ** 3    # the child's address space: a bomb that gets through dies here, not the machine
HARD_CPU = 60                  # seconds of CPU before the child is killed


# --- bombs, built at run time ------------------------------------------------------------------
def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(path: Path, width: int, height: int) -> Path:
    """Write a real, decodable PNG of width×height black pixels, 1 bit each: 30000×30000 is ~110 KB on
    disk and 3.6 GB once decoded into a 32-bit surface."""
    row = b"\0" * (1 + (width + 7) // 8)
    per = max(1, min(height, (1 << 20) // len(row)))
    z = zlib.compressobj(9)
    parts, done = [], 0
    while done < height:
        n = min(per, height - done)
        parts.append(z.compress(row * n))
        done += n
    parts.append(z.flush())
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)   # 1-bit greyscale
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", b"".join(parts))
                           + _chunk(b"IEND", b""))
    return Path(path)


def jpeg_header(path: Path, width: int, height: int) -> Path:
    """Write the start of a baseline JPEG that claims width×height (its frame header, no picture data)."""
    sof = struct.pack(">BHHB", 8, height, width, 1) + bytes([1, 0x11, 0])
    app0 = b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"
    Path(path).write_bytes(b"\xff\xd8\xff\xe0" + struct.pack(">H", len(app0) + 2) + app0
                           + b"\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9")
    return Path(path)


def alias_bomb(levels: int = 9, fan: int = 9) -> str:
    """Return YAML list items anchoring a "billion laughs" (fan**(levels+1) strings); `*bomb` names it."""
    lines = [f"- &a0 [{', '.join(['lol'] * fan)}]"]
    for i in range(1, levels):
        lines.append(f"- &a{i} [{', '.join([f'*a{i - 1}'] * fan)}]")
    lines.append(f"- &bomb [{', '.join([f'*a{levels - 1}'] * fan)}]")
    return "\n".join(lines) + "\n"


def nested(depth: int) -> str:
    """Return a JSON (and YAML flow) value: `depth` lists, one inside the other."""
    return "[" * depth + "]" * depth


DESIGNER_LAYOUT = """\
card: {size_mm: [63, 88], dpi: 300, corner_mm: 3, background: main}
back: {image: back.png}
base:
  - {name: art, type: image, rect: [0, 0, 63, 50]}
  - {name: name, type: text, field: name, rect: [4, 51, 55, 7], size: 11, weight: bold, wrap: false}
  - {name: text, type: text, field: text, rect: [4, 58, 55, 21], size: 9, min_size: 6}
"""
CARDS = """\
- {id: hero, name: 名もなき影, kind: unit, color: red, cost: 1, power: 2, art: hero.png}
- {id: guard, name: 番兵, kind: unit, color: blue, cost: 2, power: 3}
- {id: mend, name: 手当て, kind: action, color: green, cost: 1, text: 1点回復する。}
"""


def designer_game(folder: Path) -> Path:
    """Copy the sandbox as a designer's game at folder/rulesets/sandbox (own layout, card art, back)."""
    dst = Path(folder) / "rulesets" / "sandbox"
    shutil.copytree(ROOT / "rulesets" / "sandbox", dst)
    shutil.rmtree(dst / "scenarios")
    (dst / "scenarios").mkdir()
    (dst / "layout.yaml").write_text(DESIGNER_LAYOUT, encoding="utf-8")
    (dst / "cards.yaml").write_text(CARDS, encoding="utf-8")
    for deck in (dst / "decks").glob("*.yaml"):
        deck.write_text(f"name: {deck.stem}\nmain: {{hero: 4, guard: 4, mend: 2}}\n", encoding="utf-8")
    (dst / "assets").mkdir(exist_ok=True)
    png(dst / "assets" / "hero.png", 40, 30)
    png(dst / "assets" / "back.png", 30, 40)
    for d in ("config", "saves"):
        (Path(folder) / d).mkdir(exist_ok=True)
    return dst


def good_save(folder: Path) -> dict:
    """Return a save (as a dict) of a short sandbox game of the designer's ruleset under `folder`."""
    code = ("import json, sys; from tabletop.engine import Game, saves; from tabletop.engine.ruleset import "
            "load_ruleset_dir; from pathlib import Path; rs = load_ruleset_dir(Path(sys.argv[1])); "
            "g = Game.new(rs, seed=7); [g.apply(g.legal_actions(g.to_act)[0]) for _ in range(3)]; "
            "print(saves.game_to_json(g))")
    out = subprocess.run([sys.executable, "-c", code, str(Path(folder) / "rulesets" / "sandbox")],
                         env=_env(folder), capture_output=True, text=True, check=True).stdout
    return json.loads(out)


# --- the cases ---------------------------------------------------------------------------------
def _cards(rs: Path, text: str) -> None:
    (rs / "cards.yaml").write_text(text, encoding="utf-8")


def _save(folder: Path, name: str, **edits) -> Path:
    d = good_save(folder)
    d.update(edits)
    p = Path(folder) / "saves" / name
    p.write_text(json.dumps(d), encoding="utf-8")
    return p


def _deep_initial(folder):
    d = good_save(folder)
    x: list = []
    for _ in range(900):
        x = [x]
    d["initial"]["data"]["deep"] = x
    p = Path(folder) / "saves" / "deep_data.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    return ["replay", str(p)]


def _font(folder, as_dir: bool):
    rs = Path(folder) / "rulesets" / "sandbox"
    (rs / "layout.yaml").write_text(DESIGNER_LAYOUT + "fonts: {regular: x.ttf}\n", encoding="utf-8")
    if as_dir:
        (rs / "assets" / "x.ttf").mkdir()
    else:
        (rs / "assets" / "x.ttf").write_text("not a font\n", encoding="utf-8")
    return ["validate", str(rs)]


def _rs(folder) -> Path:
    return Path(folder) / "rulesets" / "sandbox"


@dataclass
class Case:
    name: str
    setup: object          # setup(folder) -> argv of `tabletop` (the files are written under folder)
    expect: str            # the message that must appear
    code: int = 1          # the exit status


CASES = [
    Case("art_png_30000x30000", lambda f: (png(_rs(f) / "assets" / "hero.png", 30000, 30000),
                                           ["validate", str(_rs(f))])[1], "64 Mpx"),
    Case("back_png_30000x30000", lambda f: (png(_rs(f) / "assets" / "back.png", 30000, 30000),
                                            ["validate", str(_rs(f))])[1], "64 Mpx"),
    Case("art_jpeg_claims_65000x65000", lambda f: (jpeg_header(_rs(f) / "assets" / "hero.png", 65000, 65000),
                                                   ["validate", str(_rs(f))])[1], "64 Mpx"),
    Case("yaml_alias_bomb_card_id", lambda f: (_cards(_rs(f), alias_bomb() + "- {id: *bomb, kind: unit}\n"),
                                               ["validate", str(_rs(f))])[1], "alias bomb"),
    Case("yaml_alias_bomb_scenario_data", lambda f: ((_rs(f) / "scenarios" / "bomb.yaml").write_text(
        "ruleset: sandbox\nanchors:\n" + "".join("  " + x + "\n" for x in alias_bomb().splitlines())
        + "data: {x: *bomb}\n", encoding="utf-8"), ["validate", str(_rs(f) / "scenarios" / "bomb.yaml")])[1],
        "alias bomb"),
    Case("yaml_alias_bomb_deck_name", lambda f: ((_rs(f) / "decks" / "red_blue.yaml").write_text(
        "anchors:\n" + "".join("  " + x + "\n" for x in alias_bomb().splitlines()) + "name: *bomb\n",
        encoding="utf-8"), ["deck", "sandbox"])[1], "alias bomb"),
    Case("yaml_nested_900_deep", lambda f: (_cards(_rs(f), nested(900) + "\n"),
                                            ["validate", str(_rs(f))])[1], "nested more than"),
    Case("card_kind_a_list", lambda f: (_cards(_rs(f), CARDS + "- {id: x, name: x, kind: [mana]}\n"),
                                        ["validate", str(_rs(f))])[1], "unknown kind"),
    Case("card_kind_a_mapping", lambda f: (_cards(_rs(f), CARDS + "- {id: x, name: x, kind: {a: 1}}\n"),
                                           ["validate", str(_rs(f))])[1], "unknown kind"),
    Case("card_name_5mb", lambda f: (_cards(_rs(f), CARDS + "- {id: x, kind: unit, name: " + "x" * 5_000_000
                                            + "}\n"), ["validate", str(_rs(f))])[1], "characters"),
    Case("effect_unknown_op", lambda f: (_cards(_rs(f), CARDS + "- {id: x, name: x, kind: unit, effects: "
                                                "[{on: play, do: explode}]}\n"),
                                         ["validate", str(_rs(f))])[1], "unknown op 'explode'"),
    Case("effect_n_not_a_number", lambda f: (_cards(_rs(f), CARDS + "- {id: x, name: x, kind: unit, effects: "
                                                    "[{on: play, do: draw, n: x}]}\n"),
                                             ["validate", str(_rs(f))])[1], "n: expected a whole number"),
    Case("font_not_a_font", lambda f: _font(f, False), "is not a font file"),
    Case("font_a_folder", lambda f: _font(f, True), "is not a file"),
    Case("export_with_a_font_that_is_no_font", lambda f: (_font(f, False), ["cards", "sandbox", "--out",
                                                                         str(Path(f) / "printed")])[1],
         "is not a font file"),
    Case("save_nested_200kb", lambda f: ((Path(f) / "saves" / "autosave.json").write_text(nested(100_000)),
                                         ["replay", str(Path(f) / "saves" / "autosave.json")])[1],
         "nested more than"),
    Case("save_nested_900_in_initial_data", _deep_initial, "nested more than"),
    Case("save_action_10mb", lambda f: ["replay", str(_save(f, "big_action.json", actions=["p1 " + "x" * 10_000_000]))],
         "characters long"),
    Case("save_ruleset_a_folder", lambda f: ["replay", str(_save(f, "abs.json", ruleset=str(_rs(f))))],
         "no ruleset"),
    Case("settings_nested", lambda f: ((Path(f) / "config" / "settings.json").write_text(nested(5000)),
                                       ["validate", str(_rs(f))])[1], "all files are valid", 0),
    Case("settings_size_wrong", lambda f: ((Path(f) / "config" / "settings.json").write_text(
        '{"size": [100000, 100000], "language": ["en"]}'), ["validate", str(_rs(f))])[1], "all files are valid", 0),
    Case("replay_viewer_without_seed", lambda f: ["replay", str(_save(f, "game.json")), "--viewer", "1"],
         "as P1 saw it", 0),
]


# --- running one ---------------------------------------------------------------------------------
def _env(folder) -> dict:
    env = dict(os.environ)
    env.update({"TABLETOP_RULESETS": str(Path(folder) / "rulesets"), "TABLETOP_CONFIG": str(Path(folder) / "config"),
                "TABLETOP_SAVES": str(Path(folder) / "saves"), "TABLETOP_CACHE": "off", "LANG": "C.UTF-8",
                "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    env.pop("LC_ALL", None)
    env.pop("LANGUAGE", None)
    return env


def _limits() -> None:   # in the child, before exec
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (HARD_MEMORY, HARD_MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (HARD_CPU, HARD_CPU))


def tree_hash(folder: Path) -> dict:
    """Return every file under folder with a digest of its bytes (to show nothing was changed)."""
    out = {}
    for p in sorted(Path(folder).rglob("*")):
        if p.is_file():
            out[str(p.relative_to(folder))] = hashlib.sha256(p.read_bytes()).hexdigest()
        elif p.is_dir():
            out[str(p.relative_to(folder)) + "/"] = "dir"
    return out


@dataclass
class Result:
    code: int
    out: str
    err: str
    cpu: float      # the child's user + system CPU seconds
    wall: float
    peak_mb: float  # the child's peak resident memory


def run_tabletop(argv: list[str], folder: Path, timeout: float = 120) -> Result:
    """Run `python -m tabletop ARGV` in a child with hard limits; return its status, output, CPU and peak memory."""
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen([sys.executable, "-m", "tabletop", *argv], env=_env(folder), stdout=out, stderr=err,
                             preexec_fn=_limits, cwd=str(folder))
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.02)
        p.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        o, e = out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")
    return Result(p.returncode, o, e, usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def run_case(case: Case, folder: Path) -> tuple[Result, dict, dict]:
    """Build the case under folder and run it; return the result and the files before and after."""
    designer_game(folder)
    argv = case.setup(folder)
    before = tree_hash(folder)
    r = run_tabletop(argv, folder)
    return r, before, tree_hash(folder)


def run(report) -> None:
    quick = getattr(report, "quick", False)
    cases = CASES[::3] if quick else CASES
    for case in cases:
        with tempfile.TemporaryDirectory(prefix="tabletop-hostile-") as tmp:
            r, before, after = run_case(case, Path(tmp))
        ok = (r.code == case.code and case.expect in r.out + r.err and "Traceback" not in r.err
              and before == after)
        report(f"hostile.{case.name}.cpu_s", r.cpu, "" if ok else "NOT HANDLED: " + (r.out + r.err)[-200:])
        report(f"hostile.{case.name}.peak_mb", round(r.peak_mb, 1))
