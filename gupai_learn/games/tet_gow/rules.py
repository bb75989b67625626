"""Tet-Gow options (rules/tet_gow.md). The defaults are the ruling's four-player game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gupai_learn.engine.options import named_options
from gupai_learn.verdict import SetupError, describe_input, type_phrase

Players = Literal[4, 3]


@named_options
@dataclass(frozen=True)
class Rules:
    """The options of the Tet-Gow ruling, frozen; ``Rules()`` is the ruling's default game.

    - ``players`` (TT-DEAL, TT-THREE): 4 (default: 36 cards, 8 each, 4 left over face up; the
      winner scores tricks + 4, the others tricks − 4) or 3 (the Set of the Cycle is taken
      out: 24 cards, 8 each, nothing left over; the winner scores tricks + 2, the others
      tricks − 5).

    A bad value raises :class:`ValueError` naming the option, the value and the rule id.
    """

    players: Players = 4

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (4, 3):
            given = describe_input(self.players)
            if type(self.players) is not int:
                given += f" ({type_phrase(self.players)})"
            raise SetupError(
                f"Rules option players must be the whole number 4 or 3, not {given} "
                "(TT-DEAL, TT-THREE)"
            )

    @property
    def winner_bonus(self) -> int:
        """What the winner adds to his tricks (TT-SCORE: +4; TT-THREE: +2)."""
        return 4 if self.players == 4 else 2

    @property
    def loser_penalty(self) -> int:
        """What every other player takes from his tricks (TT-SCORE: 4; TT-THREE: 5)."""
        return 4 if self.players == 4 else 5

    @property
    def score_rule(self) -> str:
        """The rule id of the scores: TT-SCORE, or TT-THREE for three players."""
        return "TT-SCORE" if self.players == 4 else "TT-THREE"
