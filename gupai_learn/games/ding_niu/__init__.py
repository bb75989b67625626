"""Bull Fight (頂牛, Ding Niu), the Chinese line game with the 24-tile deck and the fish.

Sources: seed ``003_40a3f739ffd18b72.txt`` (a Ukrainian page on Chinese dominoes, English
translation beside it) and the Jie Long rules it builds on; ruling ``rules/ding_niu.md``, which
settles every gap and option. Four players, six tiles each, no stock; tiles go at both ends of
one line; a player who cannot add a tile puts one face down; fewest pips wins; a blocked line
(a "fish") doubles or punishes the player who made it.

The skeleton is the same for every game: :class:`Rules` (options), the family's checks (the
line, :mod:`gupai_learn.engine.line`; the fish, :mod:`.fish`), :class:`Deal`, settlement,
bots, solver, reference card.

    >>> from gupai_learn.games import ding_niu
    >>> deal = ding_niu.Deal.from_script(
    ...     ["[6:4] [1:1]", "[6:4] [2:2]", "[3:3] [5:5]", "[6:6] [5:1]"], ["[6:4]", "[6:4]>left"]
    ... )
    >>> deal.ends, deal.fish.kind, deal.fish.blocker
    ((4, 4), 'fours', 1)
"""

from __future__ import annotations

from gupai_learn import decks
from gupai_learn.bots import RandomPlayer
from gupai_learn.engine.game import GameInfo, winner_leads
from gupai_learn.engine.line import Layout, Placed
from gupai_learn.games.ding_niu.bench import BENCH
from gupai_learn.games.ding_niu.bots import HeuristicPlayer, strong_player
from gupai_learn.games.ding_niu.deal import Deal
from gupai_learn.games.ding_niu.events import FISH_KINDS, MEASURES, events
from gupai_learn.games.ding_niu.fish import CLASS_NAMES, KINDS, Fish, dead_tiles, find_fish
from gupai_learn.games.ding_niu.ranking import places
from gupai_learn.games.ding_niu.reference import reference_card
from gupai_learn.games.ding_niu.review_words import WORDS
from gupai_learn.games.ding_niu.rules import RULE_IDS, Rules
from gupai_learn.games.ding_niu.settle import settle as settle_deal
from gupai_learn.games.ding_niu.solver import SolveResult, solve

__all__ = [
    "FISH_KINDS",
    "GAME",
    "KINDS",
    "Deal",
    "Fish",
    "HeuristicPlayer",
    "Layout",
    "Placed",
    "Rules",
    "SolveResult",
    "carry",
    "dead_tiles",
    "find_fish",
    "places",
    "solve",
]


#: The next hand of a match (DN-DEAL): the winner of this hand leads it.
carry = winner_leads


GAME = GameInfo(
    name="ding_niu",
    title="Bull Fight",
    chinese="頂牛",
    family="line",
    rule_prefix="DN",
    seats=(4,),
    Rules=Rules,
    Deal=Deal,
    deck=decks.ding_niu,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": strong_player},
    carry=carry,
    piece_style="chinese",
    classes=CLASS_NAMES,
    solve=solve,
    reference=reference_card,
    events=events,
    measures=MEASURES,
    has_blocker=True,
    option_rules=RULE_IDS,
    themes=(
        "matching",
        "face-down choice",
        "points",
        "places",
        "fish",
        "blocker",
        "settlement",
        "counting",
        "variants",
    ),
    settle=settle_deal,
    review_words=WORDS,
    bench=BENCH,
    chapter=4,
)
