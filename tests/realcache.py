"""Each certificate's own check as printed, run once per test session.

Several test files read the verdict of the same check called with no arguments -- a pack's
``test_real_verdict``, the evidence-level tests, the claim-perturbation test's baseline -- and the
check is deterministic (its Monte Carlo is seeded), so the first call's :class:`~certificates.api.Outcome`
serves the others.  Only the check *as printed* is kept: a test that calls it with other arguments,
or under a patched helper, calls it itself.  An exception is not kept (each caller sees it raised).
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

_OUTCOMES: dict[str, Any] = {}


def outcome(cert: Any) -> Any:
    """``cert.check()`` (its stdout swallowed), computed on the first call for ``cert.id``."""
    if cert.id not in _OUTCOMES:
        assert cert.check is not None, cert.id
        with contextlib.redirect_stdout(io.StringIO()):
            _OUTCOMES[cert.id] = cert.check()
    return _OUTCOMES[cert.id]
