"""Charts for balancing: `tabletop simulate ... --plot DIR` writes PNG files from a run's records.

    win_share.png        each seat's share of the finished games with its 95% interval, and draws
    first_player.png     how often the player who went first won, overall and by seat, with 95% intervals
    game_length.png      histograms of game length in turns and in actions
    card_win_rate.png    each card's win rate in the games it was played in, with 95% intervals

matplotlib is an optional extra (`pip install 'tabletop[plots]'`); `need_matplotlib()` says so
plainly when it is missing. Only matplotlib's object API and its Agg canvas are used (no pyplot
state, no window). The words are in the reader's language (`lang`: `tabletop simulate` passes the
Settings language), the game's and the cards' names too; Japanese is drawn with pygame_gui's Noto Sans
JP when it is there.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from .i18n import tr
from .stats import wilson

EXTRA = "tabletop[plots]"
MISSING = f"charts need matplotlib, the optional plots extra: pip install '{EXTRA}'"
SEAT_COLORS = ("#3b6fb6", "#c8553d")
DRAW_COLOR = "#8c8c8c"
MIN_PLAYED = 5     # a card played in fewer games than this (or 2% of them) has no bar: its rate is noise


def need_matplotlib() -> str | None:
    """Return the message naming the extra when matplotlib is missing, else None."""
    if importlib.util.find_spec("matplotlib") is None:
        return MISSING
    return None


def _font_family() -> list[str]:
    """Register Noto Sans JP from pygame_gui's data (without importing pygame) and return the font list."""
    from matplotlib import font_manager
    family = ["DejaVu Sans"]
    spec = importlib.util.find_spec("pygame_gui")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        f = Path(folder) / "data" / "NotoSansJP-Regular.otf"
        if f.is_file():
            font_manager.fontManager.addfont(str(f))
            family.insert(0, font_manager.FontProperties(fname=str(f)).get_name())
            break
    return family


def _figure(w: float, h: float):
    from matplotlib.figure import Figure
    fig = Figure(figsize=(w, h), dpi=110, layout="constrained")
    return fig


def _pct(ax) -> None:
    from matplotlib.ticker import PercentFormatter
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))


def _title(summary: dict, lang: str = "en") -> str:
    return tr("{game}: {games} games, {p1} (P1) vs {p2} (P2), seed {seed}", lang,
              game=summary.get("game") or summary["ruleset"], games=summary["games"], p1=summary["p1"],
              p2=summary["p2"], seed=summary["seed"])


def _bars(ax, labels, shares, intervals, colors, ns) -> None:
    """Draw horizontal bars of shares with their intervals; the numbers stand in a column right of the axes."""
    ys = list(range(len(labels)))[::-1]
    err = [[max(0.0, s - lo) for s, (lo, _) in zip(shares, intervals)],   # max: rounding at 0% and 100%
           [max(0.0, hi - s) for s, (_, hi) in zip(shares, intervals)]]
    ax.barh(ys, shares, color=colors, height=0.6, xerr=err, capsize=3, error_kw={"elinewidth": 1.0})
    ax.set_yticks(ys, labels)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.6, len(labels) - 0.4)
    ax.axvline(0.5, color="#444444", lw=0.8, ls="--")
    _pct(ax)
    for y, s, (lo, hi), n in zip(ys, shares, intervals, ns):
        ax.text(1.02, y, f"{100 * s:.1f}%  ({lo * 100:.0f}–{hi * 100:.0f}%)  n={n}", va="center", fontsize=8,
                transform=ax.get_yaxis_transform(), clip_on=False)


def plot_win_share(summary: dict, records: list, path: Path, lang: str = "en") -> Path:
    ok = [r for r in records if r["error"] is None and not r.get("unfinished")]   # unfinished: no result
    n = len(ok)
    counts = [sum(1 for r in ok if r["winner"] == p) for p in (0, 1)] + [sum(1 for r in ok if r["winner"] is None)]
    labels = [f"P1 {summary['p1']}", f"P2 {summary['p2']}", tr("draws", lang)]
    shares = [k / n if n else 0.0 for k in counts]
    fig = _figure(9.0, 3.0)
    ax = fig.add_subplot()
    _bars(ax, labels, shares, [wilson(k, n) for k in counts], [*SEAT_COLORS, DRAW_COLOR], [n] * 3)
    ax.set_xlabel(tr("share of finished games (bars: 95% Wilson interval; dashed: 50%)", lang))
    ax.set_title(tr("Win share per seat", lang) + "\n" + _title(summary, lang), fontsize=10)
    fig.savefig(path)
    return path


def plot_first_player(summary: dict, records: list, path: Path, lang: str = "en") -> Path:
    decided = [r for r in records if r["error"] is None and r["winner"] is not None and r.get("first") is not None]
    rows = []
    for label, sel in ((tr("all decided games", lang), decided),
                       (tr("{seat} first", lang, seat=f"P1 {summary['p1']}"), [r for r in decided if r["first"] == 0]),
                       (tr("{seat} first", lang, seat=f"P2 {summary['p2']}"), [r for r in decided if r["first"] == 1])):
        k = sum(1 for r in sel if r["winner"] == r["first"])
        rows.append((label, k / len(sel) if sel else 0.0, wilson(k, len(sel)), len(sel)))
    fig = _figure(9.0, 3.0)
    ax = fig.add_subplot()
    _bars(ax, [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], ["#5b8c5a", *SEAT_COLORS],
          [r[3] for r in rows])
    ax.set_xlabel(tr("share of decided games won by the player who went first (95% interval; dashed: no advantage)",
                     lang))
    ax.set_title(tr("First-player advantage", lang) + "\n" + _title(summary, lang), fontsize=10)
    fig.savefig(path)
    return path


