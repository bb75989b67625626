"""The games, one package each with the same skeleton (design.md §1): ``Rules``, combinations
or the family's rule checks, ``Deal``, settlement, ``bots``, and ``GAME``, its
:class:`~gupai_learn.engine.game.GameInfo`.

``GAMES`` maps a game's name to its GameInfo; widgets, puzzles, matches and simulations find
games only here::

    >>> from gupai_learn.games import GAMES
    >>> GAMES["tien_gow"].title, GAMES["tien_gow"].family
    ('Tien Gow', 'trick')
"""

from __future__ import annotations

from gupai_learn.engine.game import GameInfo
from gupai_learn.games import bagchen, bergen, ding_niu, tet_gow, tien_gow
from gupai_learn.verdict import SetupError, describe_input

__all__ = ["GAMES", "GameInfo", "bagchen", "bergen", "ding_niu", "game", "tet_gow", "tien_gow"]

#: Every game, by name, in the order of the lessons.
GAMES: dict[str, GameInfo] = {
    info.name: info
    for info in (tien_gow.GAME, bagchen.GAME, ding_niu.GAME, bergen.GAME, tet_gow.GAME)
}


def game(name: str) -> GameInfo:
    """The GameInfo of ``name``; a ValueError listing the games when there is none."""
    if not isinstance(name, str) or name not in GAMES:
        raise SetupError(f"no game {describe_input(name)}; the games are {', '.join(GAMES)}")
    return GAMES[name]
