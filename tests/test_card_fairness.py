"""A card is a promise (issue 22): for every puzzle of every bank, a wrong answer's feedback
never gives the right answer away, a card offers only the kinds of move its game has, and its
solution passes.

Wrong answers are generated, not listed: every other option of a choice; the bank's typical
``wrong`` entries; for numbers the solution nudged seat by seat; for tiles and move cards every
legal move that is not right, single pieces and pairs from the pool and a piece nobody holds.
"Gives away" is matched on normalised text (case, spacing and punctuation aside, tiles written
high end first) in the feedback's sentence and every reason.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gupai_learn import puzzles
from gupai_learn.engine.moves import Move, join
from gupai_learn.games import GAMES
from gupai_learn.puzzles import loader

ALL = [p for name in puzzles.BANKS for p in puzzles.bank(name)]
#: the statistics cards play their deals when first checked (once per session)
QUICK = [p for p in ALL if p.kind != "sim-compare"]
SIMS = [p for p in ALL if p.kind == "sim-compare"]
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TILE = re.compile(r"\[(\d):(\d)\]")


# ----- normalising text -------------------------------------------------------------------------
def _tile(match: re.Match[str]) -> str:
    high, low = sorted(map(int, match.groups()), reverse=True)
    return f" t{high}{low} "


def norm(text: Any) -> str:
    """Text compared by meaning: tiles as ``t64`` (high end first), lower case, words only."""
    text = TILE.sub(_tile, str(text).replace("−", "-"))
    words = re.findall(r"t\d\d|[+-]?\d+|[^\W\d_]+", text.casefold())
    return " " + " ".join(words) + " "


def said(feedback: puzzles.Feedback) -> str:
    """Everything a learner reads after checking: the sentence and every reason."""
    return norm(" ".join([feedback.text, *(r.text for r in feedback.reasons)]))


def contains(haystack: str, needle: str) -> bool:
    """Whether normalised ``needle`` occurs in normalised ``haystack`` as whole words."""
    return bool(needle.strip()) and needle in haystack


def pieces_needles(pieces: Any) -> list[str]:
    """How a play of ``pieces`` may be written in feedback: in its order, or high first."""
    texts = [norm(join(pieces))]
    texts.append(norm(join(sorted(pieces, key=str, reverse=True))))
    return list(dict.fromkeys(texts))


# ----- what a puzzle must not say after a wrong answer -------------------------------------------
UNITS = "point points tile tiles card cards column columns trick tricks chip chips pip pips"


def number_needles(value: int) -> list[str]:
    """A number said as a count: its digits or its word (two to nine) before what it counts
    ("3 points", "three cards", "2 columns"), or after "scores"."""
    spoken = [str(value)] + ([NUMBER_WORDS[value]] if 2 <= value < len(NUMBER_WORDS) else [])
    found = [norm(f"{s} {unit}") for s in spoken for unit in UNITS.split()]
    return found + [norm(f"{verb} {s}") for s in spoken for verb in ("scores", "score")]


@cache
def good_moves(pid: str) -> tuple[Move, ...]:
    """Every move the card accepts (tiles and move cards): the legal moves its check passes."""
    puzzle = puzzles.get(pid)
    assert puzzle.position is not None
    deal = puzzle.position()
    return tuple(m for m in deal.legal_moves() if puzzle.check(str(m)).correct)


def needles(puzzle: puzzles.Puzzle) -> list[str]:
    """The texts that give ``puzzle``'s answer away."""
    answer = puzzle.solution.answer
    if puzzle.answer_kind == "choice":
        found = [norm(answer)]
        if answer.strip().isdigit():
            found = number_needles(int(answer))
        text = norm(puzzle.solution.text)
        if len(text.split()) >= 4:  # a sentence saying the answer (may-lead's "may not be led")
            found.append(text)
        return found
    if puzzle.answer_kind == "numbers":
        values = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(values) == 1:
            return number_needles(values[0])
        labels = [label.split(" (")[0] for label in puzzle.labels]
        pairs = [norm(f"{name} {v}") for name, v in zip(labels, values, strict=True)]
        pairs += [norm(f"{name} {v:+d}") for name, v in zip(labels, values, strict=True)]
        return [*pairs, norm(" ".join(map(str, values)))]
    found = []
    for move in good_moves(puzzle.id):
        if move.kind in ("draw", "pass"):
            found.append(norm(move.kind))
        else:
            found += pieces_needles(move.pieces)
    return found