def plot_game_length(summary: dict, records: list, path: Path, lang: str = "en") -> Path:
    from matplotlib.ticker import MaxNLocator
    ok = [r for r in records if r["error"] is None and not r.get("unfinished")]   # unfinished: no result
    fig = _figure(9.0, 3.4)
    for i, (key, label) in enumerate((("turns", tr("game length in turns", lang)),
                                      ("actions", tr("game length in actions", lang)))):
        ax = fig.add_subplot(1, 2, i + 1)
        values = [r[key] for r in ok]
        if values:
            lo, hi = min(values), max(values)
            bins = range(lo, hi + 2) if hi - lo <= 40 else 30
            ax.hist(values, bins=bins, color=SEAT_COLORS[i], edgecolor="white", linewidth=0.5)
            mean = sum(values) / len(values)
            ax.axvline(mean, color="#222222", lw=1, ls="--")
            ax.text(mean, ax.get_ylim()[1] * 0.95, " " + tr("mean {mean}", lang, mean=f"{mean:.1f}"), fontsize=8,
                    va="top", bbox={"facecolor": "white", "alpha": 0.8, "linewidth": 0, "pad": 1})   # over a bar too
        ax.set_xlabel(label)
        ax.set_ylabel(tr("games", lang))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))   # games come whole
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))   # and so do turns and actions
    fig.suptitle(tr("Game length ({n} finished games)", lang, n=len(ok)) + "\n" + _title(summary, lang), fontsize=10)
    fig.savefig(path)
    return path


def card_rates(records: list, names: dict | None = None, min_played: int | None = None) -> list[dict]:
    """Return each card's win rate when played: {"card", "name", "played", "won", "rate", "ci95"}, best first.

    A card counts once per game per seat that played it; a game of a seat that won counts as won.
    Cards played in fewer than `min_played` games (default: MIN_PLAYED or 2% of the games) are left out.
    """
    ok = [r for r in records if r["error"] is None and not r.get("unfinished")]   # unfinished: no result
    if min_played is None:
        min_played = max(MIN_PLAYED, len(ok) // 50)
    played, won = {}, {}
    for r in ok:
        for p in (0, 1):
            for cid in r["played"][p]:
                played[cid] = played.get(cid, 0) + 1
                if r["winner"] == p:
                    won[cid] = won.get(cid, 0) + 1
    out = []
    for cid, n in played.items():
        if n < min_played:
            continue
        k = won.get(cid, 0)
        out.append({"card": cid, "name": (names or {}).get(cid, cid), "played": n, "won": k, "rate": k / n,
                    "ci95": wilson(k, n)})
    out.sort(key=lambda c: (-c["rate"], -c["played"], c["card"]))
    return out


def plot_card_win_rate(summary: dict, records: list, path: Path, names: dict | None = None, lang: str = "en") -> Path:
    rates = card_rates(records, names)
    fig = _figure(9.5, max(2.5, 1.0 + 0.24 * len(rates)))
    ax = fig.add_subplot()
    if rates:
        labels = [f"{c['name']}" for c in rates]
        colors = ["#5b8c5a" if c["ci95"][0] > 0.5 else "#c8553d" if c["ci95"][1] < 0.5 else "#9aa5b1" for c in rates]
        _bars(ax, labels, [c["rate"] for c in rates], [c["ci95"] for c in rates], colors, [c["played"] for c in rates])
        ax.tick_params(axis="y", labelsize=8)
    else:
        ax.text(0.5, 0.5, tr("no card was played often enough to rate", lang), ha="center", va="center")
    ax.set_xlabel(tr("win rate of the seat in games it played the card (95% interval; green/red: clearly above/below "
                     "50%)", lang))
    ax.set_title(tr("Cards by win rate when played (played in ≥ {n} games)", lang,
                    n=max(MIN_PLAYED, len(records) // 50)) + "\n" + _title(summary, lang), fontsize=10)
    fig.savefig(path)
    return path


def plot_file(path, folder, lang: str = "en") -> list[Path]:
    """Write the charts of a `tabletop simulate --out FILE` run into `folder`; return their paths."""
    import json
    d = json.loads(Path(path).read_text(encoding="utf-8"))
    return plot_run(d, d["records"], folder, lang=lang)


def plot_run(summary: dict, records: list, folder, names: dict | None = None, lang: str = "en") -> list[Path]:
    """Write the four charts of a run into `folder` (created if needed); return their paths.

    The words are in `lang` ("en" or "ja"), and so are the game's name and, unless `names` maps card
    ids to the names to draw, the cards' names (an English reader sees `name_en` where a card has one).
    Raises RuntimeError(MISSING) when matplotlib is not installed.
    """
    if need_matplotlib():
        raise RuntimeError(MISSING)
    import matplotlib
    matplotlib.rcParams["font.family"] = _font_family()
    from .engine.errors import TabletopError
    from .engine.ruleset import load_ruleset
    try:
        rs = load_ruleset(summary["ruleset"])
    except TabletopError:   # a chart with the ruleset's id and card ids beats no chart
        rs = None
    en = lang != "ja"
    if rs is not None:
        summary = {**summary, "game": (rs.name_en if en else rs.name) or rs.id}
    if names is None:
        names = {cid: (c.name_en if en and c.name_en else c.name) for cid, c in rs.cards.items()} if rs else {}
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return [plot_win_share(summary, records, folder / "win_share.png", lang),
            plot_first_player(summary, records, folder / "first_player.png", lang),
            plot_game_length(summary, records, folder / "game_length.png", lang),
            plot_card_win_rate(summary, records, folder / "card_win_rate.png", names, lang)]
