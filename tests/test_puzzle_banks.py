"""Every puzzle bank, loaded as the package loads it (design.md §7): ids unique across banks,
set-ups legal and reachable, rule ids in their ruling, every solution passes its own check and
every typical wrong answer of the bank fails, citing its rule.

"Reachable" means more than "the engine accepts every scripted move" (``Deal.from_script``
raises otherwise, and a bank that does not load fails every test here): a seat can lead a trick
only after winning one (or as the banker, on the first trick of a full deal), so the ``won``
counts a mid-deal set-up starts from must agree with who leads.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gupai_learn import puzzles
from gupai_learn.games import GAMES
from gupai_learn.puzzles import loader
from tests.test_rule_coverage import game_of, ruling_ids

BANK_DIR = Path(__file__).resolve().parent.parent / "gupai_learn" / "puzzles" / "banks"
ALL = [p for name in puzzles.BANKS for p in puzzles.bank(name)]
SITUATED = [p for p in ALL if p.position is not None]
KINDS = {"tiles", "choice", "numbers", "move"}


def cites(feedback: puzzles.Feedback, rule: str) -> bool:
    """The feedback names ``rule``: as a reason's rule, or in a reason's text."""
    pattern = re.compile(re.escape(rule) + r"(?![A-Z-])")
    return any(r.rule == rule or pattern.search(r.text) for r in feedback.reasons)


def leading_problems(deal: Any) -> list[str]:
    """Every trick of ``deal`` (played, in play, or about to be led) whose leader could not
    lead it: no trick won before it, or, on the first trick of a full deal, not the banker.
    A line game has no tricks: any seat may be the first leader, and the engine checks the
    turn of every scripted move."""
    if not hasattr(deal, "tricks"):
        return []
    start = deal.restart()
    won = list(start.won)
    fresh = sum(won) == 0
    leads = [(t.leader, t) for t in deal.tricks]
    if deal.trick:
        leads.append((deal.trick[0].seat, None))
    elif not deal.is_over:
        leads.append((deal.turn, None))
    problems = []
    for i, (leader, trick) in enumerate(leads, 1):
        if i == 1 and fresh:
            if leader != getattr(deal, "banker", leader):
                problems.append(f"trick {i}: {deal.name(leader)} leads, not the banker")
        elif won[leader] == 0:
            problems.append(f"trick {i}: {deal.name(leader)} leads without having won a trick")
        if trick is not None:
            won[trick.winner] += trick.size
    return problems


# ----- the banks as a whole -----------------------------------------------------------------


def test_every_bank_file_is_a_bank_and_back() -> None:
    assert sorted(p.stem for p in BANK_DIR.glob("*.toml")) == sorted(puzzles.BANKS)


def test_ids_are_unique_across_banks_and_found_by_get() -> None:
    # the banks are read again here: a test before this one on the same worker may have
    # emptied the loader's caches, and ALL then holds copies that get() no longer returns
    banks = [p for name in puzzles.BANKS for p in puzzles.bank(name)]
    ids = [p.id for p in banks]
    assert ids == [p.id for p in ALL]
    assert len(ids) == len(set(ids)) >= 46
    assert all(re.fullmatch(r"[a-z]{2,5}-[a-z]+-\d\d", i) for i in ids)
    assert all(puzzles.get(i) is p for i, p in zip(ids, banks, strict=True))


def test_a_repeated_id_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "BANKS", ("tien_gow", "tien_gow"))
    loader.index.cache_clear()
    try:
        with pytest.raises(ValueError, match="two puzzles have the id"):
            loader.index()
    finally:
        monkeypatch.undo()
        loader.index.cache_clear()


def test_puzzle_modules_reach_games_only_through_the_registry() -> None:
    for path in sorted((BANK_DIR.parent).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        named = [name for name in GAMES if name in text]
        assert not named, f"{path.name} names {named}: reach a game through GAMES"


def test_banks_are_loaded_once() -> None:
    assert puzzles.bank("tien_gow")[0] is puzzles.bank("tien_gow")[0]
    assert puzzles.get("tg-end-02") is puzzles.get("tg-end-02")


def test_banks_name_a_registered_game_and_their_roles_exist() -> None:
    for name in puzzles.BANKS:
        bank = loader.raw(name)
        game = GAMES[bank["game"]]
        for rule in [*bank.get("roles", {}).values(), *bank.get("rule_words", {})]:
            assert rule in ruling_ids(game.name), f"{name}: {rule}"
        for claim in bank.get("claims", {}).values():
            assert "rule" not in claim or claim["rule"] in ruling_ids(game.name)


def test_an_illegal_scripted_move_names_its_puzzle() -> None:
    bank = loader.raw("tien_gow")
    entry = next(e for e in bank["puzzle"] if e["id"] == "tg-beat-01")
    broken = {**entry, "moves": ["[5:5][5:5]"]}  # East does not hold it
    with pytest.raises(ValueError, match="tg-beat-01.*move 1"):
        loader.make(broken, GAMES["tien_gow"], bank)


def test_an_unknown_field_value_names_its_puzzle() -> None:
    bank = loader.raw("tien_gow")
    entry = next(e for e in bank["puzzle"] if e["id"] == "tg-class-01")
    with pytest.raises(ValueError, match="tg-class-01.*pear"):
        loader.make({**entry, "choices": ["pear"]}, GAMES["tien_gow"], bank)


# ----- each puzzle --------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_puzzle_is_complete(puzzle: puzzles.Puzzle) -> None:
    assert puzzle.answer_kind in KINDS and puzzle.kind
    assert puzzle.prompt and puzzle.title and "{" not in puzzle.prompt
    assert len(puzzle.hints) >= 2, "hints are graduated: at least two"
    assert puzzle.solution.text
    assert "<svg" in puzzle.drawing()
    if puzzle.answer_kind == "choice":
        assert puzzle.solution.answer in puzzle.choices
        assert len(set(puzzle.choices)) == len(puzzle.choices) >= 2
    if puzzle.answer_kind == "numbers" and len(puzzle.labels) > 1:
        assert len(puzzle.labels) == len(puzzle.solution.answer)


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_rule_ids_exist_in_the_ruling(puzzle: puzzles.Puzzle) -> None:
    cited = [*puzzle.rules, *(rule for _, rule in puzzle.wrong)]
    assert puzzle.rules
    for rule in cited:
        assert rule in ruling_ids(game_of(rule)), f"{puzzle.id}: {rule} is in no ruling"


@pytest.mark.parametrize("puzzle", SITUATED, ids=lambda p: p.id)
def test_set_up_is_legal_and_reachable(puzzle: puzzles.Puzzle) -> None:
    assert puzzle.position is not None
    deal = puzzle.position()  # Deal.from_script: every scripted move accepted by the engine
    assert deal is not puzzle.position(), "each call gives a fresh deal"
    assert not leading_problems(deal), leading_problems(deal)


def test_reachability_catches_a_seat_that_leads_without_a_trick() -> None:
    deal_class = GAMES["tien_gow"].Deal
    # the old tg-pay-05: South leads the last trick with no column
    hands = [
        "[6:4][6:1][5:1][5:5]",
        "[1:1][1:1][6:2][5:3]",
        "[2:2][2:2][6:5][6:5]",
        "[3:3][3:3][6:6][5:5]",
    ]
    deal = deal_class(hands, won=(2, 0, 1, 1), leader=1)
    assert leading_problems(deal) == ["trick 1: South leads without having won a trick"]
    assert not leading_problems(deal_class(hands, won=(2, 1, 1, 0), leader=1))
    # a full deal is first led by the banker
    full = deal_class.random(seed=3, banker=2, leader=0)
    assert leading_problems(full) == ["trick 1: East leads, not the banker"]


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_solution_passes_its_own_check(puzzle: puzzles.Puzzle) -> None:
    feedback = puzzle.check(puzzle.solution.answer)
    assert feedback.outcome == "correct", feedback.text
    assert feedback.reasons, "a right answer is explained too"


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_every_wrong_answer_fails_citing_its_rule(puzzle: puzzles.Puzzle) -> None:
    assert puzzle.wrong, "the bank gives at least one typical wrong answer"
    for answer, rule in puzzle.wrong:
        feedback = puzzle.check(answer)
        assert feedback.outcome == "incorrect", (answer, feedback.text)
        assert cites(feedback, rule), (answer, rule, [str(r) for r in feedback.reasons])


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
@pytest.mark.parametrize("blank", [None, "", "   ", (), []], ids=repr)
def test_blank_answer_is_not_attempted(puzzle: puzzles.Puzzle, blank: Any) -> None:
    assert puzzle.check(blank).outcome == "not-attempted"


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
@pytest.mark.parametrize(
    "typo", ["[7:1]", "6-", "Heaven!", 42, 3.5, ("x", "y"), "down:[6:6]", True], ids=repr
)
def test_mistyped_answer_never_raises(puzzle: puzzles.Puzzle, typo: Any) -> None:
    feedback = puzzle.check(typo)
    # a label that is not an option is told so without using an attempt (not-attempted)
    expected = "not-attempted" if puzzle.answer_kind == "choice" else "incorrect"
    assert feedback.outcome == expected
    assert feedback.text


def test_stored_feedback_never_states_the_answer_of_a_choice() -> None:
    """A wrong choice is told why it is wrong, not which option is right."""
    for puzzle in (p for p in ALL if p.answer_kind == "choice"):
        right = puzzle.solution.answer
        for option in puzzle.choices:
            if option != right:
                text = puzzle.check(option).text
                assert f"answer is {right}" not in text and f"{right} takes" not in text


def test_from_entry_rebuilds_a_bank_puzzle_from_its_entry() -> None:
    from gupai_learn import puzzles
    from gupai_learn.puzzles.loader import raw

    data = next(d for d in raw("tien_gow")["puzzle"] if d["id"] == "tg-class-01")
    again = puzzles.from_entry({**data, "bank": "tien_gow"})
    assert again.id == "tg-class-01"
    assert again.check("A mixed pair").outcome == "correct"
    with pytest.raises(ValueError, match="names no bank"):
        puzzles.from_entry({**data, "bank": "nope"})


# ----- themes (issue 34 item 6) -----------------------------------------------------------------
def test_every_game_declares_a_short_list_of_themes() -> None:
    for info in GAMES.values():
        assert 5 <= len(info.themes) <= 12 and len(set(info.themes)) == len(info.themes)
        assert all(t == t.strip().lower() and t for t in info.themes), info.name


def theme_game(puzzle: puzzles.Puzzle) -> str:
    """The game whose list a puzzle's themes come from: its entry's own ``game`` (the
    variants bank compares games), else its bank's."""
    for name in puzzles.BANKS:
        for data in loader.raw(name)["puzzle"]:
            if data["id"] == puzzle.id:
                return str(data.get("game", loader.raw(name)["game"]))
    prefix = puzzle.id.split("-")[0]
    return next(g for g in GAMES if puzzles.bank(g) and puzzles.bank(g)[0].id.startswith(prefix))


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_every_puzzle_names_one_to_three_themes_of_its_game(puzzle: puzzles.Puzzle) -> None:
    allowed = GAMES[theme_game(puzzle)].themes
    assert 1 <= len(puzzle.themes) <= 3, puzzle.themes
    assert set(puzzle.themes) <= set(allowed), (puzzle.themes, allowed)
    assert len(set(puzzle.themes)) == len(puzzle.themes)


def test_themes_are_each_entrys_last_line() -> None:
    """The ``themes`` line closes its entry (other engineers edit the lines above it)."""
    for path in sorted(BANK_DIR.glob("*.toml")):
        entry: list[str] | None = None
        entries = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("["):  # a table starts: [[puzzle]] opens an entry
                entry = [] if line.startswith("[[puzzle]]") else None
                if entry is not None:
                    entries.append(entry)
            elif entry is not None and line.strip() and not line.lstrip().startswith("#"):
                entry.append(line)
        assert entries, path.name
        for fields in entries:
            assert fields[-1].startswith("themes = "), (path.name, fields[0])
