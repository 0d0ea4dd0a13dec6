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