# ----- wrong answers ------------------------------------------------------------------------------
def wrong_answers(puzzle: puzzles.Puzzle) -> Iterator[Any]:
    """Answers the card must refuse: the bank's typical ones and a systematic spread."""
    yield from (answer for answer, _ in puzzle.wrong)
    answer = puzzle.solution.answer
    if puzzle.answer_kind == "choice":
        yield from (c for c in puzzle.choices if c != answer)
    elif puzzle.answer_kind == "numbers":
        values = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        for i, step in itertools.product(range(len(values)), (1, -1, 2, -4)):
            nudged = list(values)
            nudged[i] += step
            if len(values) > 1:  # keep the sum: one seat gives the other what it gained
                nudged[(i + 1) % len(values)] -= step
            yield tuple(nudged) if len(values) > 1 else nudged[0]
    else:
        yield from _wrong_moves(puzzle)


def _wrong_moves(puzzle: puzzles.Puzzle) -> Iterator[Any]:
    assert puzzle.position is not None
    deal = puzzle.position()
    good = set(good_moves(puzzle.id))
    yield from (str(m) for m in deal.legal_moves() if m not in good)
    pool = list(puzzle.pool or ())
    for size in (1, 2):
        for combo in itertools.islice(itertools.combinations(pool, size), 12):
            text = join(combo)
            ends = (">left", ">right") if "left" in puzzle.choices else ("",)
            yield from (text + end for end in ends)
    held = {str(p) for hand in deal.hands for p in hand}
    stranger = next((str(p) for p in GAMES_OF[puzzle.id].deck() if str(p) not in held), None)
    if stranger is not None:
        yield f"[{stranger[1:-1]}]" if stranger.startswith("[") else stranger


GAMES_OF = {
    p.id: GAMES[loader.raw(name)["game"]] for name in puzzles.BANKS for p in puzzles.bank(name)
}


def giveaways(puzzle: puzzles.Puzzle) -> list[tuple[Any, str, str]]:
    """Each wrong answer whose feedback says the answer: (answer, what it said, the needle)."""
    found = []
    wanted = needles(puzzle)
    for answer in dict.fromkeys(wrong_answers(puzzle)):
        feedback = puzzle.check(answer)
        if feedback.correct or feedback.outcome == "not-attempted":
            continue
        own = norm(answer if not isinstance(answer, tuple) else " ".join(map(str, answer)))
        text = said(feedback)
        for needle in wanted:
            if contains(text, needle) and not contains(own, needle):
                found.append((answer, text.strip(), needle.strip()))
                break
    return found


# ----- the checks ---------------------------------------------------------------------------------
@pytest.mark.parametrize("puzzle", QUICK, ids=lambda p: p.id)
def test_a_wrong_answer_never_gives_the_answer_away(puzzle: puzzles.Puzzle) -> None:
    assert not giveaways(puzzle), giveaways(puzzle)[:3]


@pytest.mark.parametrize("puzzle", SIMS, ids=lambda p: p.id)
def test_a_statistics_card_keeps_its_measurement_for_the_solution(puzzle: puzzles.Puzzle) -> None:
    assert not giveaways(puzzle), giveaways(puzzle)[:3]


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_the_solution_passes(puzzle: puzzles.Puzzle) -> None:
    assert puzzle.check(puzzle.solution.answer).correct


@cache
def kinds_of_move(game: str) -> frozenset[str]:
    """The kinds of move ``game``'s engine offers, seen over seeded random deals played out."""
    import random

    seen: set[str] = set()
    for seed in range(12):
        deal, rng = GAMES[game].Deal.random(seed=seed), random.Random(seed)
        while not deal.is_over:
            moves = deal.legal_moves()
            seen |= {m.kind for m in moves}
            deal.apply(rng.choice(moves))
    return frozenset(seen)


MOVE_CARDS = [p for p in ALL if p.answer_kind == "move" and p.choices]


@pytest.mark.parametrize("puzzle", MOVE_CARDS, ids=lambda p: p.id)
def test_a_move_card_offers_exactly_the_kinds_of_move_its_game_has(puzzle) -> None:
    from gupai_learn.puzzles.kinds import MOVE_WORDS

    game = GAMES_OF[puzzle.id].name
    offered = {MOVE_WORDS[w] for w in puzzle.choices}
    assert offered == kinds_of_move(game), (puzzle.choices, sorted(kinds_of_move(game)))
    same_game = [p for p in MOVE_CARDS if GAMES_OF[p.id].name == game]
    assert all(p.choices == puzzle.choices for p in same_game), "the same on every card"


