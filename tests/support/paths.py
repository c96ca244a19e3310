"""Where the tests find the project: its root, the sample tables (``seeds/``) and the folder of artefacts to look at
(``test-artifacts/``, git-ignored: screenshots and rendered sheets)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The sample finished tables of the README (the project's ``seeds/`` folder).
SAMPLES = ROOT / "seeds"
ARTIFACTS = ROOT / "test-artifacts"
