"""`tabletop simulate`: many seeded bot-vs-bot games, summarised for balancing card designs.

    tabletop simulate senkai --games 1000 --p1 greedy --p2 random --workers 2 --json
    tabletop simulate senkai --games 200 --plot charts/      # PNG charts (the optional plots extra)

Game i of a run with seed S is seeded by `game_seed(S, i)` alone (deck shuffles, coins and both
bots' choices), so a run gives the same results however its games are spread over worker
processes or Ray tasks; results are summarised in game order. (The `search` bot thinks for a
wall-clock budget, so its choices depend on machine speed; `--rollouts N` gives it a fixed amount
of search instead, which makes runs with it reproducible too.)
"""
from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import statistics
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from tabletop.bots import bot_name, make_bot
from tabletop.engine.controller import controller_class
from tabletop.engine.errors import DataError
from tabletop.engine.game import Game, resolve_deck
from tabletop.engine.msg import json_default
from tabletop.engine.ruleset import load_ruleset
from tabletop.stats import wilson

MAX_ACTIONS = 5000
_MASK = (1 << 63) - 1


@dataclass(frozen=True)
class Job:
    """What every game of a run shares: ruleset, bots, decks, bot options, the run's seed."""

    ruleset: str
    bots: tuple = ("random", "random")
    decks: tuple = (None, None)          # DeckList objects (or None for the starter decks)
    seed: int = 0
    think: float | None = None
    rounds: int | None = None
    max_actions: int = MAX_ACTIONS
    keep_log: bool = False               # record each game's action log and each bot move's reason (simulate --out)


@dataclass
class Context:
    """What a fresh worker process needs to see the same rulesets and controllers as the parent."""

    sys_path: list = field(default_factory=list)
    env: dict = field(default_factory=dict)
    imports: list = field(default_factory=list)


