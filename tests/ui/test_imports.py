"""No import circles in tabletop/: every module's imports (top level and inside functions) form no cycle.

The graph is read from the source with `ast`, so it sees an import a function makes late (the usual way a
circle is hidden) as well as one at the top. `from pkg import name` counts as importing the module
`pkg.name` when there is one, else `pkg` itself (its `__init__`); imports under `if TYPE_CHECKING:` are
left out (they never run).
"""
import ast
from pathlib import Path

import tabletop

ROOT = Path(tabletop.__file__).resolve().parent
# Known circles allowed for now (none: the game ↔ scenario circle is gone, engine/start.py sits below both).
KNOWN: set = set()


def module_names() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _type_checking(node) -> bool:
    t = node.test
    return isinstance(t, ast.Name) and t.id == "TYPE_CHECKING" or isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"


def _imports(tree):
    """Yield every Import/ImportFrom node, skipping `if TYPE_CHECKING:` bodies."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def import_graph() -> dict[str, set[str]]:
    """Return {module: the tabletop modules it imports}."""
    mods = module_names()
    graph = {}
    for name, path in mods.items():
        is_pkg = path.name == "__init__.py"
        package = name if is_pkg else name.rpartition(".")[0]
        deps = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    up = up[:len(up) - (node.level - 1)]
                    base = ".".join(up + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            for t in targets:
                while t and t not in mods:   # `import a.b.c` of a missing module: its nearest package
                    t = t.rpartition(".")[0]
                if t and t != name:
                    deps.add(t)
        graph[name] = deps
    return graph


def cycles(graph) -> list[list[str]]:
    """Return the strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_late_imports_and_relative_ones():
    g = import_graph()
    assert "tabletop.ui.menu" in g["tabletop.ui.app"]          # from .menu import MenuScene
    assert "tabletop.ui.table.scene" in g["tabletop.ui.table"]  # from .scene import TableScene
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles_in_tabletop():
    found = [c for c in cycles(import_graph()) if frozenset(c) not in KNOWN]
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_ui_has_no_import_circle():
    found = [c for c in cycles(import_graph()) if any(m.startswith("tabletop.ui") for m in c)]
    assert not found, found


def test_no_module_over_500_lines_and_no_class_over_400():
    """Keep the code in parts a reader can hold (issues 18 and 34): every module of the package."""
    big = []
    for path in ROOT.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 500:
            big.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 400:
                big.append(f"{path.relative_to(ROOT)}: class {node.name} {node.end_lineno - node.lineno + 1} lines")
    assert not big, big
