"""Run every benchmark figure module and print one summary, one `name: value` line per figure."""
from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback

# Each module exposes run(report); add new figure modules here.
FIGURES = ["engine", "startup", "frames", "layout", "bots", "soak", "fuzz", "hostile"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tabletop.bench")
    ap.add_argument("only", nargs="*", help="figure modules to run (default: all)")
    ap.add_argument("--quick", action="store_true", help="smaller sample sizes, for a smoke run")
    args = ap.parse_args(argv)
    results: list[tuple[str, str, str]] = []

    def report(name: str, value, note: str = "") -> None:
        text = f"{value:.3f}" if isinstance(value, float) else str(value)
        results.append((name, text, note))
        print(f"  {name}: {text}{'  # ' + note if note else ''}", flush=True)

    report.quick = args.quick
    failed = 0
    for name in args.only or FIGURES:
        try:
            mod = importlib.import_module(f"tabletop.bench.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"tabletop.bench.{name}":
                print(f"[{name}] not available yet", flush=True)
                continue
            raise
        print(f"[{name}]", flush=True)
        t0 = time.perf_counter()
        try:
            mod.run(report)
        except Exception:
            failed += 1
            traceback.print_exc()
            report(f"{name}.error", 1)
        print(f"[{name}] {time.perf_counter() - t0:.1f} s", flush=True)
    print("\n# summary")
    for name, text, _ in results:
        print(f"{name}: {text}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
