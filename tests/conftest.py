import pytest


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """Keep 'psa-cert' verdict records of the tests out of the user's cache."""
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path_factory.getbasetemp() / "psa-cache"))