def game_seed(seed: int, index: int) -> int:
    """Return the seed of game `index` of a run seeded `seed` (SplitMix64 of both, 63 bits)."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 31)) & _MASK


def play_game(job: Job, index: int, wrap=None) -> dict:
    """Play game `index` of `job` to its end and return its record; never raises.

    `wrap(bot, game)` may replace each bot (tests use it to inspect what a bot receives).
    A game that raises is recorded with an `error`. A game still running after `job.max_actions`
    actions is stopped and recorded as `unfinished` (the simulator's own safety cap: no rule ends a
    game after a number of turns, so it is neither a draw nor an error).
    """
    seed = game_seed(job.seed, index)
    rec = {"index": index, "seed": seed, "winner": None, "reason": "", "first": None, "turns": 0,
           "actions": 0, "played": [[], []], "fallbacks": [0, 0], "error": None, "unfinished": False}
    if job.keep_log:
        rec["moves"] = []
    bots = []
    g = None
    try:
        g = Game.new(job.ruleset, decks=list(job.decks), seed=seed)
        bots = [make_bot(job.bots[p], p, seed, think=job.think, rounds=job.rounds) for p in (0, 1)]
        if wrap is not None:
            bots = [wrap(b, g) for b in bots]
        played = [set(), set()]
        n = 0
        while not g.is_over():
            if n >= job.max_actions:
                rec["unfinished"] = True
                break
            p = g.to_act
            legal = g.legal_actions()
            if not legal:
                raise RuntimeError(f"P{p + 1} has no legal action and the game is not over (after {n} actions)")
            a = bots[p].choose(g.view(p), legal)
            if job.keep_log:   # for designers: what each bot did and why (the reason names only public cards)
                rec["moves"].append({"turn": g.state.turn, "player": p + 1, "action": str(a),
                                     "move": g.describe(a, None), "reason": str(getattr(bots[p], "last_reason", ""))})
            uid = a.get("card")
            if isinstance(uid, int) and uid in g.state.cards:
                played[p].add(g.state.cards[uid].cid)
            g.apply(a)
            n += 1
        out = g.outcome()
        rec.update(winner=out.winner if out else None, reason=out.reason if out else "", first=g.state.first,
                   turns=g.state.turn, actions=n, played=[sorted(played[0]), sorted(played[1])])
    except Exception as e:  # noqa: BLE001 - one broken game must not end a run of thousands: record it, go on
        tb = traceback.extract_tb(e.__traceback__)
        where = f" at {os.path.basename(tb[-1].filename)}:{tb[-1].lineno}" if tb else ""
        rec["error"] = f"{type(e).__name__}: {e}{where}"
    rec["fallbacks"] = [getattr(b, "fallbacks", 0) for b in bots] or [0, 0]
    if job.keep_log and g is not None:
        rec["log"] = list(g.actions)
    return rec


# --- running many games -----------------------------------------------------------------------
def make_context(job: Job) -> Context:
    """Return what workers need: our sys.path, TABLETOP_RULESETS, and a controller module not built in."""
    imports = []
    mod = controller_class(load_ruleset(job.ruleset).controller).__module__
    if not mod.startswith("tabletop."):
        imports.append(mod)
    env = {k: os.environ[k] for k in ("TABLETOP_RULESETS",) if k in os.environ}
    return Context(list(sys.path), env, imports)


def _init_worker(ctx: Context) -> None:
    for p in ctx.sys_path:
        if p not in sys.path:
            sys.path.append(p)
    os.environ.update(ctx.env)
    for m in ctx.imports:
        importlib.import_module(m)


_JOB: Job | None = None


def _init_pool(ctx: Context, job: Job) -> None:
    global _JOB
    _init_worker(ctx)
    _JOB = job


def _play_index(index: int) -> dict:
    return play_game(_JOB, index)


def _play_batch(job: Job, indices: list, ctx: Context) -> list:
    """Play a batch of games in a Ray task (a module-level function, so Ray can import it)."""
    _init_worker(ctx)
    return [play_game(job, i) for i in indices]


def run_games(job: Job, games: int, workers: int = 1, progress=None, ray_address: str | None = None) -> list[dict]:
    """Play games 0..games-1 of `job` and return their records in game order.

    `workers` > 1 uses that many processes; `ray_address` sends batches of games to a Ray cluster
    instead. `progress(n)` is called as games finish.
    """
    tick = progress or (lambda n: None)
    records = []
    if ray_address:
        records = _run_ray(job, games, ray_address, tick)
    elif workers <= 1 or games <= 1:
        for i in range(games):
            records.append(play_game(job, i))
            tick(1)
    else:
        ctx = make_context(job)
        methods = multiprocessing.get_all_start_methods()
        mp = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        chunk = max(1, min(32, games // (workers * 16)))
        with mp.Pool(min(workers, games), initializer=_init_pool, initargs=(ctx, job)) as pool:
            for rec in pool.imap_unordered(_play_index, range(games), chunksize=chunk):
                records.append(rec)
                tick(1)
    records.sort(key=lambda r: r["index"])
    return records


def _run_ray(job: Job, games: int, address: str, tick) -> list[dict]:
    import ray
    ctx = make_context(job)
    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, logging_level="ERROR")
    task = ray.remote(_play_batch)
    size = max(1, min(64, games // 64))
    refs = [task.remote(job, list(range(i, min(games, i + size))), ctx) for i in range(0, games, size)]
    out = []
    while refs:
        done, refs = ray.wait(refs, num_returns=1)
        for batch in ray.get(done):
            out.extend(batch)
            tick(len(batch))
    return out


# --- the summary ------------------------------------------------------------------------------
def _spread(values: list) -> dict:
    if not values:
        return {"avg": 0.0, "median": 0.0, "min": 0, "max": 0}
    return {"avg": round(statistics.fmean(values), 3), "median": statistics.median(values),
            "min": min(values), "max": max(values)}


def summarize(records: list[dict], job: Job, seconds: float, top: int = 10) -> dict:
    """Return the run's summary (a JSON-safe dict); everything but the timings depends on the seed only."""
    ok = [r for r in records if r["error"] is None and not r.get("unfinished")]
    unfinished = sum(1 for r in records if r["error"] is None and r.get("unfinished"))
    wins = [sum(1 for r in ok if r["winner"] == p) for p in (0, 1)]
    draws = sum(1 for r in ok if r["winner"] is None)
    decided = wins[0] + wins[1]
    first_wins = sum(1 for r in ok if r["winner"] is not None and r["winner"] == r["first"])
    rs = load_ruleset(job.ruleset)
    in_wins, in_games, won_with = Counter(), Counter(), Counter()
    for r in ok:
        for p in (0, 1):
            for cid in r["played"][p]:
                in_games[cid] += 1
                if r["winner"] == p:
                    won_with[cid] += 1
        if r["winner"] is not None:
            for cid in r["played"][r["winner"]]:
                in_wins[cid] += 1
    cards = []
    for cid, n in sorted(in_wins.items(), key=lambda kv: (-kv[1], kv[0]))[:top]:
        cards.append({"card": cid, "name": rs.cards[cid].name if cid in rs.cards else cid, "won_games": n,
                      "share_of_wins": round(n / decided, 4) if decided else 0.0, "played_games": in_games[cid],
                      "win_rate_when_played": round(won_with[cid] / in_games[cid], 4)})
    errors = [r for r in records if r["error"] is not None]
    return {
        "ruleset": job.ruleset, "p1": job.bots[0], "p2": job.bots[1], "seed": job.seed,
        "games": len(records), "wins": wins, "draws": draws, "errors": len(errors), "unfinished": unfinished,
        "max_actions": job.max_actions,
        "win_share": [round(w / len(ok), 4) if ok else 0.0 for w in wins],
        "win_ci95": [[round(x, 4) for x in wilson(w, len(ok))] for w in wins],
        "first_player": {"won": first_wins, "decided": decided,
                         "share": round(first_wins / decided, 4) if decided else None,
                         "ci95": [round(x, 4) for x in wilson(first_wins, decided)]},
        "avg_actions": round(statistics.fmean([r["actions"] for r in ok]), 3) if ok else 0.0,
        "avg_turns": round(statistics.fmean([r["turns"] for r in ok]), 3) if ok else 0.0,
        "turns": _spread([r["turns"] for r in ok]), "actions": _spread([r["actions"] for r in ok]),
        "top_cards": cards,
        "fallbacks": [sum(r["fallbacks"][p] for r in records) for p in (0, 1)],
        "error_samples": [f"game {r['index']} (seed {r['seed']}): {r['error']}" for r in errors[:5]],
        "seconds": round(seconds, 3),
        "games_per_second": round(len(records) / seconds, 3) if seconds > 0 else None,
    }


