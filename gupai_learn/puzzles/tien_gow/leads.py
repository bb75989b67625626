"""Questions about leads (choice): the class of a lead (``tg-class-NN``), and whether tiles
may be led and why not (``tg-lead-NN``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.puzzles.tien_gow.common import (
    NOT_A_LEAD,
    blank,
    correct,
    incorrect,
    lead_verdict,
    not_attempted,
    read_choice,
    tiles_picture,
    wrong_choice,
)
from gupai_learn.tiles import as_tiles
from gupai_learn.verdict import IllegalPlayError, Verdict

# ----- kind 1: name the class of a lead (choice) ---------------------------------------------


def _class_label(pieces: Any) -> str:
    try:
        return tg.KIND_NAMES[tg.classify(pieces).kind]
    except IllegalPlayError:
        return NOT_A_LEAD


def _class_puzzle(pid: str, text: str, choices: Sequence[str], hints: Sequence[str]) -> Puzzle:
    """Which class is the lead ``text``? The engine's classify() decides."""
    choices = tuple(choices)

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("pick the class of the lead.")
        chosen = read_choice(answer, choices)
        if chosen is None:
            return wrong_choice(choices)
        truth = _class_label(text)
        verdict = lead_verdict(text)
        shown = "".join(str(t) for t in as_tiles(text))
        if chosen == truth:
            return correct(f"Right: {shown} is {truth}.", verdict.reasons)
        if truth == NOT_A_LEAD:
            return incorrect(
                f"{shown} is not {chosen}: it is no valid lead at all.", verdict.reasons
            )
        if chosen == NOT_A_LEAD:
            return incorrect(f"{shown} is a valid lead: {truth}.", verdict.reasons)
        return incorrect(f"{shown} is not {chosen}: it is {truth}.", verdict.reasons)

    truth = _class_label(text)
    return Puzzle(
        id=pid,
        title="Name the lead",
        prompt=f"A player leads {text}. Which class of lead is it?",
        answer_kind="choice",
        choices=choices,
        picture=tiles_picture(text),
        checker=check,
        hints=tuple(hints),
        solution=Solution(truth, f"It is {truth}.", lead_verdict(text).reasons),
        rules=("TG-LEAD-CLASS", "TG-LEAD-FAMILY", "TG-SUPREME"),
    )


def _class_puzzles() -> list[Puzzle]:
    k = tg.KIND_NAMES
    return [
        _class_puzzle(
            "tg-class-01",
            "[6:6][6:3]",
            (k["civil-pair"], k["military-pair"], k["mixed-pair"], NOT_A_LEAD),
            (
                "Look at the suit of each tile: is it civil or military?",
                "[6:6] Heaven is civil; [6:3] is a military nine.",
                "A civil tile and a military tile of its family make a mixed pair: Heaven goes "
                "with the nines.",
            ),
        ),
        _class_puzzle(
            "tg-class-02",
            "[3:1]",
            (k["single-civil"], k["single-military"], NOT_A_LEAD),
            (
                "Count the pips: four. But rank does not follow the pip count.",
                "Civil tiles are the eleven kinds that come twice in a set.",
                "[3:1] is Goose, the fourth-highest civil tile.",
            ),
        ),
        _class_puzzle(
            "tg-class-03",
            "[1:1][1:1][5:3]",
            (k["civil-pair"], k["triplet-2c1m"], k["triplet-1c2m"], NOT_A_LEAD),
            (
                "Three tiles: only a triplet can be led with three.",
                "Count the civil tiles and the military tiles.",
                "Two Earths and one eight: two civil tiles plus one military tile of the family.",
            ),
        ),
        _class_puzzle(
            "tg-class-04",
            "[4:2][2:1]",
            (k["military-pair"], k["supreme"], k["mixed-pair"], NOT_A_LEAD),
            (
                "Both tiles are military, but they are not of the same rank.",
                "[4:2] and [2:1] are the only two military tiles without a twin of equal rank.",
                "Together they are the famous pair that wins whenever it is led.",
            ),
        ),
        _class_puzzle(
            "tg-class-05",
            "[4:4][4:4][5:2][4:3]",
            (k["civil-pair"], k["triplet-2c1m"], k["quartet"], NOT_A_LEAD),
            (
                "Four tiles: there is exactly one class of four-tile lead.",
                "Is [4:4][4:4] a civil pair, and [5:2][4:3] the military pair of its family?",
                "Man goes with the sevens: the civil pair and the military pair make a quartet.",
            ),
        ),
        _class_puzzle(
            "tg-class-06",
            "[6:3][5:4]",
            (k["military-pair"], k["mixed-pair"], k["civil-pair"], NOT_A_LEAD),
            (
                "Are these tiles civil or military?",
                "Military tiles pair when their pip totals are equal.",
                "Both are nines: a military pair, the highest of its class.",
            ),
        ),
    ]


# ----- kind 2: may it be led, and why not? (choice) ----------------------------------------


@dataclass(frozen=True)
class Claim:
    """One answer option of a "may it be led?" puzzle: ``valid`` says the lead is legal; an
    invalid claim names the rule (and a phrase of the engine's reason) it stands for."""

    text: str
    valid: bool
    rule: str = ""
    phrase: str = ""

    def agrees(self, verdict: Verdict) -> bool:
        """Whether this claim says what the engine's verdict says."""
        if self.valid or verdict.ok:
            return self.valid == verdict.ok
        return any(
            r.rule == self.rule and self.phrase.lower() in r.text.lower() for r in verdict.reasons
        )


