"""GameInfo: what the rest of the package needs to know about a game (OpenSpiel-style).

Every game package ends with ``GAME = GameInfo(...)``; :mod:`gupai_learn.games` collects them in
``GAMES``. Widgets, puzzles, matches and simulations reach a game only through this record, so
a new game needs no change outside its own package (design.md §1, §3).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from gupai_learn.verdict import SetupError, describe_input

if TYPE_CHECKING:
    from gupai_learn.engine.reference import Reference

Family = Literal["trick", "line"]


@dataclass(frozen=True)
class Measure:
    """A column of a simulation's rows to compare between variants: a share of deals
    (``share``: true/false values) or an average (``share=False``); ``label`` is what a
    learner reads on the chart."""

    label: str
    column: str
    share: bool = True

    def values(self, rows: Any) -> list[Any]:
        """The measured values of ``rows`` (a DataFrame, or anything indexed by column)."""
        return list(rows[self.column])


class PieceMark(NamedTuple):
    """What a game writes small in the corner of one of its pieces: ``corner`` (bold, e.g.
    ``"T1"``), ``under`` (smaller, below it) and ``words``, the same read aloud."""

    corner: str
    under: str
    words: str


@dataclass(frozen=True)
class GameInfo:
    """One game's registration.

    - ``name``: the package name (``"tien_gow"``), ``title`` and ``chinese`` its display names;
    - ``family``: ``"trick"`` or ``"line"``; ``rule_prefix``: its rule ids' prefix (``"TG"``);
    - ``seats``: the player counts the game allows, the first being the default;
    - ``Rules``, ``Deal``: the option class and the deal class (``Deal.random(seed=..)``);
    - ``deck``: the pieces of one game; ``bots``: computer players by name (``"random"``
      and ``"heuristic"`` at least), each a factory taking a seed;
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
      ``pay_<seat>``), in the order the lab offers them.
    """

    name: str
    title: str
    chinese: str
    family: Family
    rule_prefix: str
    seats: tuple[int, ...]
    Rules: type[Any]
    Deal: type[Any]
    deck: Callable[[], tuple[Any, ...]]
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    carry: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None
    pieces: Literal["tiles", "cards"] = "tiles"
    piece_style: Literal["chinese", "western"] | None = None
    won_name: str = "trick"
    round_name: str = "trick"
    deal_name: str = "deal"
    reference: Callable[[], Reference] | None = None
    classify: Callable[..., Any] | None = None
    beats: Callable[..., Any] | None = None
    classes: Mapping[str, str] = field(default_factory=dict)
    solve: Callable[..., Any] | None = None
    target: Callable[[Any, int], int] | None = None
    events: Callable[[Any], dict[str, Any]] | None = None
    measures: tuple[Measure, ...] = ()
    piece_mark: Callable[[Any], PieceMark] | None = None
    option_rules: Mapping[str, str] = field(default_factory=dict)
    has_banker: bool = False
    has_boneyard: bool = False
    scores_rounds: bool = False
    has_blocker: bool = False
    has_point_tiles: bool = False
    has_leftover: bool = False

    @property
    def ruling(self) -> str:
        """The ruling's file name under ``rules/`` (``"tien_gow.md"``)."""
        return f"{self.name}.md"

    def table_size(self, rules: Any = None) -> int:
        """The number of players ``rules`` seat: their ``players`` option where the game has
        one (Tet-Gow, Bergen), else the game's default table."""
        count = getattr(rules, "players", None)  # optional: not every game's Rules seat a table
        return count if type(count) is int and count in self.seats else self.seats[0]

    def display_name(self) -> str:
        """English and Chinese names together: ``"Tien Gow 天九"``."""
        return f"{self.title} {self.chinese}".strip()

    def bot(self, kind: str = "heuristic", seed: int | random.Random | None = None) -> Any:
        """A computer player of ``kind`` (one of :attr:`bots`: ``"random"``, ``"heuristic"``,
        ``"strong"``); every kind takes the seeds :meth:`Deal.random` takes (None, a whole
        number from 0 to 2**63 - 1, or a :class:`random.Random` to draw from)."""
        if type(kind) is not str or kind not in self.bots:
            choices = ", ".join(self.bots)
            raise SetupError(f"{self.title} has no {describe_input(kind)} player; choose {choices}")
        return self.bots[kind](seed)

    def __repr__(self) -> str:
        return f"<GameInfo {self.name}: {self.display_name()}, {self.family} game>"


def winner_leads(finished: Any, state: dict[str, Any]) -> dict[str, Any]:
    """A ``carry`` for games whose next deal is led by the winner of the last one, under the
    same rules (Bagchen BG-DEAL, Bull Fight DN-DEAL, Tet-Gow TT-DEAL)."""
    winner = finished.winner
    assert winner is not None, "carry() needs a finished deal"
    return {"leader": winner, "rules": finished.rules}