def format_summary(d: dict, where: str) -> str:
    """Return the summary as the lines printed at the end of a run."""
    def pct(x):
        return f"{100 * x:.1f}%"
    done = d["games"] - d["errors"] - d.get("unfinished", 0)
    lines = [f"{d['ruleset']}: {d['games']} games, {d['p1']} (P1) vs {d['p2']} (P2), seed {d['seed']}, "
             f"{where}, {d['seconds']:.1f} s"]
    for p in (0, 1):
        lo, hi = d["win_ci95"][p]
        lines.append(f"  P{p + 1} {d['p' + str(p + 1)]:<7} wins {d['wins'][p]:>6}  {pct(d['win_share'][p]):>6} "
                     f"of {done} finished games  (95% CI {pct(lo)}–{pct(hi)})")
    lines.append(f"  draws {d['draws']} · errors {d['errors']}"
                 + (f" · unfinished {d['unfinished']} (still running after {d['max_actions']} actions, "
                    "the simulator's cap)" if d.get("unfinished") else "")
                 + (f" · bot fallbacks P1 {d['fallbacks'][0]}, P2 {d['fallbacks'][1]}" if any(d["fallbacks"]) else ""))
    fp = d["first_player"]
    if fp["decided"]:
        lo, hi = fp["ci95"]
        lines.append(f"  first player won {pct(fp['share'])} of {fp['decided']} decided games (95% CI {pct(lo)}–{pct(hi)}): "
                     f"{100 * (fp['share'] - 0.5):+.1f} points of first-player advantage")
    t, a = d["turns"], d["actions"]
    lines.append(f"  length: turns avg {t['avg']:.1f} (median {t['median']:g}, {t['min']}–{t['max']}) · "
                 f"actions avg {a['avg']:.1f} (median {a['median']:g}, {a['min']}–{a['max']})")
    if d["top_cards"]:
        lines.append("  cards played most in won games (share of wins · win rate when played):")
        for c in d["top_cards"]:
            lines.append(f"    {c['name']} [{c['card']}]  {pct(c['share_of_wins'])} · {pct(c['win_rate_when_played'])} "
                         f"of {c['played_games']}")
    for e in d["error_samples"]:
        lines.append(f"  error: {e}")
    return "\n".join(lines)


