"""The layering of the project, checked on its source: no import cycle between files, no upward import.

Layers, bottom to top: ``theory`` and ``psa_io`` (neither imports the other), ``montecarlo``,
``certificates``, ``cli.py``.  The graph is built with :mod:`ast` from every ``import`` and
``from ... import`` anywhere in a file (inside functions too), relative imports resolved, and
``from pkg import name`` resolved to the submodule ``pkg/name.py`` when there is one (else to
``pkg/__init__.py``).  Importing a submodule also runs its package's ``__init__``, but that edge is
Python's, not the file's: only what a file writes is an edge.

An import under ``if TYPE_CHECKING:`` runs only for a type checker: it is no cycle at run time (two
modules may name each other's classes in annotations), so cycles are found without those edges;
the layering rule still counts them (a lower layer must not even name a higher one's types).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The project's top-level packages and modules, bottom layer first.
TOP = ("theory", "psa_io", "montecarlo", "certificates", "cli")
#: top-level name -> the top-level names it must not import.
FORBIDDEN = {
    "theory": {"psa_io", "montecarlo", "certificates", "cli"},
    "psa_io": {"theory", "montecarlo", "certificates", "cli"},
    "montecarlo": {"certificates", "cli"},
    "certificates": {"cli"},
    "cli": set(),
}


def module_files(root: Path, tops=TOP) -> dict[str, Path]:
    """Dotted module name -> file, for the packages and single-file modules named in ``tops``."""
    out: dict[str, Path] = {}
    for top in tops:
        single = root / f"{top}.py"
        if single.is_file():
            out[top] = single
        pkg = root / top
        if not (pkg / "__init__.py").is_file():
            continue
        for f in sorted(pkg.rglob("*.py")):
            rel = f.relative_to(root).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The longest prefix of ``name`` that is one of ``modules`` (``pkg.mod.func`` -> ``pkg.mod``)."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        cand = ".".join(parts[:n])
        if cand in modules:
            return cand
    return None


def _is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:`` (any ``....TYPE_CHECKING``)."""
    name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else None
    return name == "TYPE_CHECKING"


#: One import statement of a file: ``(from_, module, level, names, under_type_checking)`` --
#: ``import a, b.c`` is ``(False, None, 0, ("a", "b.c"), ...)``, ``from ..m import x, y`` is
#: ``(True, "m", 2, ("x", "y"), ...)``.
ImportRecord = tuple[bool, "str | None", int, tuple[str, ...], bool]


def _import_records(tree: ast.Module) -> tuple[ImportRecord, ...]:
    """Every ``import`` / ``from ... import`` statement of ``tree``, anywhere in it, and whether it is
    inside the body of an ``if TYPE_CHECKING:`` (at any depth).  Only statements are visited:
    an import is a statement, and a statement sits only in a statement list of another statement
    (a body, ``orelse``, ``finalbody``, an ``except`` handler or a ``case``), never in an expression."""
    out: list[ImportRecord] = []
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, tc = stack.pop()
        if isinstance(node, ast.Import):
            out.append((False, None, 0, tuple(a.name for a in node.names), tc))
            continue
        if isinstance(node, ast.ImportFrom):
            out.append((True, node.module, node.level, tuple(a.name for a in node.names), tc))
            continue
        guarded = isinstance(node, ast.If) and _is_type_checking(node.test)
        for field, value in ast.iter_fields(node):
            if not isinstance(value, list):
                continue
            inner = tc or (guarded and field == "body")
            for child in value:
                if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                    stack.append((child, inner))
    return tuple(out)


def _imports_in(path: Path) -> tuple[ImportRecord, ...]:
    """The import statements of a file, read once per version of it (both import graphs, and
    tests/certificates/test_pristine_serve.py, read every file).  Only these few records are kept,
    not the syntax trees: a million cached nodes would make every full garbage collection of the
    test session slow."""
    st = path.stat()
    return _imports_of_version(path, st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=None)
def _imports_of_version(path: Path, mtime_ns: int, size: int) -> tuple[ImportRecord, ...]:
    return _import_records(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))


