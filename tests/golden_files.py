"""Golden files: texts kept in ``tests/golden/`` and compared with what the code writes now.

Regenerate after a reviewed change:
``GUPAI_UPDATE_GOLDEN=1 pytest tests/test_<game>_golden.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, text: str) -> None:
    """Assert that ``text`` equals the golden file ``name``.txt (rewrite it first when
    ``GUPAI_UPDATE_GOLDEN`` is set)."""
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GUPAI_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text
