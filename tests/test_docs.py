"""The documentation builds with warnings as errors, and its API reference is complete (slow tier).

Builds ``docs/`` into a temporary folder with ``python -m sphinx -W --keep-going -b html`` (the
command of docs/index.rst), then checks that every public name of :mod:`theory.laws`,
:mod:`theory.laws.symbolic`, :mod:`montecarlo` and :mod:`certificates` (their ``__all__``) has an
entry in the built API pages, and that the CLI reference has a section for every sub-command of
both parsers.  Then (issue 28, item 5) that each function shows one signature, that the formulas
are MathML built into the pages (nothing loaded from the network), that the laws page opens with
the laws, that every public function of :mod:`theory.laws`, :mod:`montecarlo` and
:mod:`certificates.api` has Parameters, Returns and an example, and that those examples run.  Run
with ``python -m pytest -m slow`` (or ``--run-slow``).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("numpydoc")
pytest.importorskip("latex2mathml")  # docs/_ext/mathml_math.py renders the formulas

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs-html")
    doctrees = tmp_path_factory.mktemp("docs-doctrees")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-d", str(doctrees), str(DOCS), str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    assert proc.returncode == 0, f"sphinx failed (exit {proc.returncode}):\n{proc.stderr[-6000:]}"
    return out


def _ids(page: Path) -> set[str]:
    return {html.unescape(m) for m in re.findall(r'id="([^"]+)"', page.read_text(encoding="utf-8"))}


def _documented(ids: set[str], module: str, name: str) -> bool:
    """An object description (``id="module.name"``) or, for a submodule, its module target."""
    return f"{module}.{name}" in ids or f"module-{module}.{name}" in ids


def test_docs_build_and_pages(built):
    for page in (
        "index",
        "tour",
        "conventions",
        "certificates",
        "findings",
        "reproducing",
        "sweeps",
        "packs",
        "gpu",
        "performance",
        "cli",
        "api/laws",
        "api/montecarlo",
        "api/certificates",
    ):
        assert (built / f"{page}.html").is_file(), page


@pytest.mark.parametrize(
    "module, page",
    [
        ("theory.laws", "api/laws"),
        ("theory.laws.symbolic", "api/laws"),
        ("montecarlo", "api/montecarlo"),
        ("certificates", "api/certificates"),
    ],
)
def test_every_public_name_is_in_the_api_reference(built, module, page):
    import importlib

    names = list(importlib.import_module(module).__all__)
    assert names
    ids = _ids(built / f"{page}.html")
    missing = [n for n in names if not _documented(ids, module, n)]
    assert not missing, f"{module}: not in {page}.html: {missing}"


def test_cli_reference_has_every_subcommand(built):
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from cli_reference import subcommands

        import cli
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    ids = _ids(built / "cli.html")
    for builder in (cli._cert_parser, cli._mc_parser):
        subs = subcommands(builder())
        assert subs
        for name, _help, parser in subs:
            assert parser.prog.replace(" ", "-") in ids, parser.prog


# --- issue 28, item 5: docs a notebook user learns from -------------------------------------------

API_PAGES = ("api/laws", "api/montecarlo", "api/certificates")


def _text_outside_math(page: str) -> str:
    """The page's text with its ``<math>`` elements, scripts and code listings removed."""
    page = re.sub(r"<math\b.*?</math>", " ", page, flags=re.S)
    page = re.sub(r"<(script|style|pre)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("page", API_PAGES)
def test_one_signature_per_function(built, page):
    """The ``@overload`` pairs of the laws are not shown: each function has one signature."""
    text = (built / f"{page}.html").read_text(encoding="utf-8")
    blocks = re.findall(r'<dl class="py (?:function|method)">(.*?)<dd>', text, flags=re.S)
    assert blocks
    many = [re.findall(r'id="([^"]+)"', b) for b in blocks if b.count('<dt class="sig') != 1]
    assert not many, f"{page}: functions with several signatures: {many}"
    assert "TypeAliasForwardRef" not in text  # a nested type alias is written by its name


@pytest.mark.parametrize("page", ["api/laws", "api/montecarlo", "api/certificates", "certificates", "conventions"])
def test_math_is_mathml_built_offline(built, page):
    """Formulas are MathML in the page (no MathJax, no script from the network), none left as LaTeX."""
    text = (built / f"{page}.html").read_text(encoding="utf-8")
    assert "mathjax" not in text.lower()
    assert not re.search(r'<(script|link)\b[^>]*(src|href)="(https?:)?//', text), f"{page} loads from the network"
    rest = _text_outside_math(text)
    leftover = re.findall(r"\\(?:frac|sqrt|gamma|log|int|Phi|varphi|infty|le|ge|operatorname)\b", rest)
    assert not leftover, f"{page}: LaTeX outside MathML: {leftover[:5]}"


def test_laws_page_formulas_and_order(built):
    """The laws page opens with gamma_c, gamma_c_roots and p_inf (helpers last), and its formulas render."""
    text = (built / "api" / "laws.html").read_text(encoding="utf-8")
    assert text.count("<math") >= 50
    # the two-branch law (52) as a displayed formula, with its source kept for copying
    assert re.search(r'<div class="math[^"]*"[^>]*>\s*<math [^>]*display="block"', text)
    assert r"\frac{2L}{\sqrt{d_k} + \sqrt{d_k - 8L}}" in html.unescape(text)
    order = [m for m in re.findall(r'id="theory\.laws\.([A-Za-z_0-9]+)"', text)]
    assert order[:3] == ["gamma_c", "gamma_c_roots", "p_inf"], order
    assert order.index("L") > order.index("gamma_c_t3t4") and order.index("crossover") > order.index("p_inf")
    sig = text[text.index('id="theory.laws.gamma_c"') :]
    sig = html.unescape(re.sub(r"<[^>]+>", "", sig[: sig.index("</dt>")]))
    assert "gamma_c(dk: ArrayLike, T: ArrayLike, c: ArrayLike = C_CONDENSATION)" in sig, sig


def test_docs_cite_only_files_in_the_repository():
    """``design.md`` (and the other files of the project's working notes) is not in the repository."""
    for path in sorted(DOCS.rglob("*.rst")) + [ROOT / "README.md"]:
        text = path.read_text(encoding="utf-8")
        assert "design.md" not in text, path
        assert "shared/spec" not in text, path


def _public_modules() -> list[str]:
    """The modules that define the public functions of theory.laws, montecarlo and certificates.api."""
    import importlib
    import inspect

    mods = {"theory.laws", "theory.laws.symbolic", "certificates.api"}
    mc = importlib.import_module("montecarlo")
    for name in mc.__all__:
        obj = getattr(mc, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            mods.add(obj.__module__)
    return sorted(mods)


def test_every_public_function_has_parameters_returns_and_an_example():
    """numpydoc sections and a doctest for each public function (issue 28, item 5)."""
    import importlib
    import inspect

    import certificates.api

    laws = importlib.import_module("theory.laws")
    mc = importlib.import_module("montecarlo")
    funcs = [getattr(laws, n) for n in laws.__all__ if inspect.isfunction(getattr(laws, n))]
    funcs += [getattr(mc, n) for n in mc.__all__ if inspect.isfunction(getattr(mc, n))]
    funcs += [certificates.api.run]
    assert len(funcs) >= 20
    lacking = []
    for fn in funcs:
        doc = inspect.getdoc(fn) or ""
        for need in ("Parameters\n----------", "Returns\n-------", "Examples\n--------", ">>> "):
            if need not in doc:
                lacking.append(f"{fn.__module__}.{fn.__name__}: {need.splitlines()[0]}")
    assert not lacking, lacking


def test_doctests_of_the_public_api(tmp_path):
    """Every example in the docstrings of the public API runs (``pytest --doctest-modules``)."""
    files = []
    for mod in _public_modules():
        import importlib

        f = importlib.import_module(mod).__file__
        assert f
        files.append(f)
    env = dict(
        os.environ,
        PSA_TOOLKIT_CACHE=str(tmp_path / "cache"),
        PSA_TOOLKIT_STORE=str(tmp_path / "store"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", *files]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=900)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    ran = re.search(r"(\d+) passed", proc.stdout)
    assert ran and int(ran.group(1)) >= 25, proc.stdout[-2000:]
