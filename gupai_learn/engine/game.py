"""GameInfo: what the rest of the package needs to know about a game (OpenSpiel-style).

Every game package ends with ``GAME = GameInfo(...)``; building it sets it on the game's
``Deal`` class (``deal.info``), so a deal knows its game without asking any registry.
:mod:`gupai_learn.games` registers every game package it holds in :data:`GAMES` (here, below
the games, so that generic code can find a game by name without importing the games: the
games register themselves, as OpenSpiel's ``register_game`` does). Widgets, puzzles, matches
and simulations reach a game only through this record, so a new game needs no change outside
its own package (design.md §1, §3, §14).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, NamedTuple, Protocol, Self

from typing_extensions import TypeVar

from gupai_learn.verdict import SetupError, describe_input

if TYPE_CHECKING:
    from gupai_learn.cards import Card
    from gupai_learn.engine.combination import Combination
    from gupai_learn.engine.moves import Move
    from gupai_learn.engine.reference import Reference
    from gupai_learn.engine.settlement import Settlement
    from gupai_learn.tiles import Tile
    from gupai_learn.verdict import Verdict

Family = Literal["trick", "line"]
#: What a solver already proved, by position key (``engine/search.py``), shared between solves.
Memo = dict[Hashable, object]


class PlayedDeal(Protocol):
    """What every deal offers (``engine.deal.BaseDeal``); :mod:`gupai_learn.engine.protocols`
    adds each family's state and the capabilities."""

    info: ClassVar[GameInfo]
    RULE_TURN: ClassVar[str]
    RULE_HAND: ClassVar[str]
    RULE_SET: ClassVar[str]
    RULE_OVER: ClassVar[str]

    def __init__(self, hands: Sequence[Any], **state: object) -> None: ...
    @property
    def n_seats(self) -> int: ...
    @property
    def seat_names(self) -> tuple[str, ...]: ...
    def name(self, seat: int) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[Any, ...], ...]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def history(self) -> tuple[Move, ...]: ...
    @property
    def seated_history(self) -> tuple[tuple[int, Move], ...]: ...
    def judge(self, move: object, *, face_down: bool = False, seat: object = None) -> Verdict: ...
    def apply(self, move: object, *, seat: object = None) -> object: ...
    def legal_moves(self) -> list[Move]: ...
    def settle(self) -> Settlement: ...
    def copy(self) -> Self: ...
    def restart(self) -> Self: ...
    def state_key(self) -> Hashable: ...
    @classmethod
    def random(cls, *args: Any, **kwargs: Any) -> Self:
        """A shuffled deal (each game names its own keywords: ``seed``, ``players``...)."""
        ...

    @classmethod
    def from_script(cls, hands: Sequence[Any], moves: Iterable[object], **state: object) -> Self:
        """A deal from ``hands`` after ``moves``."""
        ...


class Options(Protocol):
    """What generic code asks of a game's ``Rules``: a frozen dataclass of options, made from
    keyword arguments (``Rules(players=3)``)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    def __init__(self, **options: object) -> None: ...


class Player(Protocol):
    """A computer player: the move it makes for the seat to act."""

    def choose(self, deal: Any) -> Move: ...


@dataclass(frozen=True)
class SolveResult:
    """What a solver answers: ``wins``, can the seat force its goal (None: unknown, the search
    budget ran out); ``plays``, every first move that keeps the forced win when it is the
    seat's turn, in ``legal_moves()`` order; ``nodes``, positions searched."""

    wins: bool | None
    plays: tuple[Move, ...]
    nodes: int


D = TypeVar("D", bound=PlayedDeal, covariant=True, default=PlayedDeal)
R = TypeVar("R", bound=Options, covariant=True, default=Options)
S = TypeVar("S", contravariant=True, default=PlayedDeal)


class Solver(Protocol[S]):
    """A game's perfect-information solver (``GameInfo.solve``): can ``seat`` force the game's
    goal from ``deal``, every hand visible, within ``max_nodes`` positions (``memo``: what
    earlier solves of the same seat and goal proved)."""

    def __call__(
        self, deal: S, seat: int, *, max_nodes: int = ..., memo: Memo | None = None
    ) -> SolveResult: ...


