"""``psa-cert coverage``: every number printed in a paper's text, found and accounted for (issue 27).

Modules: :mod:`.text` (sections, tables, mathematics of a text), :mod:`.numerals` (the numeral
tokens), :mod:`.locators` and :mod:`.locators_data` (where a certificate's printed numbers stand),
:mod:`.classify` (the class of each occurrence), :mod:`.report` (the analysis and its renderings).
"""
