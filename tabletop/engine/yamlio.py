"""YAML reading that remembers line numbers, and a small schema checker that names them.

Only `yaml.SafeLoader` is used (what `yaml.safe_load` uses): a subclass of it builds mappings and
lists that know the line they started on, so every later error can say `path:line: what is wrong`.

Every file is parsed in two steps — compose the node graph, check it, then build Python values — so a
hostile file is refused before it costs anything (limits, docs/architecture.md "Limits"):
nesting deeper than MAX_DEPTH, aliases (`*name`) that would expand to more than MAX_ALIAS_NODES nodes
beyond those written ("billion laughs"), and a single value longer than MAX_TEXT characters.
"""
from __future__ import annotations

from pathlib import Path

from . import cache
from .errors import DataError, DataErrors, clip
from .msg import msg


class YMap(dict):
    """A mapping read from YAML: `line` is where it starts, `key_lines[key]` where each key is."""

    line: int = 0
    key_lines: dict

    def line_of(self, key) -> int:
        return getattr(self, "key_lines", {}).get(key, self.line)


class YList(list):
    """A list read from YAML: `line` is where it starts, `item_lines[i]` where each item is."""

    line: int = 0
    item_lines: list

    def line_of(self, i: int) -> int:
        lines = getattr(self, "item_lines", [])
        return lines[i] if i < len(lines) else self.line


# Limits on what one YAML file may hold (documented in docs/architecture.md, "Limits").
MAX_DEPTH = 64              # nesting of mappings and lists (real files nest 7 deep)
MAX_ALIAS_NODES = 100_000   # nodes that aliases may add, counted as if every alias were written out
MAX_TEXT = 100_000          # characters in one value (the longest real one is under 1,000)

# Part of the parse cache's key: change it whenever what parse_yaml builds changes.
_PARSE_VERSION = "ymap-2"
_Loader = None     # built by _yaml() on first use: a ruleset read from the parse cache needs no PyYAML


def _yaml():
    """Import PyYAML and build the line-remembering loader, once; return the yaml module."""
    global _Loader
    import yaml
    if _Loader is not None:
        return yaml

    # libyaml's parser (CSafeLoader) when PyYAML has it: about ten times faster, same safe constructors.
    class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        pass

    # YAML 1.1 reads `on`, `off`, `yes`, `no` as booleans, so `{on: play}` would become `{True: play}`.
    # Card data uses `on:` for triggers: here only true/false are booleans (as in YAML 1.2).
    Loader.yaml_implicit_resolvers = {
        k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    for first in "tTfF":
        Loader.yaml_implicit_resolvers.setdefault(first, []).insert(
            0, ("tag:yaml.org,2002:bool", __import__("re").compile(r"^(?:true|True|TRUE|false|False|FALSE)$")))
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)
    _Loader = Loader
    return yaml


def _mapping(loader, node) -> YMap:
    loader.flatten_mapping(node)
    m = YMap()
    m.line = node.start_mark.line + 1
    m.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise DataError(loader.name, key_node.start_mark.line + 1, msg("a mapping key must be a plain value"))
        if key in m:
            raise DataError(loader.name, key_node.start_mark.line + 1, msg("duplicate key {key!r}", key=key))
        m[key] = loader.construct_object(value_node, deep=True)
        m.key_lines[key] = key_node.start_mark.line + 1
    return m


def _sequence(loader, node) -> YList:
    items = YList(loader.construct_object(n, deep=True) for n in node.value)
    items.line = node.start_mark.line + 1
    items.item_lines = [n.start_mark.line + 1 for n in node.value]
    return items




