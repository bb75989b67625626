"""Endgames (move, ``tg-end-NN``): lead so that you surely take the last trick. A lead is
right when the solver (``tien_gow.solve``) says the seat still forces the last trick after
it, whatever the others do; every such lead is accepted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.puzzles.tien_gow.common import (
    SCENES,
    SEATS,
    Scene,
    blank,
    correct,
    figure,
    incorrect,
    not_attempted,
    read_tiles,
)
from gupai_learn.render import Group, group_svg
from gupai_learn.tiles import Tiles
from gupai_learn.verdict import Reason, Verdict

# ----- kind 6: endgames, judged by the solver (move) ------------------------------------------


def _endgame_picture(scene: Scene) -> Callable[[], str]:
    def draw() -> str:
        deal, _ = scene.build()
        groups = [
            Group(
                f"{name}" + (" (you, to lead)" if seat == deal.turn else ""),
                deal.hands[seat],
                highlight=seat == deal.turn,
                note=f"{deal.columns[seat]} column{'s' * (deal.columns[seat] != 1)} won",
            )
            for seat, name in enumerate(SEATS)
        ]
        return figure("Every hand, face up:", group_svg(groups, layout="column"))

    return draw


def _successors(deal: tg.Deal) -> list[tuple[str, Tiles]]:
    """Every move of the seat to act: face-up plays, then face-down plays of the right size."""
    moves = [("up", Tiles(p)) for p in deal.legal_plays()]
    if deal.trick:
        size = len(deal.trick[0].pieces)
        seen = set()
        for pick in combinations(deal.hands[deal.turn], size):
            if pick not in seen:
                seen.add(pick)
                moves.append(("down", Tiles(pick)))
    return moves


def _apply(deal: tg.Deal, move: tuple[str, Tiles]) -> None:
    verb, pieces = move
    (deal.play if verb == "up" else deal.discard)(pieces)


def _solved(deal: tg.Deal, seat: int) -> bool:
    """Whether ``seat`` takes (or surely can take) the last trick from here: the solver."""
    return deal.winner == seat if deal.is_over else bool(tg.solve(deal, seat).wins)


def _replay(scene: Scene, moves: Sequence[tuple[str, Tiles]]) -> tg.Deal:
    deal = scene.build()[0]
    for move in moves:
        _apply(deal, move)
    return deal


def _refutation(scene: Scene, lead: Tiles, seat: int) -> list[Reason]:
    """After a losing lead, one way the other seats stop ``seat``, found with the solver: the
    tricks that follow, and the engine's reasons for the plays of the last trick."""
    moves: list[tuple[str, Tiles]] = [("up", lead)]
    deal = _replay(scene, moves)
    verdicts: list[Verdict] = []
    while not deal.is_over:
        want = deal.turn == seat  # seat tries to win; the others try to stop it
        options = _successors(deal)
        choice = next(
            (o for o in options if _solved(_replay(scene, [*moves, o]), seat) == want),
            options[0],
        )
        verdicts.append(deal.judge(choice[1], face_down=choice[0] == "down"))
        _apply(deal, choice)
        moves.append(choice)
    played = len(scene.build()[0].tricks)
    lines = deal.transcript().splitlines()[played:]
    winner = SEATS[deal.winner] if deal.winner is not None else "nobody"
    text = f"After {lead}, the others can always stop {SEATS[seat]}. One line of play: "
    text += "; ".join(lines)
    text += f". {winner} takes the last trick."
    last = verdicts[-4:]
    notes = [r for v in last for r in v.reasons if r.rule != "TG-BEAT-OPTIONAL"]
    return [Reason("TG-DEAL", text), *dict.fromkeys(notes)]


