"""Calls under Numba's thread counts 1 and 2 (the process's own count when it has fewer), with
the count it had restored afterwards: what the tests of "no bit depends on the thread count" share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import numba

R = TypeVar("R")


def thread_counts() -> list[int]:
    """1 and 2, or just 1 where Numba's pool has one thread."""
    return sorted({1, min(2, numba.config.NUMBA_NUM_THREADS)})


def one_then_two() -> list[int]:
    """[1, 2], or [1, 1] where Numba's pool has one thread: always a pair to compare."""
    return [1, min(2, numba.config.NUMBA_NUM_THREADS)]


def under_thread_counts(call: Callable[[], R], counts: list[int] | None = None) -> list[R]:
    """``call()`` under each of ``counts`` (default :func:`thread_counts`) Numba threads, in order."""
    before = numba.get_num_threads()
    try:
        results = []
        for n in thread_counts() if counts is None else counts:
            numba.set_num_threads(n)
            results.append(call())
        return results
    finally:
        numba.set_num_threads(before)
