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


@pytest.fixture(scope="session", autouse=True)
def _isolated_config(tmp_path_factory):
    """The store key of the whole session (fixtures of every scope included) lives in a temporary
    config directory, made on first use: never the user's ``~/.config/psa-toolkit/store.key``."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.getbasetemp() / "psa-config"))
        mp.delenv("PSA_TOOLKIT_STORE_KEY", raising=False)
        mp.delenv("PSA_TOOLKIT_TRUST_STORE", raising=False)
        yield


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """Keep 'psa-cert' verdict records, stored sweeps and stored certificate Monte Carlo of the tests
    out of the user's cache (one store for the session, so each sweep is computed once)."""
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path_factory.getbasetemp() / "psa-cache"))
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path_factory.getbasetemp() / "psa-store"))
