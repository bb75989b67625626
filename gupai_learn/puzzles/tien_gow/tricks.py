"""Questions about a trick: pick a play that beats the table (tiles, ``tg-beat-NN``), and
who takes a trick (choice, ``tg-trick-NN``)."""

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
    correct,
    figure,
    incorrect,
    not_attempted,
    read_choice,
    read_tiles,
    wrong_choice,
)
from gupai_learn.render import Group, group_svg, row_svg
from gupai_learn.tiles import Tiles
from gupai_learn.verdict import Reason, Verdict

# ----- kind 3: pick a play that beats the table (tiles) ------------------------------------


def _trick_groups(deal: tg.Deal, record: Sequence[tuple[int, Tiles, Verdict]]) -> list[Group]:
    groups = []
    for i, play in enumerate(deal.trick):
        role = " (lead)" if i == 0 else ""
        note = "" if play.face_up else "face down"
        groups.append(
            Group(f"{SEATS[play.seat]}{role}", play.pieces, face_down=not play.face_up, note=note)
        )
    return groups


def _beat_picture(scene: Scene) -> Callable[[], str]:
    def draw() -> str:
        deal, record = scene.build()
        seat = SEATS[deal.turn]
        table = figure("On the table:", group_svg(_trick_groups(deal, record)))
        hand = figure(f"Your hand ({seat}):", row_svg(deal.hands[deal.turn]))
        return table + hand

    return draw


def _beat_puzzle(pid: str, scene: Scene, hints: Sequence[str], rules: Sequence[str]) -> Puzzle:
    """Pick tiles from the hand to act that go face up; the engine's judge() decides."""
    SCENES[pid] = scene
    deal, _ = scene.build()
    seat = SEATS[deal.turn]
    pool = deal.hands[deal.turn]
    winners = deal.legal_plays()

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted(f"select tiles from {seat}'s hand.")
        pieces, misread = read_tiles(answer)
        if misread is not None or pieces is None:
            return incorrect("That is not tile notation.", [misread] if misread else [])
        verdict = scene.build()[0].judge(pieces)
        shown = "".join(str(t) for t in pieces)
        if verdict.ok:
            return correct(f"Yes: {verdict.summary}.", verdict.reasons)
        return incorrect(f"{shown} cannot go face up.", verdict.reasons)

    answer = winners[0]
    listed = ", ".join("".join(str(t) for t in w) for w in winners)
    return Puzzle(
        id=pid,
        title="Beat the table",
        prompt=(
            f"You are {seat}. Select tiles from your hand that you may play face up, "
            "beating the table. Any play that beats it is a right answer."
        ),
        answer_kind="tiles",
        pool=pool,
        picture=_beat_picture(scene),
        checker=check,
        hints=tuple(hints),
        solution=Solution(
            Tiles(answer),
            f"Plays that beat the table: {listed}.",
            scene.build()[0].judge(answer).reasons,
        ),
        rules=tuple(rules),
    )


