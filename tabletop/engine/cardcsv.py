"""Cards as CSV, the way designers keep them in a spreadsheet: one card a row, one field a column.

A ruleset folder may hold `cards.csv` as well as (or instead of) `cards.yaml`; its rows are checked
exactly like cards.yaml's entries and every problem names `cards.csv:LINE` (the line the row starts
on). A cell of a text field is taken as written; any other cell (numbers, true/false, lists,
effects) is read as YAML, so `[a, b]` is a list and `{on: play, draw: 1}` a mapping. An empty cell
leaves the field at its default. `write_cards_csv` writes the same format, and reading it back gives
the same cards.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

import yaml

from .errors import DataError, DataErrors
from .yamlio import YList, YMap, parse_yaml


def _field_type(rs, common: dict, kind: str | None, name: str) -> str:
    if name in common:
        return common[name].get("type", "any")
    spec = rs.card_kinds.get(kind or "", {}).get("fields", {}).get(name)
    if spec is None:
        for k in rs.card_kinds.values():  # a column of another kind: read it the way that kind types it
            if name in k["fields"]:
                spec = k["fields"][name]
                break
    return (spec or {}).get("type") or "any"


def read_cards_csv(path: Path, rs, common: dict) -> YList:
    """Read cards.csv into the list cards.yaml would give (line numbers are the rows' lines);
    `common` is the spec of the fields every card has (ruleset.py's, passed in: no import circle)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")   # a spreadsheet's UTF-8 export starts with a BOM
    except UnicodeDecodeError as e:
        raise DataError(path, None, f"not UTF-8 text ({e.reason}); save the sheet as CSV UTF-8") from None
    except OSError as e:
        raise DataError(path, None, f"cannot read: {e.strerror}") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise DataError(path, 1, "empty file: expected a header row (id, name, kind, ...)") from None
    except csv.Error as e:
        raise DataError(path, 1, f"not a CSV file: {e}") from None
    header = [h.strip() for h in header]
    errors = []
    for col in ("id", "name", "kind"):
        if col not in header:
            errors.append(DataError(path, 1, f"header: no column {col!r} (columns: {', '.join(header)})"))
    seen = set()
    for h in header:
        if h in seen:
            errors.append(DataError(path, 1, f"header: column {h!r} appears twice"))
        seen.add(h)
    if errors:
        raise DataErrors(errors) if len(errors) > 1 else errors[0]
    cards = YList()
    cards.line, cards.item_lines = 1, []
    line = reader.line_num + 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            errors.append(DataError(path, line, f"row: {e}"))
            break
        start, line = line, reader.line_num + 1
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            errors.append(DataError(path, start, f"row has {len(row)} cells, the header {len(header)} columns"))
        card = YMap()
        card.line, card.key_lines = start, {}
        kind = row[header.index("kind")].strip() if header.index("kind") < len(row) else None
        for col, cell in zip(header, row):
            if cell == "" or not col:
                continue
            t = _field_type(rs, common, kind, col)
            if t == "str":
                value = cell
            else:
                try:
                    value = parse_yaml(cell, f"{path}:{start} column {col}")
                except DataError as e:
                    errors.append(DataError(path, start, f"column {col}: {e.message}"))
                    continue
            card[col] = value
            card.key_lines[col] = start
        cards.append(card)
        cards.item_lines.append(start)
    if errors:
        raise DataErrors(errors) if len(errors) > 1 else errors[0]
    return cards


def _cell(value, t: str) -> str:
    if value is None:
        return ""
    if t == "str" and isinstance(value, str):
        return value
    if isinstance(value, tuple):
        value = list(value)
    out = yaml.safe_dump(_plain(value), default_flow_style=True, allow_unicode=True, width=1 << 30).strip()
    return out[:-4].rstrip() if out.endswith("\n...") else out


def _plain(v):
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def write_cards_csv(rs, path: Path, common: dict) -> int:
    """Write the ruleset's cards as CSV (a column for each field some card sets); return how many.

    `common` is the spec of the fields every card has (engine.ruleset._CARD_COMMON)."""
    _CARD_COMMON = common
    cards = list(rs.cards.values())
    columns = ["id", "name", "name_en", "kind"]
    for name, spec in _CARD_COMMON.items():
        if name not in columns and any(getattr(c, name) not in (spec.get("default"), (), [], None) for c in cards):
            columns.append(name)
    for kspec in rs.card_kinds.values():
        for name in kspec["fields"]:
            if name not in columns and any(name in c.stats and c.stats[name] is not None for c in cards):
                columns.append(name)
    buf = io.StringIO(newline="")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for c in cards:
        row = []
        for col in columns:
            v = c.stats.get(col) if col in c.stats else (getattr(c, col) if col in _CARD_COMMON else None)
            if col not in _CARD_COMMON and col not in c.stats:
                v = None
            row.append(_cell(v, _field_type(rs, common, c.kind, col)))
        w.writerow(row)
    Path(path).write_text(buf.getvalue(), encoding="utf-8")
    return len(cards)