@dataclass(frozen=True)
class Measure:
    """A column of a simulation's rows to compare between variants: a share of deals
    (``share``: true/false values) or an average (``share=False``); ``label`` is what a
    learner reads on the chart."""

    label: str
    column: str
    share: bool = True

    def values(self, rows: Any) -> list[float]:
        """The measured values of ``rows`` (a DataFrame, or anything indexed by column)."""
        return list(rows[self.column])


class PieceMark(NamedTuple):
    """What a game writes small in the corner of one of its pieces: ``corner`` (bold, e.g.
    ``"T1"``), ``under`` (smaller, below it) and ``words``, the same read aloud."""

    corner: str
    under: str
    words: str


@dataclass(frozen=True)
class ReviewWords:
    """A game's words for reviews and hints (:mod:`gupai_learn.review`): ``goal``, what its
    solver pursues, said of a seat ("takes the last trick and the hand"); ``rules``, the rule
    ids that decide it; ``place_reason``, line games: why a tile is placed now, from the tile
    (None: it fits); ``achiever``, who reached the goal of a finished deal (None:
    ``deal.winner``); ``budgets``, the positions one solve and a whole review may search, where
    the game's positions cost other than most (None: the review's defaults), so that a review
    takes at most about 3 s."""

    goal: str
    rules: tuple[str, ...]
    place_reason: Callable[[Tile], str] | None = None
    achiever: Callable[[PlayedDeal], int | None] | None = None
    budgets: tuple[int, int] | None = None


@dataclass(frozen=True)
class Bench:
    """A game's rows of ``python -m gupai_learn.bench``: ``rows(seconds, rounds, quick)`` prints
    them; ``endgame(seed, size)`` deals a reference endgame with ``size`` pieces in each hand,
    which the solver rows time at each of ``search_sizes`` (none: the game has no such rows);
    ``endgames``: several named sets of such endgames, one row per set and size (none: the one
    set ``endgame`` deals)."""

    rows: Callable[[float, int, bool], None]
    endgame: Callable[[int, int], PlayedDeal] | None = None
    search_sizes: tuple[int, ...] = ()
    endgames: Mapping[str, Callable[[int, int], PlayedDeal]] = field(default_factory=dict)


#: The measured strength of a game's computer players, by pair of levels
#: (``"strong-heuristic"``), each with its figures (``margin``, ``low``, ``high``, ``deals``...).
Strength = dict[str, dict[str, float]]


