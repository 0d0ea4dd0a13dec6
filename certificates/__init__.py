"""Certificates: one registry of checks of the papers' statements, a runner and renderers.

From Python (a notebook): ``certificates.run(only="C2,thm49")`` returns a
:class:`CertificateRun` -- a list of results with a summary, the findings by severity,
``to_json()`` / ``to_frame()``, and a table when displayed.
"""

from . import display as _display
from . import pristine_serve as _pristine_serve  # noqa: F401 - hands the template its answer before any pack loads
from .api import CertificateRun, run
from .registry import Certificate, Kind, Outcome, Registry, RegistryError, Status, available_packs, load_registry
from .results import Result, counts
from .runner import run_all, run_one

_display.attach()

__all__ = [
    "Certificate",
    "CertificateRun",
    "Kind",
    "Outcome",
    "Registry",
    "RegistryError",
    "Status",
    "available_packs",
    "load_registry",
    "Result",
    "counts",
    "run",
    "run_all",
    "run_one",
]


def __dir__() -> list[str]:
    """Public names and public submodules only."""
    return sorted(
        set(__all__)
        | {"registry", "runner", "results", "render", "claims", "printed", "graph", "lastrun", "api", "display"}
    )
