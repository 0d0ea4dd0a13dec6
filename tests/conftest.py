import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--run-slow", action="store_true", default=False, help="also run the slow tier (tests marked 'slow')"
    )


def pytest_collection_modifyitems(config, items):
    """The slow tier (``@pytest.mark.slow``, e.g. the documentation build) is skipped unless asked for:
    ``python -m pytest -m slow`` runs only it, ``python -m pytest --run-slow`` runs everything."""
    if config.getoption("--run-slow") or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow tier: run with -m slow or --run-slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """Keep 'psa-cert' verdict records, stored sweeps and stored certificate Monte Carlo of the tests
    out of the user's cache (one store for the session, so each sweep is computed once)."""
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path_factory.getbasetemp() / "psa-cache"))
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path_factory.getbasetemp() / "psa-store"))
