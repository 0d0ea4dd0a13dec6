import contextlib
import gc
import os

#: One BLAS thread in the test process (unless the user set a count): what a ``psa-cert`` worker
#: has at the default ``--jobs`` on 2 cores (certificates.runner._worker_env).  Multi-threaded
#: OpenBLAS spin-waits between calls: on a 2-core machine 100 products of 128 x 128 matrices took
#: 0.53 s of CPU with two threads and 0.011 s with one, and the in-process checks of the fast tier
#: make many small products.  Set before NumPy is first imported (it reads the count at load);
#: no result depends on it (the suite's thread-count tests set their own environments).
for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

#: SymPy's cache unbounded in the test process (unless the user set a size; SymPy's default is
#: 1,000 entries per cached function): the test process runs every check of every pack, with its
#: wrong and corrected claims, in one process, and a bounded cache evicts what a later test asks for
#: again.  The default thrashed -- the fast tier took 111.6 and 112.2 s of CPU with it and 108.2 and
#: 108.3 s with 20,000 entries (2-core AVX2 machine, alternating runs); unbounded against 20,000 on a
#: 2-core AVX-512 machine, alternating runs of the warm-cache tier: 56.7, 57.8, 57.3 s against 59.9,
#: 59.2, 61.2 s, the session's peak RSS 746 against 735 MB (what is cached is small beside what the
#: session loads).  A ``psa-cert`` run checks each task in a worker of its own, where the size made
#: no difference (a first run 24.1/24.5 s against 24.5/23.4 s), so the toolkit leaves SymPy's
#: default alone.  The cache holds results of pure functions: no result depends on its size.  Set
#: before SymPy is first imported (it reads the size at load).
os.environ.setdefault("SYMPY_CACHE_SIZE", "none")

import pytest  # noqa: E402 - after the thread counts and cache size, before anything imports NumPy or SymPy

from tests.tiers import SEED_ENV, TIER_ENV, examples, sample_seed  # noqa: E402


def pytest_addoption(parser):
    parser.addoption(
        "--run-slow", action="store_true", default=False, help="also run the slow tier (tests marked 'slow')"
    )


def _slow_selected(config) -> bool:
    expr = config.getoption("-m") or ""
    return bool(config.getoption("--run-slow") or ("slow" in expr and "not slow" not in expr))


#: The test suite's own package: a module of it marked for assertion rewriting stays marked.
_TESTS_PACKAGE = __name__.rpartition(".")[0] or "tests"


def _rewrite_tests_only(config) -> None:
    """Assertion rewriting for the test code only: test files and conftest files (rewritten by their
    names, ``python_files``), not the packages of installed pytest plugins.

    pytest marks every top-level module of a distribution that has a ``pytest11`` entry point for
    rewriting (``Config._mark_plugins_for_rewrite``): psa-toolkit's own entry point
    (:mod:`psa_toolkit_pytest`) so marks ``certificates``, ``theory``, ``montecarlo``, ``psa_io``
    and ``cli``, and hypothesis, pytest-benchmark and platformdirs mark theirs.  A rewritten module
    is parsed, rewritten and compiled anew on each import (its bytecode is cached only where
    bytecode is written at all; never under ``PYTHONDONTWRITEBYTECODE``), some 240 modules and
    2.5-3 s CPU in every pytest process, and their ``assert`` statements (internal invariants) would
    behave differently under pytest than under ``psa-cert``.  The marks are unset here, before the
    first of those modules is imported by a test module; a test file's asserts are rewritten as
    before (``tests/test_tiers.py`` checks both).  ``_must_rewrite`` is private to pytest: where it
    is missing (another pytest), nothing is changed and all that is lost is the CPU."""
    hook = getattr(config.pluginmanager, "rewrite_hook", None)
    marked = getattr(hook, "_must_rewrite", None)
    known = getattr(hook, "_marked_for_rewrite_cache", None)
    if not isinstance(marked, set) or not isinstance(known, dict):
        return
    ours = {n for n in marked if n == _TESTS_PACKAGE or n.startswith(_TESTS_PACKAGE + ".")}
    marked.intersection_update(ours)
    known.clear()  # decisions already taken for names that are no longer marked


def pytest_configure(config):
    """The tier is known before the test modules are imported (:mod:`tests.tiers` reads it there)."""
    _rewrite_tests_only(config)
    os.environ[TIER_ENV] = "slow" if _slow_selected(config) else "fast"
    try:  # property-based tests that set no max_examples of their own: fewer in the fast tier
        from hypothesis import settings

        settings.register_profile("psa-fast", max_examples=examples(100))
        settings.load_profile("psa-fast")
    except ImportError:  # hypothesis is a test extra; the tests that need it skip without it
        pass


