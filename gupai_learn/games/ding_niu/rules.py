"""Bull Fight options (rules/ding_niu.md). The defaults are the ruling's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gupai_learn.engine.options import check, named_options, option_table

FishTypes = Literal["classic+smothered", "classic", "any-dead-tile"]
AfterFish = Literal["doubles-then-settle", "settle-now", "play-on"]
TieBreak = Literal["seed", "lower-hand-always"]


@named_options
@dataclass(frozen=True)
class Rules:
    """Every option of the Bull Fight ruling, frozen; ``Rules()`` is the ruling's default game.

    - ``arms`` (DN-PLAY-ENDS): 2 = Ding Niu, tiles go at both ends; 1 = Jie Long (Connect the
      Dragon) with one arm: the leader's first move names the end that stays open
      (``[6:4]>right`` keeps the 4 open, ``[6:4]>left`` the 6: the first tile lies high
      number left).
    - ``must_play`` (DN-PLAY-MUST): a seat that can add a tile must (default); off, it may put
      a tile face down instead.
    - ``fish_types`` (DN-FISH-SMOTHERED): ``"classic+smothered"`` (default), ``"classic"`` or
      ``"any-dead-tile"``.
    - ``after_fish`` (DN-FISH-BLOCKER): ``"doubles-then-settle"`` (default: only doubles
      matching an open end may still go down, a seat with none passes), ``"settle-now"`` or
      ``"play-on"`` (the fish changes only the payments).
    - ``fish_needs_alternative`` (DN-FISH-PAY): off by default; on, the blocker pays the
      fish penalty only if he had a move that made no fish (a winning blocker still doubles).
    - ``tie_break`` (DN-SCORE-PLACES): ``"seed"`` (first place to the earlier seat, the other
      places to the later one) or ``"lower-hand-always"`` (every tie to the earlier seat).

    A bad value raises :class:`ValueError` naming the option, the value, what is allowed and
    the rule id.
    """

    arms: int = 2
    must_play: bool = True
    fish_types: FishTypes = "classic+smothered"
    after_fish: AfterFish = "doubles-then-settle"
    fish_needs_alternative: bool = False
    tie_break: TieBreak = "seed"

    def __post_init__(self) -> None:
        check(self, RULE_IDS, _NUMBERS)


#: The rule id behind each option (rules/ding_niu.md).
RULE_IDS: dict[str, str] = {
    "arms": "DN-PLAY-ENDS",
    "must_play": "DN-PLAY-MUST",
    "fish_types": "DN-FISH-SMOTHERED",
    "after_fish": "DN-FISH-BLOCKER",
    "fish_needs_alternative": "DN-FISH-PAY",
    "tie_break": "DN-SCORE-PLACES",
}

#: Allowed values of the options that are neither switches nor named choices.
_NUMBERS: dict[str, tuple[int, ...]] = {"arms": (2, 1)}


#: Per option: (exact type, allowed values, rule id); checked by ``Rules.__post_init__``.
OPTIONS = option_table(Rules, tuple(RULE_IDS.items()), tuple(_NUMBERS.items()))