def shown_text(puzzle: puzzles.Puzzle) -> str:
    """Everything the picture says: its text, spoken labels and tooltips."""
    drawn = puzzle.drawing()
    found = re.findall(r'aria-label="([^"]*)"|<title>([^<]*)</title>|>([^<>]+)<', drawn)
    return norm(" ".join(x for group in found for x in group if x))


#: choice cards whose answer is a class or a kind (a seat or a number is on every picture)
ASKED = [
    p
    for p in ALL
    if p.answer_kind == "choice"
    and p.kind != "sim-compare"
    and not str(p.solution.answer).strip().isdigit()
    and p.solution.answer not in ("East", "South", "West", "North")
]


@pytest.mark.parametrize("puzzle", ASKED, ids=lambda p: p.id)
def test_the_picture_never_prints_what_is_asked(puzzle: puzzles.Puzzle) -> None:
    assert norm(puzzle.solution.answer) not in shown_text(puzzle)


def test_the_matching_sees_a_giveaway() -> None:
    """The detector itself: a feedback that names the right option, move or numbers is caught,
    whatever its spelling."""
    assert contains(norm("…is an Earth combination."), norm("an earth combination"))
    assert contains(
        norm("He may lead e.g. [1:1][2:6]."), pieces_needles(Move.play("[6:2]").pieces)[0]
    )
    assert contains(norm("East +4, South −2"), norm("South -2"))
    assert not contains(norm("[6:2] is no pair"), norm("2"))


# ----- used before taught (lessons/syllabus.toml) -----------------------------------------
SYLLABUS = Path(__file__).resolve().parent.parent / "lessons" / "syllabus.toml"
#: Puzzles no lesson uses yet: the lesson owners place them (this list only shrinks).
NOT_YET_PLACED = {
    # on the 02.08 shelf of every Tien Gow puzzle, but on no lesson's own cards yet
    "tg-beat-04",
    "tg-beat-06",
}


def lessons() -> list[dict[str, Any]]:
    """Every lesson of the syllabus, in course order."""
    with SYLLABUS.open("rb") as handle:
        chapters = tomllib.load(handle)["chapters"]
    return [lesson for chapter in chapters for lesson in chapter.get("lessons", ())]


def rules_met(puzzle: puzzles.Puzzle) -> set[str]:
    """The rules a learner meets on a card: its own, its solution's, and those the feedback to
    every other option and every typical wrong answer cites."""
    met = set(puzzle.rules) | {r.rule for r in puzzle.solution.reasons}
    tries = [a for a, _ in puzzle.wrong]
    if puzzle.answer_kind == "choice":
        tries += [c for c in puzzle.choices if c != puzzle.solution.answer]
    for answer in tries:
        met |= {r.rule for r in puzzle.check(answer).reasons}
    return met


def test_a_card_meets_only_rules_taught_by_its_lesson_or_before() -> None:
    """E.g. 03.02 may not offer "a horse" (03.04): choosing it would be told a rule not yet
    taught."""
    taught: set[str] = set()
    early = []
    for lesson in lessons():
        taught |= set(lesson["rules"])
        for pid in lesson["puzzles"]:
            missing = rules_met(puzzles.get(pid)) - taught
            early += [(lesson["file"][:5], pid, rule) for rule in sorted(missing)]
    assert not early, early


def shelved() -> set[str]:
    """The puzzles a lesson puts on a shelf of a whole bank (``PuzzleSet(puzzles.bank(g))``)."""
    found: set[str] = set()
    for path in sorted(SYLLABUS.parent.glob("*.ipynb")):
        for game in re.findall(r'PuzzleSet\(puzzles\.bank\(\\"(\w+)\\"\)', path.read_text("utf-8")):
            found |= {p.id for p in puzzles.bank(game)}
    return found


