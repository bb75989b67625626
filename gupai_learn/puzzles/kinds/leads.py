"""Kinds about leads: the class of a lead, and whether (and why not) it may be led."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gupai_learn.engine.moves import Move, join
from gupai_learn.puzzles import pictures
from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.speak import correct, incorrect, lead_verdict, read_pieces
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.verdict import IllegalPlayError, Reason, Verdict, describe_input


def classify(e: Entry) -> Puzzle:
    """Choice: the class of a lead (``choices`` are class ids, or ``"invalid"``); with
    ``answer_by = "name"`` the choices are the combination's names instead (Tet-Gow's tiers)."""
    assert e.game.classify is not None, f"{e.game.name} has no classify()"
    by_name = e.data.get("answer_by", "kind") == "name"
    names = {**e.game.classes, "invalid": e["invalid"]}
    text, shown = e["tiles"], join(read_pieces(e.game, e["tiles"]))
    verdict = lead_verdict(e.game, text)
    try:
        combo = e.game.classify(text)
        truth = combo.name if by_name else names[combo.kind]
    except IllegalPlayError:
        truth = e["invalid"]

    # the engine's reasons for the rules the puzzle is about (a card's set, not how it leads)
    about = set(e.data.get("rules", ()))
    reasons = tuple(r for r in verdict.reasons if r.rule in about) or verdict.reasons

    ids = {v: k for k, v in names.items()}

    def check(answer: object) -> Feedback:
        if answer == truth:
            return correct(f"Right: {shown} is {truth}.", reasons)
        said = f"No: {shown} is a valid lead." if answer == e["invalid"] else ""
        said = said or f"No: {shown} is not {answer}."
        # what the chosen class is (the bank's ``why-not``), not what the pieces are
        why = e.data.get("why-not", {})
        key = "name" if by_name and answer != e["invalid"] else ids.get(answer, "")
        found = why.get(key) or why.get("*")
        if answer == e["invalid"] and "why-invalid" in e.data:  # the card's own words
            found = e["why-invalid"]
        if found is None:
            return incorrect(said, reasons)  # the guard keeps what does not say the answer
        return incorrect(said, [Reason(found["rule"], found["text"])])

    solution = Solution(truth, f"It is {truth}.", reasons)
    # drawn when shown, without the class a card prints on its face (the question asks it)
    picture = lambda: pictures.pieces(read_pieces(e.game, text), hide_class=True)  # noqa: E731
    choices = tuple(c if by_name else names[c] for c in e["choices"])
    return e.puzzle("choice", check, solution, picture, {"shown": shown}, choices=choices)


@dataclass(frozen=True)
class Claim:
    """An option of a may-lead puzzle: the lead is valid (no ``rule``), or it is not, for the
    rule ``rule`` whose engine reason contains ``phrase``."""

    text: str
    rule: str = ""
    phrase: str = ""

    def agrees(self, verdict: Verdict) -> bool:
        """Whether this claim says what the engine's verdict says."""
        if not self.rule or verdict.ok:
            return not self.rule and verdict.ok
        phrase = self.phrase.lower()
        return any(r.rule == self.rule and phrase in r.text.lower() for r in verdict.reasons)


def may_lead(e: Entry) -> Puzzle:
    """Choice: may these pieces be led, and if not, why not (``claims`` name the bank's). With a
    set-up the pieces are judged as a lead of the seat to act in that position (a passport, the
    point tiles), otherwise as the first lead of a deal."""
    claims = [Claim(**e.bank["claims"][name]) for name in e["claims"]]
    shown = join(read_pieces(e.game, e["tiles"]))
    if e.setup is not None:
        verdict = e.build().judge(Move.play(e["tiles"]))
    else:
        verdict = lead_verdict(e.game, e["tiles"])
    truth = f"{shown} may not be led."
    if verdict.ok and e.setup is not None:
        truth = f"{shown} may be led here: {verdict.summary}."
    elif verdict.ok:
        assert e.game.classify is not None
        combo = e.game.classify(shown)
        truth = f"{shown} is a valid lead: {combo.kind_name} ({combo.name})."

    def check(answer: object) -> Feedback:
        claim = next((c for c in claims if c.text == answer), None)
        if claim is None:
            return incorrect(f"{describe_input(answer)} is not one of the options.")
        if claim.agrees(verdict):
            return correct(f"Right: {truth}", verdict.reasons)
        return incorrect(*_claim_refuted(claim, verdict, shown, e.setup is not None))

    right = next((c.text for c in claims if c.agrees(verdict)), "")
    solution = Solution(right, truth, verdict.reasons)
    lead = read_pieces(e.game, e["tiles"])
    # in a position the answer depends on it: the hand, the tricks won, what was seen played
    picture: Callable[[], str] | str = pictures.pieces(lead)
    if e.setup is not None:
        picture = e.drawing(pictures.lead_position, lead)
    choices = tuple(c.text for c in claims)
    return e.puzzle("choice", check, solution, picture, {"shown": shown}, choices=choices)


def _claim_refuted(
    claim: Claim, verdict: Verdict, shown: str, situated: bool
) -> tuple[str, list[Reason]]:
    """What is wrong with a may-lead option that disagrees with the engine: a "yes" is told a
    rule forbids the lead (which rule, not why); a "no, because ..." that the reason it gives
    (quoted, so two wrong reasons never read alike) does not hold for these pieces. Neither says
    which option is right."""
    here = " here" if situated else ""
    if not claim.rule:
        rules = list(dict.fromkeys(r.rule for r in verdict.reasons))
        text = f"No: a rule of leading forbids {shown}{here}."
        return text, [Reason(rule, f"Check {shown} against this rule.") for rule in rules]
    reason = claim.text.removeprefix("No: ").removeprefix("No, ")
    text = f"Not so: “{reason}” does not hold for {shown}{here}."
    return text, [Reason(claim.rule, f"Read this rule again with {shown} in mind.")]
