"""`make bench`: speed, memory and strength figures, printed as `name: value` lines.

Each figure module in FIGURES exposes `run(report)`, where `report(name, value, note="")` records
one figure. Figures are ratios measured in one run wherever a floor or a peer exists, so that runs
on a noisy shared machine stay comparable. Nothing here is a timed test.
"""
