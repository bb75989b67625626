"""Settle the deal (numbers, ``tg-pay-NN``): what each seat wins or pays, from a scripted deal
played through the engine and ``settle()``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.puzzles.tien_gow.common import (
    RULE_AT_END,
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
    read_numbers,
    without_rule,
)
from gupai_learn.render import group_svg
from gupai_learn.verdict import Reason

# ----- kind 5: settle the deal (numbers) ---------------------------------------------------


def _settled(scene: Scene) -> tuple[tg.Deal, Any]:
    deal, _ = scene.build()
    return deal, deal.settle()


def _line_reason(line: Any) -> Reason:
    """A settlement line as a reason: its first rule, the others named in the text."""
    more = f" (with {', '.join(line.rules[1:])})" if len(line.rules) > 1 else ""
    text = f"{SEATS[line.payer]} pays {SEATS[line.payee]} {line.amount}: {line.text}{more}"
    return Reason(line.rules[0], text)


def _settlement_reasons(settlement: Any) -> list[Reason]:
    """Every line of a settlement, then its notes (which name their rule at the end)."""
    reasons = [_line_reason(x) for x in settlement.lines]
    for note in settlement.notes:
        found = RULE_AT_END.search(note)
        if found:
            reasons.append(Reason(found.group(1), without_rule(note)))
    return reasons


def _pay_picture(scene: Scene) -> Callable[[], str]:
    def draw() -> str:
        deal, _ = scene.build()
        last = figure("The last trick:", group_svg(played_groups(deal.tricks[-1].plays)))
        return columns_table(deal) + last

    return draw


def _pay_puzzle(pid: str, scene: Scene, story: str, hints: Sequence[str]) -> Puzzle:
    """What each seat wins (+) or loses (−) in all; the engine's settle() decides."""
    SCENES[pid] = scene
    labels = tuple(f"{n} (banker)" if i == scene.banker else n for i, n in enumerate(SEATS))

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("give one number per seat (+ wins, − pays).")
        values = read_numbers(answer, len(SEATS))
        if values is None:
            return incorrect("Give four whole numbers, one per seat, e.g. 6, -2, -2, -2.")
        deal, settlement = _settled(scene)
        truth = list(settlement.payments)
        if values == truth:
            nets = ", ".join(f"{n} {v:+d}" for n, v in zip(SEATS, truth, strict=True))
            return correct(f"Right: {nets}.", _settlement_reasons(settlement))
        return incorrect(_pay_mistakes(values, truth), _pay_reasons(values, truth, settlement))

    deal, settlement = _settled(scene)
    return Puzzle(
        id=pid,
        title="Settle the deal",
        prompt=story + " What does each seat win (+) or pay (−) in all, when the deal is settled?",
        answer_kind="numbers",
        labels=labels,
        picture=_pay_picture(scene),
        checker=check,
        hints=tuple(hints),
        solution=Solution(
            tuple(settlement.payments),
            str(settlement),
            tuple(_settlement_reasons(settlement)),
        ),
        rules=tuple(
            dict.fromkeys(
                [
                    *(r for line in settlement.lines for r in line.rules),
                    *(r.rule for r in _settlement_reasons(settlement)),
                ]
            )
        ),
    )


def _pay_mistakes(values: Sequence[int], truth: Sequence[int]) -> str:
    wrong = [SEATS[i] for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t]
    text = "Not quite: look again at " + ", ".join(wrong) + "."
    if sum(values) != 0:
        text += f" Your numbers add up to {sum(values):+d}, but chips only change hands: "
        text += "the four results always add up to 0."
    return text


def _pay_reasons(values: Sequence[int], truth: Sequence[int], settlement: Any) -> list[Reason]:
    """The rules behind each payment of a seat answered wrongly (without the amounts)."""
    wrong = {i for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t}
    return [
        Reason(
            line.rules[0],
            f"{SEATS[line.payer]} pays {SEATS[line.payee]}: {_rule_words(line.rules)}.",
        )
        for line in settlement.lines
        if {line.payer, line.payee} & wrong
    ]


_RULE_WORDS = {
    "TG-PAY-PAR": "the difference between the columns and par 4",
    "TG-PAY-ZERO": "a player with no column pays 5",
    "TG-PAY-BANKER": "doubled, because the banker is one of the two",
    "TG-PAY-LAST": "doubled by the last-trick bonus",
    "TG-PAY-ALL": "doubled for a complete game",
    "TG-TRICKPAY": "a payment for a special trick, made at once",
    "TG-CAPTURE": "moved by Big six captures Little three",
    "TG-STREAK": "multiplied by the banker's streak",
}