def test_every_card_is_reached_by_a_lesson() -> None:
    """On a lesson's own cards, or (the generated endgames) on a shelf of the whole bank."""
    used = {pid for lesson in lessons() for pid in lesson["puzzles"]}
    used |= {pid for pid in shelved() if "-gen-" in pid}
    unreached = {p.id for p in ALL} - used
    assert unreached <= NOT_YET_PLACED, sorted(unreached - NOT_YET_PLACED)
    placed = NOT_YET_PLACED - unreached
    assert not placed, f"now used by a lesson: take {sorted(placed)} off NOT_YET_PLACED"


# ----- a card shows what its answer depends on ----------------------------------------------------
SITUATED_LEADS = [p for p in ALL if p.kind == "may-lead" and p.position is not None]
LINE_SETTLES = [p for p in ALL if p.kind == "line-settle"]


@pytest.mark.parametrize("puzzle", SITUATED_LEADS, ids=lambda p: p.id)
def test_a_lead_in_a_position_shows_the_hand_the_points_and_what_was_seen(puzzle) -> None:
    """BG-PASSPORT-LEAD depends on the leader's hand, his tricks, the point tiles and the
    tiles seen played: all drawn."""
    assert puzzle.position is not None
    deal, shown = puzzle.position(), shown_text(puzzle)
    seat = deal.turn
    assert all(norm(t).strip() in shown for t in deal.hands[seat]), "the hand to lead from"
    assert norm(f"{deal.won[seat]} tricks won") in shown
    assert "point tiles" in shown and "played face up so far" in shown


@pytest.mark.parametrize("puzzle", LINE_SETTLES, ids=lambda p: p.id)
def test_a_line_settlement_shows_who_made_the_fish_and_the_order_of_play(puzzle) -> None:
    assert puzzle.position is not None
    deal, shown = puzzle.position(), shown_text(puzzle)
    assert norm("order of play " + " ".join(deal.name(s) for s in deal.order)) in shown
    if deal.fish is not None:
        assert norm(f"blocker {deal.name(deal.fish.blocker)}") in shown


def test_a_learner_never_reads_a_puzzle_id() -> None:
    """A shelf lists cards by number and title; a puzzle drawn as HTML shows no id."""
    from gupai_learn.widgets import PuzzleSet

    shelf = PuzzleSet(ALL[:3])
    labels = [label for label, _ in shelf.picker.options]
    assert labels[1].endswith("2. " + ALL[1].title)
    assert not any(p.id in label for p in ALL[:3] for label in labels)
    shown = re.sub(r"data-puzzle='[^']*'", "", ALL[0]._repr_html_())
    assert ALL[0].id not in shown


def test_the_guard_keeps_what_does_not_say_the_answer() -> None:
    from gupai_learn.puzzles import fair
    from gupai_learn.puzzles.model import Feedback
    from gupai_learn.verdict import Reason

    secrets = fair.move_secrets([Move.play("[5:1]")])
    said = Feedback(
        "incorrect",
        "No: lead [1:5] instead.",
        (
            Reason("TG-BEAT-STRICT", "[6:6] is beaten. Then East leads [5:1]."),
            Reason("TG-DEAL", "Only [5:1] wins it: the rest lose."),
            Reason("TG-SET", "Nothing to hide here."),
        ),
    )
    kept = fair.guard(said, secrets, "[6:6]", {"TG-DEAL": "The winner of a trick leads next."})
    assert kept.text == fair.HIDDEN
    assert [r.text for r in kept.reasons] == [
        "[6:6] is beaten.",
        "The winner of a trick leads next.",
        "Nothing to hide here.",
    ]
    assert fair.guard(said, secrets, "[5:1]", {}) == said  # the learner's own tile may be named
    right = Feedback("correct", "Yes: [5:1].")
    assert fair.guard(right, secrets, "[5:1]", {}) is right
    assert fair.leaks("East +9", fair.number_secrets([9, -3, -3, -3], ["East", "S", "W", "N"]))
    assert fair.leaks("worth three points", fair.number_secrets([3]))
    assert not fair.leaks("the ends show 3 and 3", fair.number_secrets([3]))


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_a_card_picture_fits_the_output_column(puzzle: puzzles.Puzzle) -> None:
    """Every drawing of a card is at most 840 px wide (JupyterLab's output column is 848)."""
    widths = [float(w) for w in re.findall(r'<svg[^>]*width="([0-9.]+)', puzzle.drawing())]
    assert max(widths, default=0) <= 840


