"""Bergen, the Western double-six line game scored by making the two ends match.

Source: seed ``002_4029ef9138d02f78.txt`` (Joe Celko's article); ruling ``rules/bergen.md``,
which settles the reserved tiles and fills a gap in the American blocked-round rule. Two to
four players; the lowest double opens; tiles go at either end of one line, doubles across;
a seat that cannot play draws, then passes; two matching ends score a double header (2), a
double among them a triple header (3); going out scores 2; a blocked round is decided by one of
four rules; the first to 15 points (two players) or 10 (three or four) wins.

The skeleton is the same for every game: :class:`Rules` (options), the family's checks (the
line, :mod:`gupai_learn.engine.line`; headers, :mod:`.headers`), :class:`Deal`, settlement
(:mod:`.settle`), bots, solver, reference card.

    >>> from gupai_learn.games import bergen
    >>> bergen.blocked_winner(["[0:0] [2:1]", "[1:1]", "[2:2]"], "german")
    (1, 2)
"""

from __future__ import annotations

from gupai_learn import decks
from gupai_learn.bots import RandomPlayer
from gupai_learn.engine.game import GameInfo
from gupai_learn.games.bergen.bench import BENCH
from gupai_learn.games.bergen.bots import HeuristicPlayer, strong_player
from gupai_learn.games.bergen.deal import Deal
from gupai_learn.games.bergen.events import BLOCKED_RULES, MEASURES, events
from gupai_learn.games.bergen.headers import Header, cap, header
from gupai_learn.games.bergen.reference import reference_card
from gupai_learn.games.bergen.review_words import WORDS
from gupai_learn.games.bergen.rules import RULE_IDS, Rules
from gupai_learn.games.bergen.settle import Blocked, blocked_reasons, blocked_winner, decide_blocked
from gupai_learn.games.bergen.solver import SolveResult, solve

__all__ = [
    "BLOCKED_RULES",
    "GAME",
    "Blocked",
    "Deal",
    "Header",
    "HeuristicPlayer",
    "Rules",
    "SolveResult",
    "blocked_reasons",
    "blocked_winner",
    "cap",
    "carry",
    "decide_blocked",
    "header",
    "solve",
    "target",
]


def carry(finished: Deal, state: dict[str, object]) -> dict[str, object]:
    """The next round of a match (BE-GAME): the running scores, for the header cap; the
    opening follows BE-OPEN again, so nothing else carries over."""
    return {"scores": finished.totals, "rules": finished.rules}


def target(rules: Rules, players: int) -> int:
    """The points that win the game (BE-GAME): 15 for two players, 10 for three or four."""
    return 15 if players == 2 else 10


GAME = GameInfo(
    name="bergen",
    title="Bergen",
    chinese="",
    family="line",
    rule_prefix="BE",
    seats=(2, 3, 4),
    Rules=Rules,
    Deal=Deal,
    deck=decks.double_six,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": strong_player},
    carry=carry,
    piece_style="western",
    won_name="point",
    solve=solve,
    target=target,
    reference=reference_card,
    events=events,
    measures=MEASURES,
    has_boneyard=True,
    scores_rounds=True,
    option_rules=RULE_IDS,
    themes=(
        "the set",
        "matching",
        "drawing",
        "header",
        "domino",
        "blocked count",
        "target",
        "counting",
        "variants",
    ),
    review_words=WORDS,
    bench=BENCH,
    chapter=5,
)
