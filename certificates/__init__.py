"""Certificates: one registry of checks of the papers' statements, a runner and renderers."""
from .registry import (Certificate, Kind, Outcome, Registry, RegistryError, Status,
                       available_packs, load_registry)
from .runner import Result, counts, run_all, run_one

__all__ = ["Certificate", "Kind", "Outcome", "Registry", "RegistryError", "Status",
           "available_packs", "load_registry", "Result", "counts", "run_all", "run_one"]