_YES = Claim("Yes, it is a valid lead", True)
_NO_IDENTICAL = Claim(
    "No: two civil tiles pair only when they are identical", False, "TG-LEAD-CLASS", "identical"
)
_NO_EQUAL_MILITARY = Claim(
    "No: two military tiles pair only when their pip totals are equal",
    False,
    "TG-LEAD-CLASS",
    "same rank",
)
_NO_FAMILY = Claim(
    "No: the civil tile and the military tile are not of one family",
    False,
    "TG-LEAD-FAMILY",
    "",
)
_NO_SUPREME_ONLY = Claim(
    "No: [4:2] and [2:1] pair only with each other", False, "TG-LEAD-CLASS", "pairs only with"
)
_NO_FOUR = Claim(
    "No: the only four-tile lead is a civil pair with the military pair of its family",
    False,
    "TG-LEAD-CLASS",
    "not a quartet",
)
_NO_TOO_MANY = Claim("No: a lead has at most four tiles", False, "TG-LEAD-CLASS", "one to four")


def _lead_puzzle(pid: str, text: str, claims: Sequence[Claim], hints: Sequence[str]) -> Puzzle:
    """May ``text`` be led? The engine's lead verdict decides which claim is right."""
    claims = tuple(claims)
    choices = tuple(c.text for c in claims)
    shown = "".join(str(t) for t in as_tiles(text))

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("say whether the tiles may be led, and why.")
        chosen = read_choice(answer, choices)
        if chosen is None:
            return wrong_choice(choices)
        claim = claims[choices.index(chosen)]
        verdict = lead_verdict(text)
        truth = _lead_summary(shown, verdict)
        if claim.agrees(verdict):
            return correct(f"Right: {truth}", verdict.reasons)
        if claim.valid or verdict.ok:
            return incorrect(f"Not so: {truth}", verdict.reasons)
        return incorrect(f"{shown} may not be led, but not for that reason.", verdict.reasons)

    verdict = lead_verdict(text)
    right = [c for c in claims if c.agrees(verdict)]
    return Puzzle(
        id=pid,
        title="May it be led?",
        prompt=f"Your turn to lead. May you lead {shown}?",
        answer_kind="choice",
        choices=choices,
        picture=tiles_picture(text),
        checker=check,
        hints=tuple(hints),
        solution=Solution(
            right[0].text if right else "", _lead_summary(shown, verdict), verdict.reasons
        ),
        rules=tuple(dict.fromkeys(["TG-LEAD-CLASS", "TG-LEAD-FAMILY", *verdict.rules])),
    )


def _lead_summary(shown: str, verdict: Verdict) -> str:
    if verdict.ok:
        combo = tg.classify(shown)
        return f"{shown} is a valid lead: {combo.kind_name} ({combo.name})."
    return f"{shown} may not be led."


def _lead_puzzles() -> list[Puzzle]:
    return [
        _lead_puzzle(
            "tg-lead-01",
            "[6:6][6:5]",
            (_YES, _NO_IDENTICAL, _NO_FAMILY),
            (
                "Both tiles are civil. What makes two civil tiles a pair?",
                "A civil pair is two copies of the same tile, like [6:6][6:6].",
            ),
        ),
        _lead_puzzle(
            "tg-lead-02",
            "[6:3][6:2]",
            (_YES, _NO_EQUAL_MILITARY, _NO_SUPREME_ONLY),
            (
                "Both tiles are military. Add up the pips of each.",
                "A nine and an eight: military tiles pair only with a tile of the same total.",
            ),
        ),
        _lead_puzzle(
            "tg-lead-03",
            "[4:4][6:3]",
            (_YES, _NO_FAMILY, _NO_IDENTICAL),
            (
                "One civil tile, one military tile: that can be a mixed pair, if they belong "
                "together.",
                "The families: Heaven with nines, Earth with eights, Man with sevens, Goose with "
                "fives.",
            ),
        ),
        _lead_puzzle(
            "tg-lead-04",
            "[4:2][4:1]",
            (_YES, _NO_EQUAL_MILITARY, _NO_SUPREME_ONLY),
            (
                "[4:2] is special: it has no twin of the same rank.",
                "[4:2] Big six and [2:1] Little three form a pair of their own, and nothing else.",
            ),
        ),
        _lead_puzzle(
            "tg-lead-05",
            "[1:1][1:1][6:2][5:3]",
            (_YES, _NO_FOUR, _NO_TOO_MANY),
            (
                "Four tiles may be led only as a quartet.",
                "Earth goes with the eights: is this the Earth pair with both eights?",
            ),
        ),
        _lead_puzzle(
            "tg-lead-06",
            "[6:6][6:6][1:1][1:1]",
            (_YES, _NO_FOUR, _NO_IDENTICAL),
            (
                "Two fine civil pairs. Can two pairs be led together?",
                "A four-tile lead needs two civil and two military tiles of one family.",
            ),
        ),
        _lead_puzzle(
            "tg-lead-07",
            "[3:1][4:1]",
            (_YES, _NO_FAMILY, _NO_EQUAL_MILITARY),
            (
                "[3:1] is Goose, a civil tile; [4:1] is a military five.",
                "Goose goes with the fives.",
            ),
        ),
    ]


def puzzles() -> list[Puzzle]:
    """The puzzles of this module, in learning order."""
    return [*_class_puzzles(), *_lead_puzzles()]