def check_nodes(root, path) -> None:
    """Refuse a composed YAML node graph that is too deep, expands too far through aliases, or holds a
    value too long (see the limits above); raise DataError naming the line. Iterative: no recursion.

    An alias is the same node object met again; its expanded size is counted once per use, each node's
    size computed once (so a billion-laughs file costs a few thousand steps here, not a billion).
    """
    if root is None:
        return
    size: dict[int, int] = {}          # id(node) -> nodes it stands for, written out
    distinct = 0
    stack = [(root, 1, False)]
    on_path: set[int] = set()
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        value = node.value
        if done:
            on_path.discard(key)
            kids = [x for pair in value for x in pair] if isinstance(value, list) and value and isinstance(
                value[0], tuple) else value
            total = 1 + sum(size.get(id(k), 1) for k in kids)
            size[key] = total
            if total - distinct > MAX_ALIAS_NODES:
                raise DataError(path, node.start_mark.line + 1,
                                msg("aliases here expand to over {n} values (an alias bomb?); write the values "
                                    "out, or use fewer aliases", n=f"{MAX_ALIAS_NODES:,}"))
            continue
        if key in size:
            continue                     # an alias of a node already counted
        if key in on_path:
            raise DataError(path, node.start_mark.line + 1, msg("a value that contains itself (a recursive alias)"))
        if isinstance(value, str):
            distinct += 1
            size[key] = 1
            if len(value) > MAX_TEXT:
                raise DataError(path, node.start_mark.line + 1,
                                msg("a value of {n} characters (at most {max})", n=f"{len(value):,}",
                                    max=f"{MAX_TEXT:,}"))
            continue
        if depth > MAX_DEPTH:
            raise DataError(path, node.start_mark.line + 1,
                            msg("nested more than {max} levels deep", max=MAX_DEPTH))
        distinct += 1
        on_path.add(key)
        stack.append((node, depth, True))
        kids = [x for pair in value for x in pair] if value and isinstance(value[0], tuple) else value
        for k in kids:
            if id(k) not in size:
                stack.append((k, depth + 1, False))


def parse_yaml(text: str, path: str | Path = "<text>"):
    """Parse YAML text safely; raise DataError with the line of a syntax error or of a limit broken."""
    yaml = _yaml()
    loader = _Loader(text)
    loader.name = str(path)   # what the constructors name in their errors
    try:
        node = loader.get_single_node()
        check_nodes(node, path)
        return loader.construct_document(node) if node is not None else None
    except RecursionError:
        raise DataError(path, None, msg("nested more than {max} levels deep", max=MAX_DEPTH)) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        problem = e.problem or e.context
        if e.context_mark is not None and e.problem_mark is not None and e.context_mark.line != e.problem_mark.line:
            # The parser notices late (an unclosed quote shows lines on): name where the construct began too.
            text = msg("YAML syntax error: {problem} ({context} at line {line})", problem=problem, context=e.context,
                       line=e.context_mark.line + 1)
        else:
            text = msg("YAML syntax error: {problem}", problem=problem)
        raise DataError(path, line, text) from None
    except yaml.YAMLError as e:
        raise DataError(path, None, msg("YAML error: {error}", error=str(e))) from None
    finally:
        loader.dispose()