def _endgame_puzzle(pid: str, scene: Scene, story: str, hints: Sequence[str]) -> Puzzle:
    """Lead so that you surely take the last trick: a lead is right when the solver says the
    seat to lead still forces the last trick after it, whatever the others do."""
    SCENES[pid] = scene
    start = scene.build()[0]
    seat = start.turn

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted(f"select the tiles {SEATS[seat]} should lead.")
        pieces, misread = read_tiles(answer)
        if misread is not None:
            return incorrect("That is not tile notation.", [misread])
        deal = scene.build()[0]
        verdict = deal.judge(pieces)
        if not verdict.ok:
            return incorrect(f"{pieces} cannot be led here.", verdict.reasons)
        play = deal.play(pieces)
        lead = "".join(str(t) for t in play.pieces)
        if _solved(deal, seat):
            why = (
                f"The solver tried every reply of the other seats: after {lead}, "
                f"{SEATS[seat]} still takes the last trick."
            )
            return correct(
                f"Yes: {lead} wins the last trick for {SEATS[seat]}.",
                [*verdict.reasons, Reason("TG-DEAL", why)],
            )
        return incorrect(
            f"{lead} lets the others stop {SEATS[seat]}.",
            _refutation(scene, Tiles(play.pieces), seat),
        )

    winning = [Tiles(p) for p in start.legal_plays() if _wins_after(scene, Tiles(p), seat)]
    listed = ", ".join("".join(str(t) for t in w) for w in winning) or "none"
    return Puzzle(
        id=pid,
        title="Take the last trick",
        prompt=story
        + f" You are {SEATS[seat]}, to lead. Which lead makes sure you take the last trick, "
        "whatever the others do? (Any lead that does is right.)",
        answer_kind="move",
        pool=start.hands[seat],
        picture=_endgame_picture(scene),
        checker=check,
        hints=tuple(hints),
        solution=Solution(
            winning[0] if winning else Tiles(()),
            f"Leads that force the last trick: {listed}.",
            tuple(check(winning[0]).reasons) if winning else (),
        ),
        rules=("TG-DEAL", "TG-BEAT-STRICT", "TG-EARLY-DEATH", "TG-COLUMNS"),
    )


def _wins_after(scene: Scene, lead: Tiles, seat: int) -> bool:
    return _solved(_replay(scene, [("up", lead)]), seat)


def _endgame_puzzles() -> list[Puzzle]:
    return [
        _endgame_puzzle(
            "tg-end-01",
            Scene(("[6:6][5:1]", "[1:1][6:5]", "[4:4][2:2]", "[3:1][3:3]"), columns=(2, 2, 1, 1)),
            "Two tricks to go, all civil tiles.",
            (
                "Which of your tiles can be beaten, and which cannot?",
                "Whoever leads the last trick with a weak tile loses it.",
                "Let the others take the next trick: your Heaven beats whatever they lead then.",
            ),
        ),
        _endgame_puzzle(
            "tg-end-02",
            Scene(
                ("[3:3][5:1][5:1]", "[1:1][2:2][5:5]", "[6:6][4:4][5:4]", "[6:6][1:1][2:1]"),
                columns=(5, 0, 0, 0),
            ),
            "Three tricks to go. You have won every column so far.",
            (
                "Nobody else has won a column. What happens to them if the last trick is a single?",
                "If you lead the last trick yourself, early death leaves you alone in it.",
                "So you must win the next trick. Can anyone make a civil pair to beat yours?",
            ),
        ),
        _endgame_puzzle(
            "tg-end-03",
            Scene(
                ("[6:6][3:1][4:2]", "[5:5][3:1][2:1]", "[6:5][1:1][5:3]", "[6:3][5:5][5:4]"),
                columns=(3, 1, 0, 1),
            ),
            "Three tricks to go.",
            (
                "One of your tiles is of the other suit from the rest. Can it ever win a trick "
                "for you?",
                "Your two civil tiles beat anything civil the others hold. Keep them.",
                "Give the others your weakest trick now.",
            ),
        ),
        _endgame_puzzle(
            "tg-end-04",
            Scene(
                ("[1:1][6:3][6:2]", "[6:6][2:2][5:3]", "[6:6][3:3][6:5]", "[5:4][4:1][3:2]"),
                columns=(4, 0, 0, 1),
            ),
            "Three tricks to go. More than one lead works here.",
            (
                "Which of your tiles could be beaten, or tied, if led alone?",
                "[1:1] alone loses to a Heaven; [6:2] alone loses to a nine.",
                "Earth goes with the eights. Can anyone beat a mixed pair here?",
            ),
        ),
    ]


def puzzles() -> list[Puzzle]:
    """The puzzles of this module, in learning order."""
    return [*_endgame_puzzles()]