@dataclass(frozen=True)
class GameInfo(Generic[D, R]):
    """One game's registration.

    - ``name``: the package name (``"tien_gow"``), ``title`` and ``chinese`` its display names;
    - ``family``: ``"trick"`` or ``"line"``; ``rule_prefix``: its rule ids' prefix (``"TG"``);
    - ``seats``: the player counts the game allows, the first being the default;
    - ``Rules``, ``Deal``: the option class and the deal class (``Deal.random(seed=..)``);
    - ``deck``: the pieces of one game; ``bots``: computer players by name (``"random"``
      and ``"heuristic"`` at least), each a factory taking a seed;
    - ``settle(finished_deal) -> Settlement``: who pays whom (or scores what), explained;
      ``deal.settle()`` calls it (None: the game's ``Deal`` settles itself);
    - ``carry``: what the next deal of a :class:`~gupai_learn.engine.match.Match` inherits from
      a finished one — ``carry(finished_deal, state) -> keyword arguments for Deal.random``,
      where ``state`` is a dict the game may use to keep counts between deals (a streak);
    - ``pieces``: ``"tiles"`` or ``"cards"``; ``piece_style``: how tiles are drawn
      (``"chinese"``, ``"western"``, or None: by the tile); ``won_name``: what a trick game's
      seats win (``"column"`` in Tien Gow, ``"trick"`` elsewhere); ``round_name``: what one lead
      and its answers are called in captions (``"trick"``; ``"round"`` in Tet-Gow, whose ruling
      calls a round's worth its tricks); ``deal_name``: what one deal is called in captions and
      match tables (``"deal"``; ``"game"`` in Tet-Gow, whose ruling plays several games a match);
    - ``reference``: the game's reference card (its rankings, drawn by ``gl.reference``), or
      ``None`` for a game that has none yet.
    - trick games, for puzzles and widgets: ``classify(pieces, rules=...) -> Combination``
      (IllegalPlayError if no lead), ``beats(challenger, high, rules=...) -> Verdict``,
      ``classes`` (class id → learner's name, e.g. ``"mixed-pair"`` → ``"a mixed pair"``);
    - ``solve(deal, seat, max_nodes=...)``: the perfect-information solver (``.wins``, ``.plays``,
      ``.nodes``), where the game has one;
    - ``target(rules, players) -> int``: the score that ends a match (Bergen's BE-GAME), for a
      game played to a target; None for games played as long as you like;
    - ``events(finished_deal) -> dict``: what a simulation records about a finished deal besides
      winner and payments (:mod:`gupai_learn.sim`): flat values named by the game, one per
      column of the result table, per-seat values as ``name_<seat>`` (``"dead_2"``); the same
      keys for every deal of one game. None: no events;
    - ``piece_mark(piece) -> PieceMark``: what the game writes in the corner of each of its
      pieces when they are drawn (Tet-Gow: a card's tier and set), or None;
    - ``option_rules``: the rule id of each option of ``Rules`` that has one (``"early_death"``
      → ``"TG-EARLY-DEATH"``), for forms that link an option to its rule;
    - capabilities, what only some games' deals have, for generic code to ask the game rather
      than probe the deal (:func:`gupai_learn.engine.protocols.capable`): ``has_banker``
      (``deal.banker``), ``has_boneyard`` (``deal.boneyard``, ``deal.drawable``),
      ``scores_rounds`` (``deal.round_points``, ``deal.ending``), ``has_blocker`` (a seat may
      block the line: ``deal.fish``, ``deal.down``, ``deal.order``), ``has_point_tiles``
      (``deal.point``, ``deal.point_tiles``), ``has_leftover`` (``deal.leftover``);
    - ``measures``: what chapter 07's rule lab can compare for the game, each a
      :class:`Measure` of one column of the simulation's rows (the game's events or
      ``pay_<seat>``), in the order the lab offers them;
    - ``themes``: the short list of ideas its puzzles train ("last trick", "fish", ...); each
      puzzle names one to three of them, and practice can be asked for one.
    - ``review_words``: the game's :class:`ReviewWords` (reviews and hints need them and a
      ``solve``); ``bench``: its :class:`Bench` rows, or None;
    - ``chapter``: the course's chapter that teaches the game (lessons ``NN.*``), which orders
      :data:`GAMES`; None for a game outside the course (it comes last).

    Building a GameInfo sets it on its ``Deal`` class as ``Deal.info`` (unless that class
    already belongs to a game: a copy made with :func:`dataclasses.replace` leaves the deal
    with its own game).
    """

    name: str
    title: str
    chinese: str
    family: Family
    rule_prefix: str
    seats: tuple[int, ...]
    Rules: type[R]
    Deal: type[D]
    deck: Callable[[], Sequence[Any]]
    bots: Mapping[str, Callable[..., Player]] = field(default_factory=dict)
    settle: Callable[[D], Settlement] | None = None
    carry: Callable[[D, dict[str, object]], dict[str, object]] | None = None
    pieces: Literal["tiles", "cards"] = "tiles"
    piece_style: Literal["chinese", "western"] | None = None
    won_name: str = "trick"
    round_name: str = "trick"
    deal_name: str = "deal"
    reference: Callable[[], Reference] | None = None
    classify: Callable[..., Combination] | None = None
    beats: Callable[..., Verdict] | None = None
    classes: Mapping[str, str] = field(default_factory=dict)
    solve: Solver[D] | None = None
    target: Callable[[R, int], int] | None = None
    events: Callable[[D], dict[str, object]] | None = None
    measures: tuple[Measure, ...] = ()
    piece_mark: Callable[[Card], PieceMark] | None = None
    option_rules: Mapping[str, str] = field(default_factory=dict)
    has_banker: bool = False
    has_boneyard: bool = False
    scores_rounds: bool = False
    has_blocker: bool = False
    has_point_tiles: bool = False
    has_leftover: bool = False
    themes: tuple[str, ...] = ()
    review_words: ReviewWords | None = None
    bench: Bench | None = None
    chapter: int | None = None

    def __post_init__(self) -> None:
        if "info" not in vars(self.Deal):  # a deal belongs to the first game built for it
            self.Deal.info = self

    @property
    def package(self) -> str:
        """The module path of the game's package (``"gupai_learn.games.tien_gow"``): where its
        ``Deal`` lives."""
        return self.Deal.__module__.rpartition(".")[0]

    def strength(self) -> Strength:
        """The measured strength of the game's computer players, stored with the game in its
        package's ``strength.json`` (``tools/bot_strength.py --store`` writes it); empty for a
        game not measured yet."""
        try:
            stored = resources.files(self.package) / "strength.json"
            text = stored.read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, TypeError):
            return {}
        found: Strength = json.loads(text)
        return found

    @property
    def ruling(self) -> str:
        """The ruling's file name under ``rules/`` (``"tien_gow.md"``)."""
        return f"{self.name}.md"

    def table_size(self, rules: object = None) -> int:
        """The number of players ``rules`` seat: their ``players`` option where the game has
        one (Tet-Gow, Bergen), else the game's default table."""
        count = getattr(rules, "players", None)  # optional: not every game's Rules seat a table
        return count if type(count) is int and count in self.seats else self.seats[0]

    def display_name(self) -> str:
        """English and Chinese names together: ``"Tien Gow 天九"``."""
        return f"{self.title} {self.chinese}".strip()

    def bot(self, kind: str = "heuristic", seed: int | random.Random | None = None) -> Player:
        """A computer player of ``kind`` (one of :attr:`bots`: ``"random"``, ``"heuristic"``,
        ``"strong"``); every kind takes the seeds :meth:`Deal.random` takes (None, a whole
        number from 0 to 2**63 - 1, or a :class:`random.Random` to draw from)."""
        if type(kind) is not str or kind not in self.bots:
            choices = ", ".join(self.bots)
            raise SetupError(f"{self.title} has no {describe_input(kind)} player; choose {choices}")
        return self.bots[kind](seed)

    def __repr__(self) -> str:
        return f"<GameInfo {self.name}: {self.display_name()}, {self.family} game>"


