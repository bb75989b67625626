"""Questions about any finished deal: who won the hand, what each seat won, what each pays.

Lesson 02.09 asks them about a deal the learner has just played or watched. The questions are
the ``[[about]]`` templates of the game's bank, made by the same kinds as the bank's puzzles,
with the finished deal as their position: the engine's own state is the judge, so they work
for every deal, including one nobody has seen before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gupai_learn.engine.game import PlayedDeal


from gupai_learn.games import GAMES
from gupai_learn.puzzles.loader import make, raw
from gupai_learn.puzzles.model import Puzzle


def about_deal(deal: PlayedDeal, prefix: str = "deal") -> list[Puzzle]:
    """The questions about ``deal``, which must be over (ValueError otherwise); their ids are
    ``<prefix>-winner``, ``<prefix>-columns``, ``<prefix>-pay``."""
    if not deal.is_over:
        raise ValueError("ask about a deal once it is over: play it to the end first")
    bank = raw(deal.info.name)
    game = GAMES[bank["game"]]
    return [
        make({**template, "id": f"{prefix}-{template['id']}"}, game, bank, deal)
        for template in bank["about"]
    ]