# --- the verb ---------------------------------------------------------------------------------
def run(args) -> int:
    """Run `tabletop simulate` with parsed arguments; return the exit code."""
    try:
        bots = (bot_name(args.p1), bot_name(args.p2))
    except ValueError as e:
        print(f"tabletop simulate: {e}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("tabletop simulate: --games must be at least 1", file=sys.stderr)
        return 2
    rs = load_ruleset(args.ruleset)
    if getattr(controller_class(rs.controller), "bots_pass", False):
        print(f"tabletop simulate: {rs.name_en or rs.id} has no rules to play by (every move is manual): "
              "bots only pass there, so there is nothing to simulate", file=sys.stderr)
        return 2
    decks = tuple(None if d is None else resolve_deck(rs, d, i) for i, d in enumerate((args.deck1, args.deck2)))
    job = Job(rs.id, bots, decks, int(args.seed), getattr(args, "think", None), getattr(args, "rollouts", None),
              getattr(args, "max_actions", None) or MAX_ACTIONS, keep_log=bool(args.out))
    plot_dir = getattr(args, "plot", None)
    if plot_dir:
        from tabletop.plots import need_matplotlib
        if need_matplotlib():
            print(f"tabletop simulate: --plot: {need_matplotlib()}", file=sys.stderr)
            return 2
    if args.workers is not None and args.workers < 1:
        print("tabletop simulate: --workers must be at least 1", file=sys.stderr)
        return 2
    workers = args.workers or os.cpu_count() or 1
    ray_address = getattr(args, "ray", None)
    if ray_address:
        try:
            import ray  # noqa: F401
        except ImportError:
            print("tabletop simulate: --ray needs the optional cluster extra: pip install 'tabletop[cluster]'",
                  file=sys.stderr)
            return 2
    from tqdm import tqdm
    t0 = time.perf_counter()
    with tqdm(total=args.games, desc=f"{rs.id} {bots[0]} vs {bots[1]}", unit="game", file=sys.stderr,
              disable=None, dynamic_ncols=True) as bar:
        records = run_games(job, args.games, workers, bar.update, ray_address)
    summary = summarize(records, job, time.perf_counter() - t0)
    summary["workers"] = "ray" if ray_address else workers
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                played_with = [(d or resolve_deck(rs, None, i)).to_dict() for i, d in enumerate(decks)]
                json.dump({**summary, "decks": played_with, "records": records}, f, ensure_ascii=False, indent=1,
                          default=json_default)
        except OSError as e:
            raise DataError(args.out, None, f"cannot write the results: {e.strerror}") from None
    if plot_dir:
        from tabletop.plots import plot_run
        from tabletop.ui.settings import user_language
        for path in plot_run(summary, records, plot_dir, lang=user_language()):   # the charts in the reader's language
            print(f"chart: {path}", file=sys.stderr)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, default=json_default))
    else:
        where = f"on Ray at {ray_address}" if ray_address else f"{workers} worker{'s' if workers != 1 else ''}"
        print(format_summary(summary, where))
    return 0
