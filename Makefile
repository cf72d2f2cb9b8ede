# make play  - create .venv if missing, install tabletop into it, open the game
# make test  - the same set-up, then ruff (lint) and the whole test suite (mypy on the engine included), headless
# make bench - the same set-up, then the benchmarks (figures printed as ratios)
# make bench-quick - the benchmarks with small samples (a smoke run, a few minutes)
# make test-fast - the engine and the five games' rules only (under a minute)
# make test-slow - the slow tests: 1,000 random games per ruleset, bots over many games, Ray
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play lint test test-fast test-slow bench bench-quick clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# plots (matplotlib): the chart tests run instead of being skipped; about 7 s and 150 MB more on a fresh clone
$(STAMP): $(BIN)/python pyproject.toml Makefile
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench,plots]'
	$(BIN)/python -m compileall -q tabletop   # bytecode now: a start never compiles, even with PYTHONDONTWRITEBYTECODE
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/tabletop

lint: $(STAMP)
	$(BIN)/ruff check tabletop tests

test: $(STAMP) lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

test-fast: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q tests/engine tests/games tests/test_rule_ids_tested.py

test-slow: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q -m slow

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m tabletop.bench

bench-quick: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m tabletop.bench --quick

clean:
	rm -rf $(VENV) build *.egg-info
