"""Questions about a deal (choice): who leads, how many columns a trick gives, who wins the
hand, whether a one-red-dot hand wins at once. Ids ``tg-deal-NN``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.puzzles.tien_gow.common import (
    SCENES,
    SEATS,
    Scene,
    blank,
    columns_table,
    correct,
    figure,
    incorrect,
    not_attempted,
    played_groups,
    read_choice,
    without_rule,
    wrong_choice,
)
from gupai_learn.render import Group, group_svg
from gupai_learn.verdict import Reason

# ----- kind 0: facts of a deal (choice) ------------------------------------------------------


def _fact_puzzle(
    pid: str,
    prompt: str,
    scene: Scene,
    choices: Sequence[str],
    truth: Callable[[tg.Deal], tuple[str, list[Reason]]],
    hints: Sequence[str],
    rules: Sequence[str],
) -> Puzzle:
    """A question about a scripted deal whose answer ``truth(deal)`` reads off the engine:
    the right choice and the reasons."""
    SCENES[pid] = scene
    choices = tuple(choices)

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("pick one of the options.")
        chosen = read_choice(answer, choices)
        if chosen is None:
            return wrong_choice(choices)
        right, reasons = truth(scene.build()[0])
        if chosen == right:
            return correct(f"Right: {right}.", reasons)
        return incorrect(f"Not {chosen}: the answer is {right}.", reasons)

    right, reasons = truth(scene.build()[0])
    return Puzzle(
        id=pid,
        title="The deal",
        prompt=prompt,
        answer_kind="choice",
        choices=choices,
        picture=_deal_picture(scene),
        checker=check,
        hints=tuple(hints),
        solution=Solution(right, f"The answer is {right}.", tuple(reasons)),
        rules=tuple(rules),
    )


def _deal_picture(scene: Scene) -> Callable[[], str]:
    """The hands still held (one row per seat, banker marked), then the last trick if any."""

    def draw() -> str:
        deal, _ = scene.build()
        out = ""
        if any(deal.hands):
            groups = [
                Group(f"{name} (banker)" if seat == deal.banker else name, deal.hands[seat])
                for seat, name in enumerate(SEATS)
            ]
            out += figure("", group_svg(groups, layout="column"))
        if deal.tricks:
            out += columns_table(deal)
            out += figure("The last trick:", group_svg(played_groups(deal.tricks[-1].plays)))
        return out

    return draw


def _random_hands(seed: int) -> tuple[str, str, str, str]:
    hands = tg.Deal.random(seed=seed).hands
    return (str(hands[0]), str(hands[1]), str(hands[2]), str(hands[3]))


def _first_leader(deal: tg.Deal) -> tuple[str, list[Reason]]:
    text = f"{SEATS[deal.banker]} is the banker, and the banker leads the first trick."
    return SEATS[deal.turn], [Reason("TG-DEAL", text)]


def _columns_for_triplet(deal: tg.Deal) -> tuple[str, list[Reason]]:
    trick = deal.tricks[-1]
    text = (
        f"{SEATS[trick.winner]} took a trick led with {trick.size} tiles and won "
        f"{trick.size} columns: one column per tile of the lead."
    )
    return str(trick.size), [Reason("TG-COLUMNS", text)]


def _hand_winner(deal: tg.Deal) -> tuple[str, list[Reason]]:
    assert deal.winner is not None
    most = max(range(4), key=lambda s: deal.columns[s])
    text = f"{deal.settle().outcome}; the number of columns does not decide who wins."
    if most != deal.winner:
        text += f" {SEATS[most]} has the most columns ({deal.columns[most]}) but lost the last."
    return SEATS[deal.winner], [Reason("TG-DEAL", text)]


NOBODY = "nobody: the hand is played"


def _red_dot_winner(deal: tg.Deal) -> tuple[str, list[Reason]]:
    counts = ", ".join(
        f"{SEATS[s]} {sum(t.red_pips for t in hand)}" for s, hand in enumerate(deal.hands)
    )
    reasons = [Reason("TG-RED", f"Red pips per hand: {counts}.")]
    if deal.red_dot_seat is None:
        return NOBODY, reasons
    outcome = without_rule(deal.settle().outcome)
    return SEATS[deal.red_dot_seat], [*reasons, Reason("TG-RED-DOT", outcome)]


def _fact_puzzles() -> list[Puzzle]:
    return [
        _fact_puzzle(
            "tg-deal-01",
            "In this deal West is the banker. Who leads the first trick?",
            Scene(_random_hands(5), leader=2, banker=2),
            SEATS,
            _first_leader,
            ("Look for the word (banker) in the picture.", "The banker always leads first."),
            ("TG-DEAL",),
        ),
        _fact_puzzle(
            "tg-deal-02",
            "South leads three tiles, and North takes the trick. How many columns does North "
            "win with it?",
            Scene(
                ("[3:1][4:1][3:2]", "[4:4][5:2][4:3]", "[1:1][1:1][6:2]", "[6:6][6:3][5:4]"),
                ("[4:4][5:2][4:3]", "[1:1][1:1][6:2]", "[6:6][6:3][5:4]", "[3:1][4:1][3:2]"),
                columns=(2, 1, 1, 1),
                leader=1,
            ),
            ("1", "3", "4", "12"),
            _columns_for_triplet,
            (
                "A column is a stack of four tiles: one from each player.",
                "Each player put down three tiles, twelve in all.",
            ),
            ("TG-COLUMNS",),
        ),
        _fact_puzzle(
            "tg-deal-03",
            "The last trick has just been played. South won 5 columns in the earlier tricks, "
            "West only 1. Who wins the hand?",
            Scene(
                ("[6:1]", "[5:1]", "[3:3]", "[2:2]"),
                ("[6:1]", "[5:1]", "[3:3]", "[2:2]"),
                columns=(1, 5, 1, 0),
            ),
            SEATS,
            _hand_winner,
            (
                "Columns matter for the payments, not for who wins.",
                "Who took the last trick?",
            ),
            ("TG-DEAL", "TG-COLUMNS"),
        ),
        _fact_puzzle(
            "tg-deal-04",
            "This group plays the one-red-dot rule. Does a player win at once, before any "
            "trick? Count the red pips in each hand.",
            Scene(
                (
                    "[6:6][6:6][1:1][1:1][4:4][4:4][3:1][3:1]",
                    "[6:4][6:4][6:1][6:1][5:1][6:3][5:4][6:2]",
                    "[5:5][5:5][3:3][3:3][2:2][2:2][6:5][5:1]",
                    "[5:3][5:2][4:3][4:2][4:1][3:2][2:1][6:5]",
                ),
                options={"rules": tg.Rules(one_red_dot=True)},
            ),
            (*SEATS, NOBODY),
            _red_dot_winner,
            (
                "Every 1 and every 4 is a red pip, and half the pips of [6:6].",
                "Look for a hand made almost only of tiles without a 1 or a 4.",
                "Tiles such as [5:5], [3:3], [2:2] and [6:5] have no red pip at all.",
            ),
            ("TG-RED", "TG-RED-DOT"),
        ),
    ]


def puzzles() -> list[Puzzle]:
    """The puzzles of this module, in learning order."""
    return [*_fact_puzzles()]
