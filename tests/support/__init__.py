"""Helpers shared by the tests: where the sample tables and artefacts are, sample tables to break one way at a time,
saved games built without a database, the helpers of the page and browser tests, and the engine's fixture cards.

Import them as ``from support.samples import sample_table`` (``tests/`` is on the path: it holds the root
``conftest.py``)."""