def pytest_report_header(config):
    return (
        f"test tier: {os.environ.get(TIER_ENV, 'fast')}; claim-perturbation sample seed {sample_seed()} "
        f"(${SEED_ENV}; the fast tier runs that sample, the slow tier the rest)"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """The slow tier (``@pytest.mark.slow``, e.g. the documentation build) is skipped unless asked for:
    ``python -m pytest -m slow`` runs only it, ``python -m pytest --run-slow`` runs everything.

    Property-based tests (Hypothesis, or marked ``sized``) run in both tiers: with fewer examples in
    the fast tier, with all of them in the slow tier (``-m slow`` selects them too)."""
    if _slow_selected(config):
        for item in items:
            if item.get_closest_marker("hypothesis") is not None or item.get_closest_marker("sized") is not None:
                item.add_marker(pytest.mark.slow)
        return
    skip = pytest.mark.skip(reason="slow tier: run with -m slow or --run-slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


def settle_heap() -> None:
    """Collect the garbage cycles, then move every object still alive to the collector's permanent
    generation (:func:`gc.freeze`): later collections no longer walk them.

    Everything a test session has loaded (SymPy, SciPy, the packs, the registry, caches that live for
    the session) is long-lived, and every full collection walked all of it again -- a full collection
    runs each time the heap has grown by a quarter, and pytest runs five at the end of the session:
    about a fifth of the CPU of a test file went to the collector.  Called after collection and after
    the last test of each file (its module-scoped fixtures are then gone, and their cycles collected
    here first), so each object is walked by a full collection about once.  Nothing is kept that would
    otherwise have been freed: reference counting still frees frozen objects; only a cycle among them
    that becomes garbage later waits for the end of the process.  The runner freezes the same way
    before it forks a worker (:mod:`certificates.workers`)."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """No automatic garbage collection while the test modules are imported: :func:`settle_heap`
    collects once when collection is over (``pytest_collection_finish``, inside this hook).

    Collection loads SymPy, SciPy, Numba, the packs and 99 test modules (whose asserts pytest parses
    and rewrites: many short-lived AST nodes).  The heap grows all the time, so the collector ran
    some 2,900 times during collection, 21 of them full collections walking everything loaded so
    far: 2.2 of the 8 s CPU of ``pytest --collect-only``.  Reference counting still frees what is no
    longer used; only garbage cycles made during collection wait for that one collection.  Whatever
    happens (a collection error, an interrupt), the collector is switched back on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return (yield)
    finally:
        if was_enabled:
            gc.enable()


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    settle_heap()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After the last test of a file (its module fixtures torn down): :func:`settle_heap`."""
    result = yield
    if nextitem is None or getattr(nextitem, "path", None) != getattr(item, "path", None):
        settle_heap()
    return result


@pytest.fixture(scope="session", autouse=True)
def _isolated_config(tmp_path_factory, _cache_dirs):
    """The store key of the whole session (fixtures of every scope included) lives in a temporary
    config directory, made on first use: never the user's ``~/.config/psa-toolkit/store.key``; and
    fixtures of every scope (a module-scoped fixture that runs certificates, not only a test) see the
    session's verdict cache and result store, never the user's."""
    with pytest.MonkeyPatch.context() as mp, environment(_cache_dirs):
        mp.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.getbasetemp() / "psa-config"))
        mp.delenv("PSA_TOOLKIT_STORE_KEY", raising=False)
        mp.delenv("PSA_TOOLKIT_TRUST_STORE", raising=False)
        yield


@pytest.fixture(scope="session")
def _cache_dirs(tmp_path_factory) -> dict[str, str]:
    """The session's verdict cache and result store (``$PSA_TOOLKIT_CACHE``, ``$PSA_TOOLKIT_STORE``)."""
    base = tmp_path_factory.getbasetemp()
    return {"PSA_TOOLKIT_CACHE": str(base / "psa-cache"), "PSA_TOOLKIT_STORE": str(base / "psa-store")}


@contextlib.contextmanager
def environment(values: dict[str, str]):
    """``os.environ`` updated with ``values`` in the block; afterwards each of those variables is
    what it was before (unset if it was unset), whatever the block set it to."""
    saved = [(name, os.environ.get(name)) for name in values]
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved:
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(autouse=True)
def _isolated_test(_cache_dirs):
    """Around every test:

    * 'psa-cert' verdict records, stored sweeps and stored certificate Monte Carlo of the tests stay
      out of the user's cache: ``$PSA_TOOLKIT_CACHE`` and ``$PSA_TOOLKIT_STORE`` name the session's
      folders (one store for the session, so each sweep is computed once) while the test runs, and
      are what they were before it afterwards (whatever the test set them to);
    * every test starts in a process no third-party pack has touched: a test that imported a test
      pack (they change nothing at import, or undo it) leaves no pristine template behind, so that
      later tests run the built-in checks from this process, as psa-cert would (issue 26).

    One fixture and :func:`environment` (these were two fixtures, one of them using ``monkeypatch``:
    the same variables are set and restored at the same points, about 0.07 ms less per test).  A
    test's own ``monkeypatch`` is set up after this fixture and undone before it, as before."""
    with environment(_cache_dirs):
        yield
    from certificates import pristine

    if pristine.third_party_loaded():
        from tests.hostile_pack import forget_third_party

        forget_third_party(False)
