"""Kinds about a trick: what beats the table, and who takes the trick."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gupai_learn.engine.moves import Move, join
from gupai_learn.puzzles import fair, pictures
from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.speak import _face_up, correct, incorrect
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.verdict import Reason, Verdict

if TYPE_CHECKING:
    from gupai_learn.engine.game import PlayedDeal
    from gupai_learn.engine.protocols import TrickDealView


def beats(e: Entry) -> Puzzle:
    """Tiles: a play from the hand to act that may go face up; ``deal.judge`` decides."""
    start = e.build()
    winners = start.legal_plays()

    def check(answer: object) -> Feedback:
        if not _face_up(answer):
            return incorrect("Pick tiles to play face up: the question is what beats the table.")
        verdict = e.build().judge(answer)
        if verdict.ok:
            return correct(f"Yes: {verdict.summary}.", verdict.reasons)
        return incorrect(f"No: {verdict.summary}.", verdict.reasons)

    listed = ", ".join(join(w) for w in winners)
    reasons = start.judge(winners[0]).reasons
    solution = Solution(winners[0], f"Plays that beat the table: {listed}.", reasons)
    picture = e.drawing(pictures.table)
    seat = {"seat": start.name(start.turn)}
    return e.puzzle(
        "tiles",
        check,
        solution,
        picture,
        seat,
        pool=start.hands[start.turn],
        pool_caption=f"Your hand ({seat['seat']}):",
        secrets=fair.move_secrets(Move.play(w) for w in winners),
    )


def trick_winner(e: Entry) -> Puzzle:
    """Choice: who takes the trick when the ``offers`` are put down in turn, each face up if
    the engine allows it and face down otherwise."""
    assert e.setup is not None
    deal, moves, verdicts = e.setup.build(), [], []
    for text in e["offers"]:
        verdicts.append(deal.judge(text))
        moves.append(text if verdicts[-1].ok else f"down:{text}")
        deal.apply(moves[-1])
    e = replace(e, setup=e.setup.then(moves))
    plays = e.build().tricks[-1].plays
    record = list(zip(plays, verdicts, strict=True))

    def check(answer: object) -> Feedback:
        deal = e.build()
        winner, chosen = deal.tricks[-1].winner, deal.seat_names.index(answer)
        if chosen == winner:
            said = f"Right: {answer} takes the {e.game.round_name}."
            return correct(said, _won_because(e, deal, record))
        return incorrect(f"Not {answer}.", _lost_because(e, deal, record, chosen))

    winner = deal.tricks[-1].winner
    why = _won_because(e, deal, record)
    said = f"{deal.name(winner)} takes the {e.game.round_name}."
    solution = Solution(deal.name(winner), said, tuple(why))
    picture = e.drawing(pictures.offered)
    return e.puzzle("choice", check, solution, picture, choices=deal.seat_names)


def _won_because(e: Entry, deal: TrickDealView, record: list[tuple[Any, Verdict]]) -> list[Reason]:
    """The engine's reasons for the winning play, and that no later play beat it."""
    winner = deal.tricks[-1].winner
    verdict = next(v for play, v in record if play.seat == winner)
    if e.rule("winner") in verdict.rules:
        return list(verdict.reasons)
    name, unit = deal.name(winner), e.game.round_name
    text = f"No later play beat {name}'s, so {name} takes the {unit}."
    return [*verdict.reasons, Reason(e.rule("winner"), text)]


def _lost_because(
    e: Entry, deal: PlayedDeal, record: list[tuple[Any, Verdict]], seat: int
) -> list[Reason]:
    """Why ``seat`` does not take the trick: its play went face down (the engine's reasons),
    or a later play beat it."""
    i = next(i for i, (play, _) in enumerate(record) if play.seat == seat)
    play, verdict = record[i]
    name, shown = deal.name(seat), join(play.pieces)
    if i > 0 and not verdict.ok:  # the engine's reasons would name the play that stood
        text = f"{name}'s {shown} does not beat the highest play before it, so it went face down."
        look = f"Compare {shown} with the plays before it under this rule."
        rules = dict.fromkeys(r.rule for r in verdict.reasons if r.rule != e.rule("face-down"))
        return [Reason(e.rule("face-down"), text), *(Reason(r, look) for r in rules)]
    text = f"{name}'s {shown} was beaten by a later play: compare it with each play after it."
    later = [v for p, v in record[i + 1 :] if p.face_up]
    rules = dict.fromkeys(r.rule for v in later for r in v.reasons if r.rule != e.rule("winner"))
    look = "A later play beats it under this rule."
    return [Reason(e.rule("winner"), text), *(Reason(r, look) for r in rules)]
