"""Widgets (anywidget): thin views over the rules engine; Python decides, the browser draws.

:class:`RuleLab` (chapter 07) needs matplotlib; it is imported on first use, so the other
widgets work where only the engine is installed (``pip install gupai-learn``, JupyterLite).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gupai_learn.widgets.deal_player import (
    DealPlayer,
    ReplayStepper,
    SettlementView,
    TrickView,
)
from gupai_learn.widgets.hand_picker import HandPicker
from gupai_learn.widgets.line_view import LineView
from gupai_learn.widgets.practice import Practice
from gupai_learn.widgets.puzzle_card import PuzzleCard
from gupai_learn.widgets.puzzle_set import PuzzleSet

if TYPE_CHECKING:
    from gupai_learn.widgets.rule_lab import RuleLab

__all__ = [
    "DealPlayer",
    "HandPicker",
    "LineView",
    "Practice",
    "PuzzleCard",
    "PuzzleSet",
    "ReplayStepper",
    "RuleLab",
    "SettlementView",
    "TrickView",
]


def __getattr__(name: str) -> object:
    """Load the rule lab (and with it matplotlib) only when it is asked for."""
    if name == "RuleLab":
        from gupai_learn.widgets.rule_lab import RuleLab

        return RuleLab
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