def imports_of(mod: str, path: Path, modules: dict[str, Path], type_checking: bool = True) -> set[str]:
    """The project modules that the file ``path`` (module ``mod``) imports, anywhere in it
    (without those under ``if TYPE_CHECKING:`` when ``type_checking`` is false)."""
    is_pkg = path.name == "__init__.py"
    package = mod if is_pkg else mod.rpartition(".")[0]
    out: set[str] = set()
    for from_, module, level, names, tc in _imports_in(path):
        if tc and not type_checking:
            continue
        if not from_:  # import a, b.c
            for name in names:
                hit = _resolve(name, modules)
                if hit:
                    out.add(hit)
            continue
        if level:
            base_parts = package.split(".") if package else []
            up = level - 1
            if up > len(base_parts):
                continue
            base_parts = base_parts[: len(base_parts) - up] if up else base_parts
            base = ".".join(base_parts + ([module] if module else []))
        else:
            base = module or ""
        for name in names:
            sub = f"{base}.{name}" if base else name
            if sub in modules:  # from pkg import submodule
                out.add(sub)
                continue
            hit = _resolve(base, modules)
            if hit:
                out.add(hit)
    out.discard(mod)
    return out


def import_graph(root: Path, tops=TOP, type_checking: bool = True) -> dict[str, set[str]]:
    """module -> the project modules it imports (file level); ``type_checking=False`` leaves out the
    imports that only a type checker runs."""
    modules = module_files(root, tops)
    return {m: imports_of(m, p, modules, type_checking) for m, p in modules.items()}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component with more than one module (or a self-import), each as a
    cycle through it (``[a, b, ..., a]``), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    comps: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:  # Tarjan, iterative enough for a project's depth
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(_cycle_in(graph, set(c)) for c in comps)


