"""The games, one package each with the same skeleton (design.md §1): ``Rules``, combinations
or the family's rule checks, ``Deal``, settlement, ``bots``, and ``GAME``, its
:class:`~gupai_learn.engine.game.GameInfo`.

Every package here that defines ``GAME`` is registered in ``GAMES`` (name → GameInfo, in the
course's order): a new game needs its package and nothing else. Widgets, puzzles, matches and
simulations find games only there::

    >>> from gupai_learn.games import GAMES
    >>> GAMES["tien_gow"].title, GAMES["tien_gow"].family
    ('Tien Gow', 'trick')
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from gupai_learn.engine.game import GAMES, GameInfo, game, register
from gupai_learn.games import bagchen, bergen, ding_niu, tet_gow, tien_gow

__all__ = ["GAMES", "GameInfo", "bagchen", "bergen", "ding_niu", "game", "tet_gow", "tien_gow"]


def _register_packages() -> None:
    """Register the ``GAME`` of every game package of this folder."""
    for found in pkgutil.iter_modules(__path__):
        if found.ispkg:
            register(import_module(f"{__name__}.{found.name}").GAME)


_register_packages()
