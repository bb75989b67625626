"""Puzzle kinds: a few generic checkers shared by the games of a family (design.md §7).

A bank entry (``puzzles/banks/<game>.toml``) names its kind and gives its set-up; the kind makes
the :class:`Puzzle`: its picture, its answer form, and a checker that asks the engine or the
solver about the learner's answer. No answer is stored, so every correct answer is accepted.
Kinds reach a game only through its :class:`~gupai_learn.engine.game.GameInfo`; the rule ids
they cite in their own sentences come from the bank's ``[roles]`` table.

================  =======  =================================================================
kind              answer   judged by
================  =======  =================================================================
``piece-fact``    choice   an attribute of one piece (a tile's suit)
``count``         numbers  how many pieces of the set have an attribute
``classify``      choice   ``GameInfo.classify``: the class of a lead
``may-lead``      choice   the engine's verdict on leading the pieces, against each claim
``beats``         tiles    ``deal.judge``: any face-up play that beats the table
``trick-winner``  choice   the engine, each offered play going face up if the rules allow
``settle``        numbers  ``deal.settle()``
``won``           numbers  ``deal.won`` (columns or tricks per seat)
``endgame``       move     ``GameInfo.solve``: every lead that still forces the last trick
``deal-fact``     choice   a named fact of the deal: ``turn``, ``trick-size``, ``winner``;
                           line games: ``blocker``, ``first-place``, ``blocked-winner``
``line-fit``      choice   ``deal.judge`` at each end: where a tile may go on the line
``line-move``     move     ``deal.judge``, then the ``goal``: any legal move, one that makes
                           no fish, one that makes a fish, or (``GameInfo.solve``) one that
                           still forces first place
``fish``          choice   ``deal.fish``: whether the line is blocked, and its kind
``points``        numbers  ``deal.points`` (a line game's points per seat)
``line-settle``   numbers  ``deal.settle()`` of a finished line deal, drawn with its line
``line-score``    numbers  the points a play scores: the awards ``deal.settle()`` adds
``round-end``     choice   ``deal.ending``: in play, blocked or dominoed, and why
``sim-compare``   choice   :mod:`gupai_learn.sim`: seeded deals played under two variants
                           (rules or players); the higher one, or "about the same" when
                           the 95% intervals overlap (measured when first checked)
================  =======  =================================================================

The kinds live in small modules by subject — :mod:`~.entry` (a bank entry and its set-up),
:mod:`~.speak` (reading answers, the sentences), :mod:`~.pieces`, :mod:`~.leads`,
:mod:`~.trick`, :mod:`~.ending`, :mod:`~.facts`, :mod:`~.line_pictures`, :mod:`~.line_moves`,
:mod:`~.line_end` and :mod:`~.sims` — and are all reachable from this package, whose
:data:`KINDS` maps a bank's kind name to its maker.
"""

from __future__ import annotations

from collections.abc import Callable

from gupai_learn.puzzles.kinds.ending import endgame, settle, settlement_reasons, won
from gupai_learn.puzzles.kinds.entry import Entry, Setup
from gupai_learn.puzzles.kinds.facts import FACTS, WHY_NOT, deal_fact
from gupai_learn.puzzles.kinds.leads import Claim, classify, may_lead
from gupai_learn.puzzles.kinds.line_end import fish, line_score, line_settle, points, round_end
from gupai_learn.puzzles.kinds.line_moves import MOVE_WORDS, deal_seat, line_fit, line_move
from gupai_learn.puzzles.kinds.pieces import count, piece_fact
from gupai_learn.puzzles.kinds.sims import MeasuredSolution, SimVariant, sim_compare
from gupai_learn.puzzles.kinds.speak import (
    RULE_AT_END,
    WORDS,
    correct,
    counted,
    incorrect,
    lead_verdict,
    mistakes,
    numbers_please,
    read_numbers,
    read_pieces,
)
from gupai_learn.puzzles.kinds.trick import beats, trick_winner
from gupai_learn.puzzles.model import Puzzle

#: Every kind, by the name a bank entry gives.
KINDS: dict[str, Callable[[Entry], Puzzle]] = {
    "piece-fact": piece_fact,
    "count": count,
    "classify": classify,
    "may-lead": may_lead,
    "beats": beats,
    "trick-winner": trick_winner,
    "settle": settle,
    "won": won,
    "endgame": endgame,
    "deal-fact": deal_fact,
    "line-fit": line_fit,
    "line-move": line_move,
    "fish": fish,
    "points": points,
    "line-settle": line_settle,
    "line-score": line_score,
    "round-end": round_end,
    "sim-compare": sim_compare,
}

__all__ = [
    "Claim",
    "Entry",
    "FACTS",
    "KINDS",
    "MOVE_WORDS",
    "MeasuredSolution",
    "RULE_AT_END",
    "Setup",
    "SimVariant",
    "WHY_NOT",
    "WORDS",
    "beats",
    "classify",
    "correct",
    "count",
    "counted",
    "deal_fact",
    "deal_seat",
    "endgame",
    "fish",
    "incorrect",
    "lead_verdict",
    "line_fit",
    "line_move",
    "line_score",
    "line_settle",
    "may_lead",
    "mistakes",
    "numbers_please",
    "piece_fact",
    "points",
    "read_numbers",
    "read_pieces",
    "round_end",
    "settle",
    "settlement_reasons",
    "sim_compare",
    "trick_winner",
    "won",
]
