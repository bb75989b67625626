"""Bergen options (rules/bergen.md). The defaults are the ruling's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gupai_learn.engine.options import check, named_options, option_table

Opening = Literal["lowest", "highest"]
BlockedRule = Literal["simple", "american", "german", "hoyle"]


@named_options
@dataclass(frozen=True)
class Rules:
    """Every option of the Bergen ruling, frozen; ``Rules()`` is the ruling's default game.

    - ``players`` (BE-DEAL): 2, 3 or 4; 2 and 3 players take 6 tiles, 4 players take 5.
    - ``opening`` (BE-OPEN): the holder of the ``"lowest"`` (default) or ``"highest"`` double
      leads it; ``opening_scores``: that lone double scores as a double header (default on).
    - ``reserved`` (BE-RESERVE): the last 2 tiles of the boneyard are never drawn (or 0).
    - ``blocked_rule`` (BE-END-BLOCKED): who wins a blocked round — ``"simple"`` (default),
      ``"american"``, ``"german"`` or ``"hoyle"``.
    - ``may_draw_when_able`` (BE-DRAW): off by default — a seat that can play must play.

    The game's target (BE-GAME) follows from ``players``: 15 points for two, 10 for three or
    four. A bad value raises :class:`ValueError` naming the option and the rule id.
    """

    players: int = 2
    opening: Opening = "lowest"
    opening_scores: bool = True
    reserved: int = 2
    blocked_rule: BlockedRule = "simple"
    may_draw_when_able: bool = False

    def __post_init__(self) -> None:
        check(self, RULE_IDS, _NUMBERS)

    @property
    def target(self) -> int:
        """Points that win the game (BE-GAME)."""
        return 15 if self.players == 2 else 10

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each seat (BE-DEAL)."""
        return 5 if self.players == 4 else 6


#: The rule id behind each option (rules/bergen.md).
RULE_IDS: dict[str, str] = {
    "players": "BE-DEAL",
    "opening": "BE-OPEN",
    "opening_scores": "BE-OPEN",
    "reserved": "BE-RESERVE",
    "blocked_rule": "BE-END-BLOCKED",
    "may_draw_when_able": "BE-DRAW",
}

_NUMBERS: dict[str, tuple[int, ...]] = {"players": (2, 3, 4), "reserved": (2, 0)}

#: Per option: (exact type, allowed values, rule id).
OPTIONS = option_table(Rules, tuple(RULE_IDS.items()), tuple(_NUMBERS.items()))