def _beat_puzzles() -> list[Puzzle]:
    return [
        _beat_puzzle(
            "tg-beat-01",
            Scene(
                (
                    "[3:1][4:1][6:4][6:1]",
                    "[5:5][5:5][4:4][5:2]",
                    "[6:5][6:5][5:1][5:1]",
                    "[2:2][2:2][3:3][3:3]",
                ),
                ("up:[3:1][4:1]",),
                columns=(1, 1, 1, 1),
            ),
            (
                "What class is the lead? Only that class can beat it.",
                "[3:1][4:1] is Goose-five, a mixed pair: you need a higher mixed pair.",
                "Man goes with the sevens.",
            ),
            ("TG-BEAT-STRICT", "TG-LEAD-FAMILY"),
        ),
        _beat_puzzle(
            "tg-beat-02",
            Scene(
                ("[6:4][6:6]", "[3:3][6:1]", "[5:5][2:2]", "[6:3][5:1]"),
                ("up:[6:4]", "up:[3:3]"),
                columns=(2, 2, 1, 1),
            ),
            (
                "The play to beat is the current high play, not always the lead.",
                "South's [3:3] Long three beat East's [6:4] Partition; now it is the one to beat.",
                "Which civil tile of yours ranks above Long three?",
            ),
            ("TG-BEAT-STRICT",),
        ),
        _beat_puzzle(
            "tg-beat-03",
            Scene(
                ("[6:2][6:6][6:6]", "[5:3][6:3][1:1]", "[5:5][5:5][2:2]", "[3:3][6:1][5:1]"),
                ("up:[6:2]",),
                columns=(1, 2, 1, 1),
            ),
            (
                "An eight was led: military singles rank by their pip total.",
                "[5:3] is an eight too. Does an equal tile beat?",
                "Only a strictly higher military tile beats an eight.",
            ),
            ("TG-BEAT-STRICT", "TG-BEAT-TIE", "TG-BEAT-COUNT"),
        ),
        _beat_puzzle(
            "tg-beat-04",
            Scene(
                (
                    "[1:1][1:1][5:3][6:1]",
                    "[6:6][6:6][6:3][5:4]",
                    "[5:5][5:5][3:3][3:3]",
                    "[2:2][2:2][6:5][6:5]",
                ),
                ("up:[1:1][1:1][5:3]",),
                columns=(1, 1, 1, 1),
            ),
            (
                "The lead is two Earths and an eight: two civil tiles and one military tile.",
                "A triplet beats only a triplet of the same make-up.",
                "Two Heavens and a nine is the same make-up, in a higher family.",
            ),
            ("TG-BEAT-STRICT", "TG-LEAD-FAMILY"),
        ),
        _beat_puzzle(
            "tg-beat-05",
            Scene(
                (
                    "[1:1][1:1][6:4][6:4]",
                    "[5:5][5:5][3:3][6:1]",
                    "[4:2][2:1][6:6][6:6]",
                    "[3:3][2:2][2:2][6:1]",
                ),
                ("up:[1:1][1:1]", "[5:5][5:5]"),
                columns=(1, 1, 1, 1),
            ),
            (
                "A civil pair was led: only a higher civil pair beats it.",
                "Your Supreme pair is the strongest pair of all, but only when it is led.",
            ),
            ("TG-BEAT-STRICT", "TG-SUPREME"),
        ),
        _beat_puzzle(
            "tg-beat-06",
            Scene(
                ("[5:2][6:6]", "[6:2][5:3]", "[4:3][1:1]", "[6:1][5:1]"),
                ("up:[5:2]",),
                columns=(2, 2, 1, 1),
            ),
            (
                "One tile was led, so you play exactly one tile.",
                "A military seven was led. Which of your tiles is a higher military tile?",
            ),
            ("TG-BEAT-COUNT", "TG-BEAT-STRICT"),
        ),
    ]


# ----- kind 4: who takes the trick? (choice) -----------------------------------------------


def _offer_picture(scene: Scene) -> Callable[[], str]:
    def draw() -> str:
        _, record = scene.build()
        groups = []
        for i, (seat, pieces, _) in enumerate(record):
            groups.append(Group(f"{i + 1}. {SEATS[seat]}" + (" (lead)" if i == 0 else ""), pieces))
        return figure("The tiles each player puts down, in turn:", group_svg(groups))

    return draw


def _trick_puzzle(pid: str, scene: Scene, hints: Sequence[str], rules: Sequence[str]) -> Puzzle:
    """Who takes a trick whose plays are offered in turn; the engine decides face up or down."""
    SCENES[pid] = scene
    choices = tuple(SEATS)

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("pick the seat that takes the trick.")
        chosen = read_choice(answer, choices)
        if chosen is None:
            return wrong_choice(choices)
        deal, record = scene.build()
        trick = deal.tricks[-1]
        winner = SEATS[trick.winner]
        high = _winning_reasons(record, trick.winner)
        if chosen == winner:
            return correct(f"Right: {winner} takes the trick.", high)
        return incorrect(
            f"Not {chosen}: {winner} takes the trick.",
            [*_why_not(record, choices.index(chosen), trick.winner), *high],
        )

    deal, record = scene.build()
    winner = deal.tricks[-1].winner
    return Puzzle(
        id=pid,
        title="Who takes the trick?",
        prompt=(
            "The plays below were put down in this order. Each one goes face up if the rules "
            "allow it, otherwise face down. Who takes the trick?"
        ),
        answer_kind="choice",
        choices=choices,
        picture=_offer_picture(scene),
        checker=check,
        hints=tuple(hints),
        solution=Solution(
            SEATS[winner],
            f"{SEATS[winner]} takes the trick.",
            tuple(_winning_reasons(record, winner)),
        ),
        rules=tuple(dict.fromkeys([*rules, "TG-TRICK-WINNER"])),
    )


def _winning_reasons(record: Sequence[tuple[int, Tiles, Verdict]], winner: int) -> list[Reason]:
    for seat, _, verdict in record:
        if seat == winner:
            if "TG-TRICK-WINNER" in verdict.rules:
                return list(verdict.reasons)
            text = f"No later play beat {SEATS[winner]}'s, so {SEATS[winner]} takes the trick."
            return [*verdict.reasons, Reason("TG-TRICK-WINNER", text)]
    return []