def _cycle_in(graph: dict[str, set[str]], comp: set[str]) -> list[str]:
    """One cycle through the first module of a strongly connected component (breadth-first)."""
    start = min(comp)
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph.get(v, ())):
                if w not in comp:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return [start] + path[::-1][1:] + [start] if v != start else [start, start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return sorted(comp)  # pragma: no cover - a component always has a cycle


def upward_imports(graph: dict[str, set[str]], forbidden=FORBIDDEN) -> list[str]:
    """``a -> b`` for every import from a lower layer to a higher one."""
    bad = []
    for a, targets in sorted(graph.items()):
        for b in sorted(targets):
            if b.split(".")[0] in forbidden.get(a.split(".")[0], ()):
                bad.append(f"{a} -> {b}")
    return bad


# --- the project ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph():
    return import_graph(ROOT)


def test_the_graph_sees_the_project(graph):
    """The builder finds the packages and real edges (a graph of nothing would pass everything)."""
    assert {"theory.laws", "montecarlo.engine", "certificates.registry", "psa_io", "cli"} <= set(graph)
    assert "certificates.registry" in graph["certificates.runner"]
    assert any(t.startswith("montecarlo") for t in graph["certificates.psa._mcstore"])


def test_no_import_cycle():
    cycles = find_cycles(import_graph(ROOT, type_checking=False))
    assert not cycles, "import cycles between files:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_no_upward_import(graph):
    bad = upward_imports(graph)
    assert not bad, "imports from a lower layer to a higher one:\n" + "\n".join(bad)


# --- the checker itself --------------------------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return tmp_path


def test_checker_finds_a_cycle_through_relative_and_function_imports(tmp_path):
    root = _tree(
        tmp_path,
        {
            "theory/__init__.py": "",
            "theory/a.py": "from . import b\n",
            "theory/b.py": "def f():\n    from .c import g\n",
            "theory/c.py": "import theory.a\n",
            "theory/d.py": "from theory import a\n",
        },
    )
    g = import_graph(root, tops=("theory",))
    assert g["theory.a"] == {"theory.b"}
    assert g["theory.b"] == {"theory.c"}
    assert g["theory.d"] == {"theory.a"}
    assert find_cycles(g) == [["theory.a", "theory.b", "theory.c", "theory.a"]]


def test_checker_finds_a_cycle_through_a_package_init(tmp_path):
    root = _tree(
        tmp_path,
        {
            "certificates/__init__.py": "",
            "certificates/registry.py": "def packs():\n    from .psa import load\n",
            "certificates/psa/__init__.py": "from .._companion import collect\n",
            "certificates/_companion.py": "from .registry import Kind\n",
        },
    )
    g = import_graph(root, tops=("certificates",))
    assert g["certificates.registry"] == {"certificates.psa"}
    assert find_cycles(g) == [
        ["certificates._companion", "certificates.registry", "certificates.psa", "certificates._companion"]
    ]


def test_checker_finds_upward_imports_and_passes_a_clean_tree(tmp_path):
    root = _tree(
        tmp_path,
        {
            "theory/__init__.py": "",
            "theory/laws.py": "import math\n",
            "montecarlo/__init__.py": "from theory import laws\n",
            "certificates/__init__.py": "import montecarlo\n",
            "cli.py": "import certificates\nfrom montecarlo import engine\n",
        },
    )
    g = import_graph(root)
    assert find_cycles(g) == [] and upward_imports(g) == []
    (root / "montecarlo" / "engine.py").write_text("def f():\n    import cli\n", encoding="utf-8")
    (root / "theory" / "laws.py").write_text("from certificates import x\n", encoding="utf-8")
    g = import_graph(root)
    assert upward_imports(g) == ["montecarlo.engine -> cli", "theory.laws -> certificates"]
    assert find_cycles(g) == [
        ["certificates", "montecarlo", "theory.laws", "certificates"],
        ["cli", "montecarlo.engine", "cli"],
    ]


def test_type_checking_imports_make_no_cycle_but_still_count_for_the_layers(tmp_path):
    head = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
    root = _tree(
        tmp_path,
        {
            "montecarlo/__init__.py": "",
            "montecarlo/a.py": "from .b import f\n",
            "montecarlo/b.py": head + "    from .a import X\n    from certificates.c import Y\n",
            "certificates/__init__.py": "",
            "certificates/c.py": "",
        },
    )
    assert not find_cycles(import_graph(root, type_checking=False))
    assert find_cycles(import_graph(root))
    assert upward_imports(import_graph(root)) and not upward_imports(import_graph(root, type_checking=False))


def test_the_statement_walk_finds_every_import_that_a_full_walk_finds():
    """:func:`_import_records` visits statements only: it finds the imports that :func:`ast.walk`
    finds over every node, in every kind of statement list, with the same ``TYPE_CHECKING`` flag
    (inside the body of such an ``if``, at any depth; not in its ``else``)."""
    src = (
        "import a\nfrom typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import b\n    def f():\n        from .c import d\n"
        "else:\n    import e\n"
        "if typing.TYPE_CHECKING:\n    from f import g\n"
        "class K:\n    import h\n    def m(self):\n        for i in x:\n            import i1\n        else:\n"
        "            import i2\n"
        "try:\n    import j\nexcept ImportError:\n    import k\nelse:\n    import l\nfinally:\n    import m\n"
        "while x:\n    import n\nelse:\n    import o\n"
        "with x:\n    import p\n"
        "async def q():\n    async with x:\n        import r\n    async for y in x:\n        import s\n"
        "match x:\n    case 1:\n        import t\n"
        "try:\n    pass\nexcept* E:\n    from ... import u\n"
        "lam = lambda: __import__('v')\n"
    )
    tree = ast.parse(src)
    flagged: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            flagged.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    full = [
        (
            isinstance(n, ast.ImportFrom),
            getattr(n, "module", None),
            getattr(n, "level", 0),
            tuple(a.name for a in n.names),
            id(n) in flagged,
        )
        for n in ast.walk(tree)
        if isinstance(n, (ast.Import, ast.ImportFrom))
    ]
    records = _import_records(tree)
    assert sorted(records, key=repr) == sorted(full, key=repr) and len(records) == 20
    assert {r[3] for r in records if r[4]} == {("b",), ("d",), ("g",)}