def load_yaml(path: str | Path):
    """Read and parse a YAML file; a missing or unreadable file is a DataError too."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(path, None, msg("file not found")) from None
    except UnicodeDecodeError as e:
        raise DataError(path, None, msg("not UTF-8 text ({reason})", reason=e.reason)) from None
    except OSError as e:
        raise DataError(path, None, msg("cannot read: {error}", error=e.strerror)) from None
    key = cache.key("yaml", _PARSE_VERSION, text)
    found = cache.get(key)
    if found is not None:
        return found
    data = parse_yaml(text, path)
    cache.put(key, data)
    return data


# --- schema -----------------------------------------------------------------------------------
# A spec is a dict: {"type": "int"|"float"|"str"|"bool"|"list"|"map"|"any", "required": bool,
# "default": value, "choices": [...], "min": n, "max": n, "items": spec, "fields": {name: spec},
# "values": spec, "doc": "..."}. A "map" with "fields" refuses unknown keys; with "values" it
# accepts any key and checks each value.

_TYPES = {
    "int": (int,),
    "float": (int, float),
    "str": (str,),
    "bool": (bool,),
    "list": (list,),
    "map": (dict,),
}
_TYPE_WORDS = {"int": msg("a whole number"), "float": msg("a number"), "str": msg("text"),
               "bool": msg("true or false"), "list": msg("a list"), "map": msg("a mapping")}


def _describe(v) -> str:
    if v is None:
        return msg("nothing")
    if isinstance(v, bool):
        return f"{v!r}"
    if isinstance(v, dict):
        return msg("a mapping")
    if isinstance(v, list):
        return msg("a list")
    return f"{type(v).__name__} {clip(repr(v))}"


class Checker:
    """Collects every problem of one file, each with its line, then raises them together."""

    def __init__(self, path):
        self.path = str(path)
        self.errors: list[DataError] = []

    def error(self, line, message: str) -> None:
        self.errors.append(DataError(self.path, line, message))

    def done(self) -> None:
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise DataErrors(self.errors)

    def check(self, value, spec: dict, where: str, line: int):
        """Return value with defaults filled in; record each problem found."""
        t = spec.get("type", "any")
        if value is None and t != "any":
            if "default" in spec:
                return _copy_default(spec["default"])
            self.error(line, msg("{where}: missing (expected {type})", where=where, type=_TYPE_WORDS.get(t, t)))
            return None
        if t in _TYPES and (not isinstance(value, _TYPES[t]) or (t in ("int", "float") and isinstance(value, bool))):
            self.error(line, msg("{where}: expected {type}, found {value}", where=where, type=_TYPE_WORDS[t],
                                 value=_describe(value)))
            return _copy_default(spec.get("default"))
        if t == "str" and len(value) > MAX_TEXT:   # a CSV cell or a built value, not only YAML
            self.error(line, msg("{where}: text of {n} characters (at most {max})", where=where, n=f"{len(value):,}",
                                 max=f"{MAX_TEXT:,}"))
            return _copy_default(spec.get("default"))
        if "choices" in spec and not _hashable(value):
            self.error(line, msg("{where}: expected one of: {choices}, found {value}", where=where,
                                 choices=", ".join(str(c) for c in spec["choices"]), value=_describe(value)))
            return _copy_default(spec.get("default"))
        if "choices" in spec and value not in spec["choices"]:
            choices = ", ".join(str(c) for c in spec["choices"])
            self.error(line, msg("{where}: {value!r} is not one of: {choices}", where=where,
                                 value=clip(value) if isinstance(value, str) else value, choices=choices))
        if t in ("int", "float"):
            if "min" in spec and value < spec["min"]:
                self.error(line, msg("{where}: {value} is below the minimum {min}", where=where, value=value,
                                     min=spec["min"]))
            if "max" in spec and value > spec["max"]:
                self.error(line, msg("{where}: {value} is above the maximum {max}", where=where, value=value,
                                     max=spec["max"]))
        if t == "list" and "items" in spec:
            out = YList()
            out.line = getattr(value, "line", line)
            out.item_lines = []
            for i, item in enumerate(value):
                il = value.line_of(i) if isinstance(value, YList) else line
                out.append(self.check(item, spec["items"], f"{where}[{i}]", il))
                out.item_lines.append(il)
            return out
        if t == "map":
            return self.check_map(value, spec, where, line)
        return value

    def check_map(self, value: dict, spec: dict, where: str, line: int):
        out = YMap()
        out.line = getattr(value, "line", line)
        out.key_lines = dict(getattr(value, "key_lines", {}))
        fields = spec.get("fields")
        if fields is not None:
            for k in value:
                if k not in fields:
                    known = ", ".join(fields)
                    self.error(_line(value, k, line), msg("{where}: unknown key (known keys: {known})",
                                                          where=_join(where, k), known=known))
            for k, fspec in fields.items():
                if k in value:
                    out[k] = self.check(value[k], fspec, _join(where, k), _line(value, k, line))
                elif fspec.get("required"):
                    self.error(line, msg("{where}: missing required key", where=_join(where, k)))
                elif "default" in fspec:
                    out[k] = _copy_default(fspec["default"])
        if "values" in spec:
            for k, v in value.items():
                if fields is not None and k in fields:
                    continue
                if not isinstance(k, str):
                    self.error(_line(value, k, line), msg("{where}: key {key!r} must be text", where=where, key=k))
                out[k] = self.check(v, spec["values"], _join(where, k), _line(value, k, line))
        elif fields is None:
            out.update(value)
        return out


def _hashable(v) -> bool:
    try:
        hash(v)
    except TypeError:
        return False
    return True


def _line(m, key, default):
    return m.line_of(key) if isinstance(m, YMap) else default


def _join(where: str, key) -> str:
    return f"{where}.{key}" if where else str(key)


def _copy_default(v):
    if isinstance(v, dict):
        return YMap(v)
    if isinstance(v, list):
        return YList(v)
    return v