def _why_not(record: Sequence[tuple[int, Tiles, Verdict]], seat: int, winner: int) -> list[Reason]:
    """Why ``seat`` does not take the trick: its play went face down (the engine's reasons),
    or a later play beat it."""
    for i, (who, pieces, verdict) in enumerate(record):
        if who != seat:
            continue
        if i > 0 and not verdict.ok:
            return [*verdict.reasons, Reason("TG-BEAT-OPTIONAL", "So it went face down.")]
        later = [v for w, _, v in record[i + 1 :] if v.ok]
        shown = "".join(str(t) for t in pieces)
        text = f"{SEATS[seat]}'s {shown} was beaten by a later play."
        return [Reason("TG-TRICK-WINNER", text), *(later[-1].reasons[:1] if later else ())]
    return []


def _trick_puzzles() -> list[Puzzle]:
    return [
        _trick_puzzle(
            "tg-trick-01",
            Scene(
                ("[3:1]", "[5:5]", "[4:4]", "[6:5]"),
                ("[3:1]", "[5:5]", "[4:4]", "[6:5]"),
                columns=(2, 2, 2, 1),
            ),
            (
                "All four tiles are civil. Put them in civil order.",
                "Goose > Plum flower, but Man > Goose. What about Hatchet?",
            ),
            ("TG-BEAT-STRICT",),
        ),
        _trick_puzzle(
            "tg-trick-02",
            Scene(
                ("[1:1][6:2]", "[6:6][6:3]", "[6:6][5:4]", "[5:5][5:5]"),
                ("[1:1][6:2]", "[6:6][6:3]", "[6:6][5:4]", "[5:5][5:5]"),
                columns=(2, 1, 2, 1),
            ),
            (
                "The lead is Earth-eight, a mixed pair.",
                "Heaven-nine beats it. Is [6:6][5:4] higher than [6:6][6:3]?",
                "Equal never beats: the earlier play stands.",
            ),
            ("TG-BEAT-TIE", "TG-BEAT-STRICT"),
        ),
        _trick_puzzle(
            "tg-trick-03",
            Scene(
                ("[4:2]", "[6:6]", "[4:1]", "[2:1]"),
                ("[4:2]", "[6:6]", "[4:1]", "[2:1]"),
                columns=(2, 2, 2, 1),
            ),
            (
                "[4:2] Big six is a military tile. Which suit is Heaven?",
                "A civil tile never beats a military lead, however high it is.",
            ),
            ("TG-BEAT-STRICT",),
        ),
        _trick_puzzle(
            "tg-trick-04",
            Scene(
                ("[4:2][2:1]", "[6:6][6:6]", "[6:3][5:4]", "[1:1][5:3]"),
                ("[4:2][2:1]", "[6:6][6:6]", "[6:3][5:4]", "[1:1][5:3]"),
                columns=(2, 2, 1, 1),
            ),
            (
                "What is the pair East led?",
                "The Supreme pair, led, wins whatever comes after it.",
            ),
            ("TG-SUPREME",),
        ),
        _trick_puzzle(
            "tg-trick-05",
            Scene(
                ("[3:1][4:1][3:2]", "[4:4][5:2][4:3]", "[1:1][1:1][6:2]", "[6:6][6:3][5:4]"),
                ("[4:4][5:2][4:3]", "[1:1][1:1][6:2]", "[6:6][6:3][5:4]", "[3:1][4:1][3:2]"),
                columns=(2, 1, 1, 1),
                leader=1,
            ),
            (
                "South leads one civil tile with two military tiles.",
                "A triplet of two civil + one military is a different make-up: it never beats.",
                "Heaven is the highest family; Goose the lowest.",
            ),
            ("TG-BEAT-STRICT", "TG-LEAD-FAMILY"),
        ),
        _trick_puzzle(
            "tg-trick-06",
            Scene(
                ("[5:1]", "[6:6]", "[6:1]", "[6:4]"),
                ("[5:1]", "[6:6]", "[6:1]", "[6:4]"),
                columns=(3, 0, 2, 2),
            ),
            (
                "This is the last trick, and it is a single tile.",
                "South has not won a single column before this last trick.",
                "Early death: a player without a column must play his last tile face down, "
                "even the Heaven.",
            ),
            ("TG-EARLY-DEATH", "TG-BEAT-STRICT"),
        ),
    ]


def puzzles() -> list[Puzzle]:
    """The puzzles of this module, in learning order."""
    return [*_beat_puzzles(), *_trick_puzzles()]