#: Every registered game by name, in the course's order (:attr:`GameInfo.chapter`).
#: :mod:`gupai_learn.games` registers each of its game packages; a test may register a game
#: of its own (:func:`register`) and take it out again (:func:`unregister`).
GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add ``info`` to :data:`GAMES`, kept in the course's order; a ValueError when another
    game is registered under its name."""
    if not isinstance(info, GameInfo):
        raise SetupError(f"{describe_input(info)} is not a GameInfo")
    known = GAMES.get(info.name)
    if known is not None and known is not info:
        raise SetupError(f"a game named {info.name!r} is registered already")
    listed = sorted({**GAMES, info.name: info}.values(), key=_course_order)
    GAMES.clear()
    GAMES.update((g.name, g) for g in listed)
    return info


def unregister(info: GameInfo) -> None:
    """Take ``info`` out of :data:`GAMES` (nothing happens when it is not there)."""
    if GAMES.get(info.name) is info:
        del GAMES[info.name]


def game(name: str) -> GameInfo:
    """The registered GameInfo called ``name``; a ValueError listing the games when there is
    none."""
    if not isinstance(name, str) or name not in GAMES:
        raise SetupError(f"no game {describe_input(name)}; the games are {', '.join(GAMES)}")
    return GAMES[name]


def first_game() -> GameInfo:
    """The first game of the course: the default wherever a game may be left out."""
    if not GAMES:
        raise SetupError("no game is registered: import gupai_learn.games")
    return next(iter(GAMES.values()))


def _course_order(info: GameInfo) -> tuple[int, int]:
    """Games of the course by chapter, then the others in the order they came."""
    return (0, info.chapter) if info.chapter is not None else (1, 0)


class _Won(Protocol):
    @property
    def winner(self) -> int | None: ...
    @property
    def rules(self) -> object: ...


def winner_leads(finished: _Won, state: dict[str, object]) -> dict[str, object]:
    """A ``carry`` for games whose next deal is led by the winner of the last one, under the
    same rules (Bagchen BG-DEAL, Bull Fight DN-DEAL, Tet-Gow TT-DEAL)."""
    winner = finished.winner
    assert winner is not None, "carry() needs a finished deal"
    return {"leader": winner, "rules": finished.rules}
