"""Computer players for the trick games, for play-against widgets and simulations.

Every player answers ``choose(deal) -> Move`` using only the deal's public API
(``legal_plays``, ``hands``, ``trick``, ``turn``, ``won``), so a player never breaks a rule: it
picks among what the engine allows.

- :class:`RandomPlayer`: uniform over the legal face-up plays plus, for a follower, one
  face-down discard of random tiles. Works for any :class:`~gupai_learn.engine.trick.TrickDeal`.
- Each game's own heuristic and strong player live in its package (``games/<game>/bots.py``)
  and are listed in its ``GameInfo.bots``: ``GAMES[game].bot("heuristic", seed)``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, Protocol

from typing_extensions import TypeVar

from gupai_learn.engine.deal import seeded
from gupai_learn.engine.game import PlayedDeal
from gupai_learn.engine.moves import Move
from gupai_learn.engine.trick import TrickDeal
from gupai_learn.strong import check_turn

__all__ = ["Move", "Player", "RandomPlayer", "TrickHeuristic", "apply", "play_out"]

#: A heuristic's deal class and the tuple type its hands are kept in (Tiles, Cards); a
#: heuristic that names neither reads any trick deal.
TD = TypeVar("TD", bound="TrickDeal[Any]", default="TrickDeal[Any]")
PS = TypeVar("PS", bound=tuple[object, ...], default=Any)


class Player(Protocol):
    """Anything that picks a move for the seat to act."""

    def choose(self, deal: object) -> Move: ...


def apply(deal: TrickDeal[Any], move: Move) -> None:
    """Make ``move`` on ``deal`` (raises IllegalPlayError if not allowed)."""
    deal.apply(move)


def play_out(deal: PlayedDeal, players: Sequence[Player]) -> object:
    """Play ``deal`` to the end, one player per seat; returns the deal."""
    while not deal.is_over:
        deal.apply(players[deal.turn].choose(deal))
    return deal


class RandomPlayer:
    """Uniform random legal moves (a follower's face-down discard counts as one option)."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seeded(seed)  # the seeds every level and Deal.random take

    def choose(self, deal: PlayedDeal, seat: int | None = None) -> Move:
        """A random legal move for the seat to act (``seat``, if given, must be that seat).
        Raises the deal's IllegalPlayError when the deal is over or it is another seat's turn
        (:func:`gupai_learn.strong.check_turn`)."""
        check_turn(deal, seat)
        if not isinstance(deal, TrickDeal):
            moves = deal.legal_moves()
            return moves[self.rng.randrange(len(moves))]
        plays = deal.legal_plays()
        if deal.trick and self.rng.randrange(len(plays) + 1) == len(plays):
            hand = list(deal.hands[deal.turn])
            size = len(deal.trick[0].pieces)
            return Move("discard", type(deal.hands[deal.turn])(self.rng.sample(hand, size)))
        return Move("play", plays[self.rng.randrange(len(plays))])

    def __repr__(self) -> str:
        return "RandomPlayer()"


class TrickHeuristic(ABC, Generic[TD, PS]):
    """The frame of a trick game's heuristic player (each game's ``HeuristicPlayer`` fills it
    in): a seeded random source for its coin flips, the turn checked, then
    ``_lead(deal, plays)`` returns the pieces to lead and ``_follow(deal, plays)`` the move when
    following, ``plays`` being the legal face-up plays."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seeded(seed)  # the seeds every level and Deal.random take

    def choose(self, deal: Any, seat: int | None = None) -> Move:
        """The heuristic's move for the seat to act.

        Raises the deal's IllegalPlayError when the deal is over or it is another seat's turn
        (``seat``, if given, must be the seat to act)."""
        check_turn(deal, seat)
        pieces = type(deal.hands[deal.turn])
        plays = [pieces(p) for p in deal.legal_plays()]
        if deal.trick:
            return self._follow(deal, plays)
        return Move("play", self._lead(deal, plays))

    @abstractmethod
    def _lead(self, deal: TD, plays: list[PS]) -> PS:
        """The pieces to lead (each game's heuristic says which)."""

    @abstractmethod
    def _follow(self, deal: TD, plays: list[PS]) -> Move:
        """The move when following a lead (each game's heuristic says which)."""

    def __repr__(self) -> str:
        return "HeuristicPlayer()"
