"""pytest plugin of psa-toolkit: ``pytest --certificates`` collects every certificate as a test item.

Registered through the ``pytest11`` entry point under this module name, which is unique to
the psa-toolkit distribution, so it is loaded wherever psa-toolkit is installed -- and is
inert there: loading it imports only pytest (never :mod:`certificates`, a name other
projects may use for their own package), and nothing happens unless ``--certificates``
is given.  Items carry the marker ``certificate`` (``pytest --certificates -m certificate``
runs only them); FAIL and ERROR verdicts fail the item with the certificate's evidence,
NOT-CHECKABLE rows are skipped with their reason.  ``--cert-pack PACK`` picks the pack.
"""

from __future__ import annotations

import pytest


def terminal(text) -> str:
    """Text from a pack as pytest shows it: control characters and escape sequences shown escaped
    (:func:`psa_io.escape.terminal`, imported only once a certificate is reported)."""
    from psa_io.escape import terminal as escaped

    return escaped(text)


class CertificateFailure(Exception):
    def __init__(self, result):
        super().__init__(result.detail)
        self.result = result


def pytest_addoption(parser):
    group = parser.getgroup("psa-certificates", "psa-toolkit certificates")
    group.addoption(
        "--certificates",
        action="store_true",
        default=False,
        help="collect every psa-toolkit certificate as a test item",
    )
    group.addoption(
        "--cert-pack",
        default="psa",
        metavar="PACK",
        help="certificate pack to collect with --certificates (default psa; 'all')",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "certificate: a psa-toolkit certificate collected by --certificates")


class CertificateItem(pytest.Item):
    def __init__(self, *, cert, **kwargs):
        super().__init__(**kwargs)
        self.cert = cert
        self.add_marker("certificate")

    def runtest(self):
        from certificates import Status
        from certificates.runner import run_one

        result = run_one(self.cert)
        if result.status is Status.NOT_CHECKABLE:
            pytest.skip(f"NOT-CHECKABLE: {terminal(result.detail)}")
        if result.status is not Status.PASS:
            raise CertificateFailure(result)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CertificateFailure):
            from certificates.render import short

            r, t = excinfo.value.result, terminal  # pack text shown escaped: one field, one line
            return (
                f"{t(self.cert.id)} ({t(self.cert.supports)}) {r.status.value}\n"
                f"  verifies: {t(self.cert.verifies)}\n  measured: {short(r.measured, 400)}\n"
                f"  expected: {short(r.expected, 400)}\n  evidence: {t(r.detail)}"
            )
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return f"certificate {terminal(self.cert.pack)}", None, terminal(f"{self.cert.id}: {self.cert.supports}")


class CertificatePack(pytest.Collector):
    def __init__(self, *, pack, **kwargs):
        super().__init__(**kwargs)
        self.pack = pack

    def collect(self):
        from certificates import load_registry

        for cert in load_registry(self.pack):
            yield CertificateItem.from_parent(self, name=terminal(cert.id), cert=cert)


def pytest_collection_modifyitems(session, config, items):
    if not config.getoption("--certificates"):
        return
    pack = config.getoption("--cert-pack")
    collector = CertificatePack.from_parent(session, name=f"certificates[{pack}]", pack=pack)
    new = list(collector.collect())
    keyword = config.getoption("keyword")
    markexpr = config.getoption("markexpr")
    if keyword or markexpr:  # honour -k / -m for the items added here
        from _pytest.mark import deselect_by_keyword, deselect_by_mark

        deselect_by_keyword(new, config)
        deselect_by_mark(new, config)
    items.extend(new)
