"""The test tiers themselves (tests/tiers.py, tests/conftest.py): sizes and the seeded sample."""

from __future__ import annotations

import pytest

from tests import tiers


def test_examples_are_smaller_in_the_fast_tier_and_full_in_the_slow_one(monkeypatch):
    monkeypatch.setenv(tiers.TIER_ENV, "fast")
    assert tiers.examples(80) == 10 and tiers.examples(20) == 5 and tiers.examples(20, fast=3) == 3
    monkeypatch.setenv(tiers.TIER_ENV, "slow")
    assert tiers.examples(80) == 80 and tiers.examples(20, fast=3) == 20


def test_the_sample_is_seeded_covers_every_group_and_avoids_heavy_items(monkeypatch):
    items = [(g, i) for g in "abcde" for i in range(8)] + [("f", 0)]
    group = lambda it: it[0]  # noqa: E731
    heavy = lambda it: it[1] == 0  # noqa: E731
    picks = {seed: tiers.sample(items, group, seed=seed, heavy=heavy) for seed in range(6)}
    for chosen in picks.values():
        assert {items[i][0] for i in chosen} == set("abcdef") and len(chosen) == 6
        assert all(items[i][1] != 0 or items[i][0] == "f" for i in chosen)  # "f" has nothing lighter
    assert len({frozenset(c) for c in picks.values()}) > 1  # another seed, another sample
    assert tiers.sample(items, group, seed=3, heavy=heavy) == picks[3]
    monkeypatch.setenv(tiers.SEED_ENV, "3")
    assert tiers.sample_seed() == 3 and tiers.sample(items, group, heavy=heavy) == picks[3]
    monkeypatch.setenv(tiers.SEED_ENV, "x")
    with pytest.raises(ValueError, match="PSA_SAMPLE_SEED"):
        tiers.sample_seed()


def test_split_marks_what_the_sample_leaves_out():
    params = tiers.split(["a", "b", "c"], {1}, pytest.mark.slow)
    assert [bool(p.marks) for p in params] == [True, False, True]
    assert [p.values[0] for p in params] == ["a", "b", "c"]


def test_test_files_are_rewritten_and_the_toolkit_is_not(pytestconfig):
    """tests/conftest.py unmarks the installed plugins' packages for assertion rewriting (CPU): a
    test's failing assert still explains itself, while the toolkit's modules load as under psa-cert."""
    import sys

    from _pytest.assertion.rewrite import AssertionRewritingHook

    import certificates.registry

    seen = [1, 2]
    with pytest.raises(AssertionError) as failed:
        assert seen == [1, 3]
    assert "assert [1, 2] == [1, 3]" in str(failed.value)  # introspection: this file was rewritten
    assert isinstance(sys.modules[__name__].__loader__, AssertionRewritingHook)
    assert not isinstance(certificates.registry.__loader__, AssertionRewritingHook)
    hook = pytestconfig.pluginmanager.rewrite_hook
    assert not {"certificates", "theory", "montecarlo", "psa_io", "cli"} & hook._must_rewrite


def test_settle_heap_collects_cycles_then_freezes_what_is_alive():
    """tests/conftest.py's :func:`settle_heap` (after collection and after each file): garbage
    cycles are freed first, the objects still alive are frozen (no later collection walks them)."""
    import gc
    import weakref

    from tests.conftest import settle_heap

    class Node:
        pass

    assert gc.get_freeze_count() > 0  # the session froze what collection loaded
    dead, alive = Node(), Node()
    dead.me, alive.me = dead, alive  # two cycles: one dropped, one kept
    gone = weakref.ref(dead)
    del dead
    before = gc.get_freeze_count()
    settle_heap()
    assert gone() is None and alive.me is alive
    assert gc.get_freeze_count() > before and not any(o is alive for o in gc.get_objects())


def test_collection_ran_without_the_automatic_collector_and_switched_it_back_on():
    """tests/conftest.py switches the automatic garbage collector off while the test modules are
    imported (``pytest_collection``) and on again afterwards: the tests run with it."""
    import gc

    assert gc.isenabled()


def test_every_test_runs_with_the_session_cache_and_store(tmp_path_factory):
    """The autouse fixture of tests/conftest.py: each test sees the session's verdict cache and store."""
    import os

    base = tmp_path_factory.getbasetemp()
    assert os.environ["PSA_TOOLKIT_CACHE"] == str(base / "psa-cache")
    assert os.environ["PSA_TOOLKIT_STORE"] == str(base / "psa-store")


@pytest.fixture(scope="module")
def _module_scoped_environment():
    """What a module-scoped fixture (set up before any per-test fixture) sees."""
    import os

    return os.environ.get("PSA_TOOLKIT_CACHE"), os.environ.get("PSA_TOOLKIT_STORE")


def test_module_scoped_fixtures_see_the_session_cache_and_store(_module_scoped_environment, tmp_path_factory):
    """A module-scoped fixture that runs certificates writes into the session's folders, not the user's."""
    base = tmp_path_factory.getbasetemp()
    assert _module_scoped_environment == (str(base / "psa-cache"), str(base / "psa-store"))


def test_environment_restores_what_was_set_and_unsets_what_was_not(monkeypatch):
    """tests/conftest.py's :func:`environment` (around every test): afterwards each variable is what
    it was before, whatever the block did to it."""
    import os

    from tests.conftest import environment

    monkeypatch.setenv("PSA_TIERS_TEST_SET", "before")
    monkeypatch.delenv("PSA_TIERS_TEST_UNSET", raising=False)
    with environment({"PSA_TIERS_TEST_SET": "in", "PSA_TIERS_TEST_UNSET": "in"}):
        assert os.environ["PSA_TIERS_TEST_SET"] == os.environ["PSA_TIERS_TEST_UNSET"] == "in"
        os.environ["PSA_TIERS_TEST_SET"] = "changed by the test"
        del os.environ["PSA_TIERS_TEST_UNSET"]
    assert os.environ["PSA_TIERS_TEST_SET"] == "before" and "PSA_TIERS_TEST_UNSET" not in os.environ
    with pytest.raises(RuntimeError), environment({"PSA_TIERS_TEST_UNSET": "in"}):
        raise RuntimeError
    assert "PSA_TIERS_TEST_UNSET" not in os.environ


def test_sympy_read_the_test_process_cache_size():
    """tests/conftest.py sets SYMPY_CACHE_SIZE before SymPy is first imported (SymPy reads it at
    load): a plugin or conftest import that loads SymPy earlier would silently make it the default."""
    import os

    import sympy.core.cache

    size = os.environ.get("SYMPY_CACHE_SIZE")
    assert size
    assert sympy.core.cache.SYMPY_CACHE_SIZE == (None if size.lower() == "none" else int(size))