# ----- the words a card is written in (issue 33) -------------------------------------------------
#: The hand-written banks (the generated ones are written by puzzles.generate).
WRITTEN = [
    loader.make(data, GAMES[loader.raw(name)["game"]], loader.raw(name))
    for name in loader.BANKS
    for data in loader.raw(name)["puzzle"]
]
#: Move notation a learner types, never said in a sentence: "[6:1]>right", "down:[5:2]",
#: "[2:1]!sky" (Move.words says them: "[6:1] on the right end", "[5:2] face down").
NOTATION = re.compile(r"\]\s*[<>]\s*(?:left|right)\b|\bdown:(?=\S)|\]!(?:sky|earth|any)\b")


@pytest.mark.parametrize("puzzle", WRITTEN, ids=lambda p: p.id)
def test_a_card_says_moves_in_words_not_notation(puzzle: puzzles.Puzzle) -> None:
    """Title, prompt, hints and the solution's sentences say a move in words; the notation is
    for what a learner types (a wrong answer quoted back is the learner's own, typed)."""
    texts = [puzzle.title, puzzle.prompt, *puzzle.hints, puzzle.solution.text]
    texts += [r.text for r in puzzle.solution.reasons]
    found = [t for t in texts if NOTATION.search(t)]
    assert not found, f"{puzzle.id}: {found[:2]}"


def test_the_notation_check_sees_notation() -> None:
    assert NOTATION.search("You are West and play [6:1]>right.")
    assert NOTATION.search("Hint: down:[5:2].") and NOTATION.search("[2:1]!sky")
    assert not NOTATION.search("You are West and play [6:1] on the right end.")
    assert not NOTATION.search("[3:3] goes face down: no tile fits.")


def test_no_two_written_cards_share_a_title_and_a_prompt() -> None:
    """A learner tells a new card from one seen before by its title or its situation: two
    cards never read the same before their pictures (issue 33: ten "Who takes the trick?")."""
    seen: dict[tuple[str, str], str] = {}
    for puzzle in WRITTEN:
        key = (puzzle.title, puzzle.prompt)
        assert key not in seen, f"{puzzle.id} reads like {seen[key]}: {puzzle.title!r}"
        seen[key] = puzzle.id


def _position(name: str, data: dict[str, Any]) -> tuple[Any, ...] | None:
    """What a card asks about: its game, kind, table (hands, moves, options, the state but the
    match scores) and the piece or move it names; None for a card not set at a table."""
    if "hands" not in data:
        return None
    state = {k: v for k, v in data.get("state", {}).items() if k != "scores"}
    hands = tuple(" ".join(sorted(str(h).split())) for h in data["hands"])
    subject = data.get("play", data.get("tile", data.get("offers", "")))
    options = sorted(data.get("options", {}).items())
    return (name, data["kind"], hands, tuple(data.get("moves", ())), str(options), str(state),
            str(data.get("won", "")), str(subject))  # fmt: skip


def test_no_two_cards_ask_about_the_same_position() -> None:
    """Two cards of one kind at the same table give each other away (issue 33: dn-move-01 and
    dn-move-04; be-score-02 and be-cap-03; be-score-03, be-cap-01 and be-cap-02): a second
    question needs a table of its own. The match score is not the table: the cap cards must
    differ from the header cards in their lines, not only in the score."""
    seen: dict[tuple[Any, ...], str] = {}
    for name in loader.BANKS:
        for data in loader.raw(name)["puzzle"]:
            key = _position(name, data)
            if key is None:
                continue
            assert key not in seen, f"{data['id']} asks about the table of {seen[key]}"
            seen[key] = data["id"]


@pytest.mark.parametrize("puzzle", puzzles.bank("tet_gow"), ids=lambda p: p.id)
def test_a_card_game_speaks_of_cards_not_tiles(puzzle: puzzles.Puzzle) -> None:
    """Tet-Gow's cards say "cards" everywhere a learner (or a screen reader) reads them: the
    picture's captions and spoken labels, the pool's caption (issue 33's re-reading)."""
    from gupai_learn import rulebook
    from gupai_learn.widgets import PuzzleCard

    shown = PuzzleCard(puzzle).pool_caption if puzzle.pool else ""
    texts = [puzzle.title, puzzle.prompt, *puzzle.hints, shown, puzzle.drawing()]
    said = [rulebook.closed_text(t) for t in texts] + re.findall(r'aria-label="([^"]*)"', texts[-1])
    assert not [t for t in said if re.search(r"\btiles?\b", t, re.I)], puzzle.id
