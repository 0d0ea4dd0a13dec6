import pytest


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """Keep 'psa-cert' verdict records, stored sweeps and stored certificate Monte Carlo of the tests
    out of the user's cache (one store for the session, so each sweep is computed once)."""
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path_factory.getbasetemp() / "psa-cache"))
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path_factory.getbasetemp() / "psa-store"))
