"""The two tiers of the test suite (see ``tests/conftest.py`` and docs/performance.rst).

* fast tier -- ``python -m pytest``: every test not marked ``slow``; property-based tests run with
  fewer examples (:func:`examples`) and the claim-perturbation sweep on a seeded sample
  (:func:`sample`);
* slow tier -- ``python -m pytest -m slow``: the tests marked ``slow`` (CUDA simulator, notebooks,
  Chromium, plots, compiling kernels in fresh processes, the rest of the claim-perturbation sweep)
  and the property-based tests again with their full number of examples;
* ``python -m pytest --run-slow``: everything once, at full size.

``tests/conftest.py`` sets ``$PSA_TEST_TIER`` (``fast`` or ``slow``) before the test modules are
imported, so the sizes below are fixed at collection.
"""

from __future__ import annotations

import os
import random
import zlib
from typing import Callable, Hashable, Iterable, Sequence, TypeVar

T = TypeVar("T")

#: Environment variable naming the tier; set by ``tests/conftest.py`` (``fast`` when unset).
TIER_ENV = "PSA_TEST_TIER"
#: Environment variable choosing the fast tier's sample of the claim-perturbation sweep.
SEED_ENV = "PSA_SAMPLE_SEED"
#: The sample's seed when ``$PSA_SAMPLE_SEED`` is unset: every run of the fast tier tests the same set.
DEFAULT_SEED = 20


def full_size() -> bool:
    """True in the slow tier (and under ``--run-slow``): property-based tests at their full size."""
    return os.environ.get(TIER_ENV, "fast") == "slow"


def examples(full: int, fast: int | None = None) -> int:
    """Hypothesis ``max_examples``: ``full`` in the slow tier, else ``fast`` (default: an eighth of
    ``full``, at least 5)."""
    if full_size():
        return full
    return fast if fast is not None else max(5, full // 8)


def sample_seed() -> int:
    """The seed of the fast tier's samples (``$PSA_SAMPLE_SEED``, else :data:`DEFAULT_SEED`)."""
    text = os.environ.get(SEED_ENV, "").strip()
    try:
        return int(text) if text else DEFAULT_SEED
    except ValueError:
        raise ValueError(f"${SEED_ENV} must be an integer, got {text!r}") from None


def sample(
    items: Sequence[T],
    group: Callable[[T], Hashable],
    per_group: int = 1,
    seed: int | None = None,
    heavy: Callable[[T], bool] = lambda it: False,
) -> set[int]:
    """Indices of a deterministic sample of ``items``: ``per_group`` of every group (all of a smaller
    group), drawn with ``random.Random(seed)`` from each group in its own order, so that the same seed
    always picks the same items and every group (e.g. every certificate module) is covered.  Items
    for which ``heavy`` is true are drawn only from a group that has nothing else."""
    seed = sample_seed() if seed is None else seed
    groups: dict[Hashable, list[int]] = {}
    for i, it in enumerate(items):
        groups.setdefault(group(it), []).append(i)
    for key, members in groups.items():
        light = [i for i in members if not heavy(items[i])]
        groups[key] = light or members
    chosen: set[int] = set()
    for key in sorted(groups, key=repr):
        members = groups[key]
        rng = random.Random(zlib.crc32(repr((seed, key)).encode()))
        chosen.update(rng.sample(members, min(per_group, len(members))))
    return chosen


def split(items: Iterable[T], chosen: set[int], slow_mark) -> list:
    """``pytest.param`` of every item, the ones not in ``chosen`` marked with ``slow_mark``."""
    import pytest

    return [pytest.param(it, marks=() if i in chosen else slow_mark) for i, it in enumerate(items)]


def sampled_cases(
    cases: Sequence[tuple],
    ids: Sequence[str],
    group: Callable[[tuple], Hashable],
    per_group: int = 1,
) -> list:
    """``pytest.param(*case, id=...)`` of every case of a parametrised test whose cases differ only in
    data (e.g. the wrong inputs each certificate must FAIL on): the fast tier runs ``per_group`` of
    every group (a seeded :func:`sample`, e.g. one wrong input of every certificate), the slow tier
    the others, so that the two tiers together run every case once."""
    import pytest

    chosen = sample(cases, group=group, per_group=per_group)
    return [
        pytest.param(*case, id=name, marks=() if i in chosen else pytest.mark.slow)
        for i, (case, name) in enumerate(zip(cases, ids))
    ]