def _rule_words(rules: Sequence[str]) -> str:
    """The rules of a payment in words; the first is the reason's own rule, so only the others
    name their ids."""
    words = [_RULE_WORDS.get(rules[0], rules[0])]
    words += [f"{_RULE_WORDS.get(r, r)} ({r})" for r in rules[1:]]
    return ", ".join(words)


def _pay_puzzles() -> list[Puzzle]:
    return [
        _pay_puzzle(
            "tg-pay-01",
            Scene(
                ("[6:4]", "[6:6]", "[2:2]", "[5:1]"),
                ("[6:4]", "[6:6]", "[2:2]", "[5:1]"),
                columns=(2, 2, 2, 1),
            ),
            "East is the banker. After seven tricks East, South and West have 2 columns each "
            "and North has 1. South takes the last trick with [6:6].",
            (
                "Only the winner of the last trick settles, with each of the other three.",
                "Each loser pays the winner 4 minus his columns.",
                "Every payment to or from the banker is doubled.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-02",
            Scene(
                ("[6:1]", "[5:1]", "[3:3]", "[2:2]"),
                ("[6:1]", "[5:1]", "[3:3]", "[2:2]"),
                columns=(1, 5, 1, 0),
            ),
            "East is the banker. After seven tricks East has 1 column, South 5, West 1 and "
            "North none. West takes the last trick with [3:3].",
            (
                "A player with no column pays 5, not 4.",
                "A player above par is paid by the winner: his columns minus 4.",
                "Don't forget the banker double for East.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-03",
            Scene(
                ("[6:6]", "[5:5]", "[2:1]", "[6:5]"),
                ("[2:1]", "[6:5]", "[6:6]", "[5:5]"),
                columns=(3, 2, 1, 1),
                leader=2,
            ),
            "East is the banker. After seven tricks East has 3 columns, South 2, West 1 and "
            "North 1. West leads the last trick with [2:1] Little three and nobody beats it.",
            (
                "Who wins the last trick, and with which tile?",
                "Winning the last trick with the single Little three doubles every end payment.",
                "The banker double comes on top: East's payment is doubled twice.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-04",
            Scene(
                ("[2:1]", "[6:6]", "[4:2]", "[5:5]"),
                ("[2:1]", "[6:6]", "[4:2]", "[5:5]"),
                columns=(3, 2, 2, 0),
            ),
            "East is the banker, with 3 columns after seven tricks; South and West have 2, North "
            "none. East leads the last trick with [2:1] Little three; West plays [4:2] Big six.",
            (
                "West wins the last trick with [4:2]. Is there a last-trick bonus?",
                "Big six captures Little three: whoever led [2:1] pays what the two others owe.",
                "South and North pay nothing; East pays his own debt and theirs.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-05",
            Scene(
                (
                    "[6:4][6:1][5:1][5:5]",
                    "[1:1][1:1][6:2][5:3]",
                    "[2:2][2:2][6:5][6:5]",
                    "[3:3][3:3][6:6][5:5]",
                ),
                (
                    "[1:1][1:1][6:2][5:3]",
                    "[2:2][2:2][6:5][6:5]",
                    "[3:3][3:3][6:6][5:5]",
                    "[6:4][6:1][5:1][5:5]",
                ),
                columns=(2, 0, 1, 1),
                leader=1,
            ),
            "East is the banker. With four tiles each left, East has 2 columns, South none, "
            "West 1 and North 1. South leads the quartet [1:1][1:1][6:2][5:3] and takes it.",
            (
                "A quartet trick is paid at once: 4 from each other player (the banker double "
                "applies).",
                "It is also the last trick: the end payments are doubled as well.",
                "South ends with 4 columns, exactly par: nobody is above par.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-06",
            Scene(
                (
                    "[1:1][1:1][4:4][4:4][3:1][3:1][5:5][5:5]",
                    "[6:6][3:3][3:3][2:2][2:2][6:5][6:5][6:4]",
                    "[6:6][6:4][6:1][6:1][5:1][5:1][6:3][5:4]",
                    "[6:2][5:3][5:2][4:3][4:2][4:1][3:2][2:1]",
                ),
                (
                    "up:[1:1][1:1]",
                    "down:[3:3][3:3]",
                    "down:[6:1][6:1]",
                    "down:[4:1][3:2]",
                    "up:[4:4][4:4]",
                    "down:[2:2][2:2]",
                    "down:[5:1][5:1]",
                    "down:[6:2][5:3]",
                    "up:[3:1][3:1]",
                    "down:[6:5][6:5]",
                    "down:[6:3][5:4]",
                    "down:[5:2][4:3]",
                    "up:[5:5][5:5]",
                    "down:[6:6][6:4]",
                    "down:[6:6][6:4]",
                    "down:[4:2][2:1]",
                ),
            ),
            "East is the banker and leads four civil pairs, [1:1][1:1] first. Nobody beats "
            "any of them: South and West hold one [6:6] each, which East could not know. "
            "East takes all 8 columns.",
            (
                "Nobody else has a column: each of them pays 5.",
                "All 8 columns is a complete game: the end payments are doubled.",
                "Was [1:1][1:1] unbeatable in East's own eyes? Someone else might have held both "
                "Heavens.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-07",
            Scene(
                (
                    "[6:6][6:6][1:1][1:1][4:4][4:4][3:1][3:1]",
                    "[5:5][5:5][3:3][3:3][2:2][2:2][6:5][6:5]",
                    "[6:4][6:4][6:1][6:1][5:1][5:1][6:3][5:4]",
                    "[6:2][5:3][5:2][4:3][4:2][4:1][3:2][2:1]",
                ),
                (
                    "up:[6:6]",
                    "down:[5:5]",
                    "down:[6:4]",
                    "down:[6:2]",
                    "up:[6:6]",
                    "down:[5:5]",
                    "down:[6:4]",
                    "down:[5:3]",
                    "up:[1:1]",
                    "down:[3:3]",
                    "down:[6:1]",
                    "down:[5:2]",
                    "up:[1:1]",
                    "down:[3:3]",
                    "down:[6:1]",
                    "down:[4:3]",
                    "up:[4:4]",
                    "down:[2:2]",
                    "down:[5:1]",
                    "down:[4:2]",
                    "up:[4:4]",
                    "down:[2:2]",
                    "down:[5:1]",
                    "down:[4:1]",
                    "up:[3:1]",
                    "down:[6:5]",
                    "down:[6:3]",
                    "down:[3:2]",
                    "up:[3:1]",
                    "down:[6:5]",
                    "down:[5:4]",
                    "down:[2:1]",
                ),
            ),
            "East is the banker and leads eight civil singles, [6:6] Heaven first. Nobody "
            "beats any of them, so East takes all 8 columns.",
            (
                "Nobody else has a column: each of them pays 5, doubled for the banker.",
                "All 8 columns is normally a complete game, doubling the end payments.",
                "Could anyone have beaten a single Heaven? A banker whose first lead was "
                "unbeatable in his own eyes gets no complete-game bonus.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-08",
            Scene(
                ("[6:6][5:5]", "[6:5][6:4]", "[3:3][2:2]", "[4:2][2:1]"),
                ("[4:2][2:1]", "[6:6][5:5]", "[6:5][6:4]", "[3:3][2:2]"),
                columns=(2, 2, 2, 0),
                leader=3,
            ),
            "East is the banker. With two tiles each left, East, South and West have 2 columns "
            "each and North none. North leads the Supreme pair [4:2][2:1].",
            (
                "The Supreme pair wins when led, and its trick is paid at once: 2 from each "
                "other player, doubled for the banker.",
                "It is also the last trick: the end payments are doubled.",
                "North ends with 2 columns, so North is the winner; the others settle with him.",
            ),
        ),
        _pay_puzzle(
            "tg-pay-09",
            Scene(
                ("[6:6]", "[5:5]", "[6:5]", "[5:1]"),
                ("[6:6]", "[5:5]", "[6:5]", "[5:1]"),
                columns=(2, 2, 2, 1),
                options={"rules": tg.Rules(banker_streak="wins"), "banker_streak": 1},
            ),
            "This group plays the banker streak: East won the last hand as banker and is "
            "banker again. After seven tricks East, South and West have 2 columns each, North "
            "1. East takes the last trick with [6:6], his second win in a row.",
            (
                "Start from the usual payments: par 4, banker double.",
                "On his second consecutive win, the banker's end payments are multiplied by 2 "
                "once more.",
            ),
        ),
    ]


def puzzles() -> list[Puzzle]:
    """The puzzles of this module, in learning order."""
    return [*_pay_puzzles()]
