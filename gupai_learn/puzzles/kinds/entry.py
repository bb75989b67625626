"""The set-up of a puzzle and its bank entry: what every kind is made from."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import Move
from gupai_learn.puzzles import fair
from gupai_learn.puzzles.model import AnswerKind, Feedback, Puzzle, Solution
from gupai_learn.verdict import Reason


@dataclass(frozen=True)
class Setup:
    """A position as the bank writes it: hands, the moves played so far (Move notation),
    ``options`` for the game's Rules and ``state``, the Deal's other keywords (``won``,
    ``leader``, ``banker``...). :meth:`build` replays it with ``Deal.from_script``."""

    game: GameInfo
    hands: tuple[str, ...]
    moves: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    state: Mapping[str, Any] = field(default_factory=dict)

    def build(self) -> Any:
        """A fresh deal at this position; IllegalPlayError names a move the engine refuses."""
        rules = self.game.Rules(**self.options)
        return self.game.Deal.from_script(list(self.hands), self.moves, rules=rules, **self.state)

    def then(self, moves: Sequence[str]) -> Setup:
        """The same set-up with ``moves`` played after it."""
        return replace(self, moves=(*self.moves, *moves))


@dataclass(frozen=True)
class Entry:
    """One bank entry for its kind: its TOML table (the kind's defaults filled in), the game,
    the whole bank (``roles``, ``claims``, ``rule_words``), and its position: a set-up, or a
    given ``deal`` (questions about a finished deal)."""

    data: Mapping[str, Any]
    game: GameInfo
    bank: Mapping[str, Any]
    setup: Setup | None = None
    deal: Any = None
    #: What the solver has proved about the puzzle's position, per seat: every solve of one
    #: puzzle (making it, then checking each answer) shares it, so a check repeats no search.
    memos: dict[int, dict[Hashable, object]] = field(default_factory=dict, compare=False)

    def memo(self, seat: int) -> dict[Hashable, object]:
        """The solver's memo of ``seat`` for this puzzle: the one given by :func:`proved` while
        the puzzle is made (same game, same seat), else a fresh one."""
        if seat not in self.memos:
            given = _PROVED.get()
            fits = given is not None and given[:2] == (self.game.name, seat)
            self.memos[seat] = given[2] if given is not None and fits else {}
        return self.memos[seat]

    def budget(self) -> dict[str, int]:
        """The solver's budget for one solve: the one :func:`proved` gives while the puzzle is
        made, else the solver's own default (no keyword)."""
        given = _PROVED.get()
        return {} if given is None or given[3] is None else {"max_nodes": given[3]}

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def rule(self, role: str) -> str:
        """The rule id the bank gives ``role`` (``"deal"``, ``"won"``, ``"winner"``...)."""
        return str(self.bank["roles"][role])

    def build(self) -> Any:
        """A fresh deal at the puzzle's moment (the given deal itself, for a finished one)."""
        if self.deal is not None:
            return self.deal
        if self.setup is None:
            raise ValueError(f"puzzle {self.data['id']} is not set in a deal")
        return self.setup.build()

    def why_wrong(self, after: Any) -> list[Reason]:
        """The bank's own words for a listed wrong answer (a ``wrong`` entry with a ``why``:
        the idea or rule that move breaks, cited with its ``rule``) when the learner's move led
        to ``after``, the position that answer leads to (two identical tiles are one move)."""
        notes = []
        for wrong in self.data.get("wrong", ()):
            if "why" not in wrong:
                continue
            other = self.build()
            try:
                other.apply(wrong["answer"])
            except ValueError:
                continue
            if other.state_key() == after.state_key():
                notes.append(Reason(wrong["rule"], wrong["why"]))
        return notes

    def drawing(self, draw: Callable[..., str], *args: Any, **kwargs: Any) -> Callable[[], str]:
        """A picture drawn when shown, from a fresh deal at the puzzle's moment."""

        def picture() -> str:
            return str(draw(self.build(), *args, **kwargs))

        return picture

    def puzzle(
        self,
        answer_kind: AnswerKind,
        checker: Callable[[Any], Feedback],
        solution: Solution,
        picture: Callable[[], str] | str = "",
        values: Mapping[str, Any] | None = None,
        **extra: Any,
    ) -> Puzzle:
        """The Puzzle, its title and prompt filled with the entry's fields and ``values``."""
        d, fill = self.data, {**self.data, **(values or {})}
        situated = self.setup is not None or self.deal is not None
        extra.setdefault("secrets", lambda: _secrets(answer_kind, solution, extra))
        return Puzzle(
            id=d["id"],
            title=d["title"].format_map(fill),
            prompt=d["prompt"].format_map(fill),
            answer_kind=answer_kind,
            checker=checker,
            solution=solution,
            picture=picture if d.get("picture", True) else "",
            hints=tuple(d.get("hints", ())),
            rules=tuple(d.get("rules", ())),
            kind=d["kind"],
            position=self.build if situated else None,
            wrong=tuple((_frozen(w["answer"]), w["rule"]) for w in d.get("wrong", ())),
            style=self.game.piece_style,
            rule_words=dict(self.bank.get("rule_words", {})),
            **extra,
        )


def _secrets(kind: AnswerKind, solution: Solution, extra: Mapping[str, Any]) -> tuple[str, ...]:
    """What would give a puzzle's answer away (its kind may give its own ``secrets``): the
    right option and the sentence saying it, the numbers, or the pieces of the solution."""
    answer = solution.answer
    if kind == "choice":
        sentence = (solution.text,) if len(solution.text.split()) >= 4 else ()
        return fair.choice_secrets(str(answer), *sentence)
    if kind == "numbers":
        values = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        return fair.number_secrets(values, tuple(extra.get("labels", ())))
    return fair.move_secrets([Move.coerce(answer)]) if answer else ()


def _frozen(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


#: (game, seat, memo, budget) given by :func:`proved` to the puzzles made meanwhile.
_PROVED: ContextVar[tuple[str, int, dict[Hashable, object], int | None] | None] = ContextVar(
    "proved", default=None
)


@contextmanager
def proved(
    game: str, seat: int, memo: dict[Hashable, object], max_nodes: int | None = None
) -> Iterator[None]:
    """Make puzzles, meanwhile, with what the solver already proved about their deal for
    ``seat`` (``memo`` of :func:`gupai_learn.engine.search.solve`: a review's, for a puzzle
    made of one of its slips): the puzzle's own solves start from it instead of nothing, and
    each searches at most ``max_nodes`` positions (None: the solver's default) while the
    puzzle is made. The memo must come from the same deal (keys are positions of one deal)."""
    token = _PROVED.set((game, seat, memo, max_nodes))
    try:
        yield
    finally:
        _PROVED.reset(token)
