"""Former home of the pytest plugin; it now lives in the top-level module :mod:`psa_toolkit_pytest`.

The ``pytest11`` entry point names ``psa_toolkit_pytest`` (a module name unique to this
distribution), so that a project with its own ``certificates`` package can still run
pytest where psa-toolkit is installed.  This module only re-exports the plugin's classes
for code that imported them from here; it is not registered with pytest.
"""

from psa_toolkit_pytest import CertificateFailure, CertificateItem, CertificatePack  # noqa: F401

__all__ = ["CertificateFailure", "CertificateItem", "CertificatePack"]
