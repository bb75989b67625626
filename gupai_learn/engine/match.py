"""Match: deal after deal of one game, with what carries over between them (design.md §3).

A match plays seeded deals one after another. After each finished deal it settles it, adds the
result to the running totals, and asks the game (``GameInfo.carry``) what the next deal
inherits: the next banker or leader, Tien Gow's banker streak, Bergen's score for its header
cap. With a ``target`` the match ends once a seat reaches it (Bergen). A deal can also end the
whole game: when its settlement names a ``game_winner`` (Bagchen's big slam), the match is over
and that seat is its ``winner``, whatever the totals.

    >>> from gupai_learn.engine.match import Match
    >>> m = Match("tien_gow", seed=1)
    >>> m.deal.banker, m.totals
    (0, (0, 0, 0, 0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gupai_learn.engine.game import PlayedDeal

import html
import random
from typing import Any

from gupai_learn.engine.deal import check_count, check_seed
from gupai_learn.engine.game import GameInfo, first_game
from gupai_learn.engine.game import game as find
from gupai_learn.engine.moves import quote
from gupai_learn.engine.settlement import Settlement
from gupai_learn.verdict import SetupError


class Match:
    """A series of deals of ``game`` (a name from ``GAMES`` or a GameInfo; None: the first
    game of ``GAMES``).

    ``seed`` makes the whole series reproducible; ``rules`` is the game's Rules (default: the
    ruling's); ``players`` a player count the game allows; ``target`` ends the match once a seat's
    total reaches it (None: the game's own target, if it has one — Bergen's 15 or 10 points —
    else play as long as you like). Extra keywords go to the first deal.
    """

    def __init__(
        self,
        game: str | GameInfo | None = None,
        seed: int | None = None,
        rules: object = None,
        players: int | None = None,
        target: int | None = None,
        **first: object,
    ) -> None:
        self.info = _resolve(game)
        if rules is not None and not isinstance(rules, self.info.Rules):
            raise SetupError(f"rules={quote(rules)}: give a {self.info.name}.Rules(...) or None")
        self.rules = self.info.Rules() if rules is None else rules
        self.players = _check_players(self.info, players, self.rules)
        if target is not None:
            check_count("target", target, f"{self.info.rule_prefix}-GAME")
        self.seed = check_seed(seed)
        if target is None and self.info.target is not None:
            target = self.info.target(self.rules, self.players)  # the game's own target
        self.target = target
        self.history: list[tuple[Any, Settlement]] = []
        #: the seat that won the whole game with one deal (its settlement's ``game_winner``,
        #: e.g. Bagchen's big slam); None while no deal has done so
        self.winner: int | None = None
        self.state: dict[str, object] = {}
        self._rng = random.Random(seed)
        self._totals = [0] * self.players
        self.deal = self._new_deal(first)

    # ----- reading -------------------------------------------------------------------------
    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals per seat over the finished deals (chips or points)."""
        return tuple(self._totals)

    @property
    def is_over(self) -> bool:
        """True once a deal has won the whole game (``winner``) or a seat has reached the
        target; never otherwise."""
        if self.winner is not None:
            return True
        return self.target is not None and max(self._totals) >= self.target

    # ----- playing ---------------------------------------------------------------------------
    def next_deal(self) -> object:
        """Settle the finished deal, add it to the totals and start the next one (or, when the
        deal won the whole game or a seat has now reached the target, end the match and keep
        the last deal).

        Raises ValueError while the current deal is still in play or once the match is over."""
        if self.is_over:
            raise SetupError(f"the match is over: {self._why_over()}")
        if not self.deal.is_over:
            raise SetupError("the current deal is still in play: finish it before the next one")
        self._record(self.deal)
        if self.is_over:
            return self.deal
        carried = self.info.carry(self.deal, self.state) if self.info.carry else {}
        self.deal = self._new_deal(carried)
        return self.deal

    def _record(self, deal: PlayedDeal) -> None:
        settlement = deal.settle()
        self.history.append((deal, settlement))
        for seat, amount in enumerate(settlement.results):
            self._totals[seat] += amount
        if settlement.game_winner is not None:
            self.winner = settlement.game_winner

    def _why_over(self) -> str:
        if self.winner is not None:
            name = self.deal.seat_names[self.winner]
            return f"{name} won the whole game in {self.info.deal_name} {len(self.history)}"
        return f"a seat reached the target of {self.target}"

    def _new_deal(self, kwargs: dict[str, object]) -> Any:
        kwargs = {"rules": self.rules, "players": self.players, **kwargs}
        return self.info.Deal.random(seed=self._rng, **kwargs)

    # ----- text ------------------------------------------------------------------------------
    def __repr__(self) -> str:
        totals = ", ".join(f"{t:+d}" for t in self._totals)
        count = len(self.history)
        deals = f"{count} {self.info.deal_name}" + ("" if count == 1 else "s")
        return f"<Match {self.info.name}: {deals} settled, totals {totals}>"

    def _repr_html_(self) -> str:
        names = self.deal.seat_names
        head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
        rows = "".join(
            f"<tr><td>{i}</td>" + "".join(f"<td>{p:+d}</td>" for p in s.results) + "</tr>"
            for i, (_, s) in enumerate(self.history, 1)
        )
        total = "".join(f"<td><b>{t:+d}</b></td>" for t in self._totals)
        over = f"<p><b>The match is over: {html.escape(self._why_over())}.</b></p>"
        return (
            f"<table class='gupai-match'><tr><th>{self.info.deal_name}</th>{head}</tr>{rows}"
            f"<tr><td>total</td>{total}</tr></table>" + (over if self.is_over else "")
        )


def _resolve(game: str | GameInfo | None) -> GameInfo:
    if isinstance(game, GameInfo):
        return game
    return first_game() if game is None else find(game)


def _check_players(info: GameInfo, players: int | None, rules: object) -> int:
    if players is None:
        return info.table_size(rules)
    if type(players) is not int or players not in info.seats:
        allowed = " or ".join(str(n) for n in info.seats)
        raise SetupError(f"players={quote(players)}: {info.title} is played by {allowed}")
    return players
