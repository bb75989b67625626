"""Widgets (anywidget): thin views over the rules engine; Python decides, the browser draws."""

from gupai_learn.widgets.deal_player import (
    DealPlayer,
    ReplayStepper,
    SettlementView,
    TrickView,
)
from gupai_learn.widgets.hand_picker import HandPicker
from gupai_learn.widgets.line_view import LineView
from gupai_learn.widgets.puzzle_card import PuzzleCard
from gupai_learn.widgets.puzzle_set import PuzzleSet
from gupai_learn.widgets.rule_lab import RuleLab

__all__ = [
    "DealPlayer",
    "HandPicker",
    "LineView",
    "PuzzleCard",
    "PuzzleSet",
    "ReplayStepper",
    "RuleLab",
    "SettlementView",
    "TrickView",
]
