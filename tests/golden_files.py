"""Golden files: texts kept in ``tests/golden/`` and compared with what the code writes now, and
the pieces every game's playthrough is written with.

Regenerate after a reviewed change:
``GUPAI_UPDATE_GOLDEN=1 pytest tests/test_<game>_golden.py``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, text: str) -> None:
    """Assert that ``text`` equals the golden file ``name``.txt (rewrite it first when
    ``GUPAI_UPDATE_GOLDEN`` is set)."""
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GUPAI_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


def played_out(
    deal: Any,
    choose: Callable[[Any], Any],
    note: Callable[[Any, Any, Any], list[str]] | None = None,
) -> list[str]:
    """Play ``deal`` to its end with ``choose(deal) -> move``: one line a move, the seat, the
    move and its verdict; ``note(deal, move, result)`` adds lines after a move is made."""
    out = []
    while not deal.is_over:
        move = choose(deal)
        out.append(f"{deal.name(deal.turn)} {move}: {deal.judge(move)}")
        result = deal.apply(move)
        if note is not None:
            out += note(deal, move, result)
    return out


def closing(deal: Any) -> list[str]:
    """The end of a playthrough: the transcript and the settlement, after blank lines."""
    return ["", deal.transcript(), "", str(deal.settle())]


def as_text(lines: list[str]) -> str:
    """The lines of a playthrough as one golden text."""
    return "\n".join(lines) + "\n"
