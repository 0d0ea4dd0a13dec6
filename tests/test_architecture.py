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


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``) blocks."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            t = node.test
            name = t.id if isinstance(t, ast.Name) else t.attr if isinstance(t, ast.Attribute) else None
            if name == "TYPE_CHECKING":
                for stmt in node.body:
                    for sub in ast.walk(stmt):
                        inside.add(id(sub))
    return inside


def _parse(path: Path) -> ast.Module:
    """The syntax tree of a file, parsed once per version of it (both import graphs read every file)."""
    st = path.stat()
    return _parse_version(path, st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=None)
def _parse_version(path: Path, mtime_ns: int, size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imports_of(mod: str, path: Path, modules: dict[str, Path], type_checking: bool = True) -> set[str]:
    """The project modules that the file ``path`` (module ``mod``) imports, anywhere in it
    (without those under ``if TYPE_CHECKING:`` when ``type_checking`` is false)."""
    tree = _parse(path)
    is_pkg = path.name == "__init__.py"
    package = mod if is_pkg else mod.rpartition(".")[0]
    skip = set() if type_checking else _type_checking_nodes(tree)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                hit = _resolve(a.name, modules)
                if hit:
                    out.add(hit)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".") if package else []
                up = node.level - 1
                if up > len(base_parts):
                    continue
                base_parts = base_parts[: len(base_parts) - up] if up else base_parts
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for a in node.names:
                sub = f"{base}.{a.name}" if base else a.name
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
