"""The ideas a generated puzzle can train, each found by comparing its two lines
(:mod:`gupai_learn.puzzles.ideas`, whose docstring lists them in the order they are tried):
:class:`Lines` holds both lines, each finder returns the :class:`Idea` it sees in them or
None, and :data:`TRICK_IDEAS` and :data:`LINE_IDEAS` are the finders per family (the counting
idea, :func:`count_trick` or :func:`count_line`, when none holds)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import capable
from gupai_learn.puzzles import goals
from gupai_learn.puzzles.goals import Goal

Line = tuple[tuple[int, Move], ...]


@dataclass(frozen=True)
class Idea:
    """What a puzzle trains: its ``themes`` (from the game's list), the idea in the game's
    words (``text``, the first hint), the ``rule`` a move that breaks it is told with, and
    ``why`` the tempting move breaks it."""

    themes: tuple[str, ...]
    text: str
    rule: str
    why: str


@dataclass(frozen=True)
class Lines:
    """Both lines of a puzzle, each from the puzzle's position (its first move first) to the
    finished deal."""

    info: GameInfo
    goal: Goal
    start: Any
    seat: int
    won: Line
    won_end: Any
    lost: Line
    lost_end: Any

    @property
    def move(self) -> Move:
        """The winning move."""
        return self.won[0][1]

    @property
    def tempting(self) -> Move:
        """The tempting move."""
        return self.lost[0][1]

    @property
    def name(self) -> str:
        """The seat's name."""
        return str(self.start.name(self.seat))


# ----- trick games ------------------------------------------------------------------------------
def _goal_rule(found: Lines) -> str:
    """The rule that rewards the goal (not the dealing rule)."""
    hand = type(found.start).RULE_HAND
    return next((r for r in found.goal.rules if r != hand), found.goal.rules[-1])


def _last_play(end: Any, seat: int) -> tuple[Any, ...]:
    """The pieces ``seat`` played to the last trick of the finished deal ``end``."""
    return next(p.pieces for p in end.tricks[-1].plays if p.seat == seat)


def _keep_winner(found: Lines) -> Idea | None:
    unit = found.info.round_name
    keep = _last_play(found.won_end, found.seat)
    spent = Counter(found.tempting.pieces) & Counter(keep)
    if not spent or Counter(found.move.pieces) & Counter(keep):
        return None
    dice = capable(found.start, "has_point_tiles")
    points: set[Any] = set(cast(Any, dice.point_tiles)) if dice is not None else set()
    shown = join(keep)
    them = "them" if len(keep) > 1 else "it"
    if keep and set(keep) <= points:
        text = f"Save {shown} for the last {unit}: a point led there cannot be beaten, but it "
        text += "wins only when you lead it, so keep the lead for it."
        rule = f"{found.info.rule_prefix}-POINT-PLAY"
        themes: tuple[str, ...] = ("points", f"last {unit}")
    else:
        text = f"Keep {shown} for the last {unit}: after the {unit}s before it, nothing the "
        text += f"others still hold beats {them} there."
        rule = _goal_rule(found)
        themes = (f"last {unit}",)
    lost = join(spent.elements())
    if Counter(found.tempting.pieces) == spent:
        why = f"Leading {found.tempting.words} now spends what you need to take the last {unit}."
    else:
        why = f"Leading {found.tempting.words} spends {lost} now, and you need it to take the "
        why += f"last {unit}."
    return Idea(themes, text, rule, why)


def _before_last(found: Lines, end: Any, seat: int) -> Counter[Any]:
    """The pieces ``seat`` played (face up or down) from the puzzle's position up to, not
    including, the last trick of the finished deal ``end``."""
    tricks = end.tricks[len(found.start.tricks) : -1]
    return Counter(p for t in tricks for play in t.plays if play.seat == seat for p in play.pieces)


def _whole_hand(found: Lines) -> Idea | None:
    """The winning lead is the seat's whole hand: it is the last trick, and nobody beats it."""
    unit = found.info.round_name
    count = len(found.start.hands[found.seat])
    if len(found.move.pieces) != count or count < 2:
        return None
    left = f"{count} {found.info.pieces}"
    text = f"Count the {unit}s a lead takes: with {left} left, a lead of {count} that nobody "
    text += f"can beat is the last {unit} all at once."
    why = f"After {found.tempting.words}, the others take a {unit} and lead the last one."
    return Idea(("lead strength",), text, type(found.start).RULE_BEAT, why)


def _draw_out(found: Lines) -> Idea | None:
    unit = found.info.round_name
    last = found.lost_end.tricks[-1]
    taker = last.winner
    if taker == found.seat:
        return None
    threat = _last_play(found.lost_end, taker)
    early = Counter(threat) & _before_last(found, found.won_end, taker)
    if not early:
        return None
    other = found.start.name(taker)
    shown = join(early.elements())
    it, is_ = ("them", "they are") if sum(early.values()) > 1 else ("it", "it is")
    text = f"Make {other} part with {shown} before the last {unit}: {is_} what would take the "
    text += f"last {unit} from you. Lead so that {other} must play {it}, face up or face down."
    why = f"After {found.tempting.words}, {other} keeps {shown} and takes the last {unit} with it."
    return Idea(("lead strength",), text, type(found.start).RULE_BEAT, why)


def _too_few_tricks(found: Lines) -> Idea | None:
    """The seat's last play goes face down after the tempting lead because it has too few
    tricks: early death (a single last trick and no column yet) or, where the last round
    needs two tricks, fewer than two with it."""
    end, prefix = found.lost_end, found.info.rule_prefix
    last = end.tricks[-1]
    mine = next(p for p in last.plays if p.seat == found.seat)
    if mine.face_up:
        return None
    why_start = f"After {found.tempting.words}, you reach the last {found.info.round_name}"
    early = f"{prefix}-EARLY-DEATH"
    if _rule_exists(early) and last.size == 1 and end.won[found.seat] == 0:
        text = "Win a column before the last trick: a seat with none must play its last tile "
        text += "face down, whatever it is."
        return Idea(("early death",), text, early, f"{why_start} without a column.")
    two = f"{prefix}-LAST"
    if _rule_exists(two) and end.won[found.seat] + last.size < 2:
        text = "Make sure of your tricks before the last round: a player who would end it with "
        text += "fewer than two must play it face down."
        return Idea(("last round",), text, two, f"{why_start} with too few tricks.")
    return None


def _rule_exists(rule: str) -> bool:
    from gupai_learn.rulebook import all_ids

    return rule in all_ids()


def _the_lead(found: Lines) -> Idea | None:
    unit = found.info.round_name
    first = len(found.start.tricks)
    won_first = found.won_end.tricks[first].winner
    lost_first = found.lost_end.tricks[first].winner
    rule = type(found.start).RULE_WINNER
    if won_first != found.seat and lost_first == found.seat:
        taker = found.start.name(won_first)
        text = f"You need not win this {unit}: let {taker} take it, so that the next lead "
        text += "comes from the others and runs into your tiles."
        why = f"{found.tempting.words} wins the {unit}, and from your own next lead the others "
        why += f"take the last {unit}."
        return Idea(("lead strength",), text, rule, why)
    if won_first == found.seat and lost_first != found.seat:
        taker = found.start.name(lost_first)
        text = f"Keep the lead: win this {unit} yourself, so that you choose the next lead "
        text += "instead of answering one."
        why = f"After {found.tempting.words}, {taker} takes the {unit} and leads, and the "
        why += f"others keep the last {unit} from you."
        return Idea(("lead strength",), text, rule, why)
    return None


def count_trick(found: Lines) -> Idea:
    unit = found.info.round_name
    piece = found.info.pieces[:-1]
    text = f"Count what is still out: for each {piece} you hold, which {piece}s of the others "
    text += f"can still beat it, and who will lead the last {unit}?"
    why = f"After {found.tempting.words}, the others' {found.info.pieces} still out take the last "
    why += f"{unit}."
    return Idea(("counting",), text, type(found.start).RULE_BEAT, why)


# ----- line games -------------------------------------------------------------------------------
def _fish(found: Lines) -> Idea | None:
    won = capable(found.won_end, "has_blocker")
    lost = capable(found.lost_end, "has_blocker")
    if won is None or lost is None:
        return None
    made, spoilt = won.fish, lost.fish
    goal = found.goal.phrase
    if (
        made is not None
        and made.blocker == found.seat
        and (spoilt is None or spoilt.blocker != found.seat)
    ):
        text = "Make the fish yourself: once the line is blocked the hand is settled with the "
        text += f"tiles still in hand, and the blocker who {goal} is paid double."
        why = f"After {found.tempting.words} the line stays open long enough for the others."
        return Idea(("fish", "blocker"), text, _fish_rule(found, "PAY"), why)
    if spoilt is not None and spoilt.blocker != found.seat:
        other = found.start.name(spoilt.blocker)
        text = f"Watch the fish: a move that lets {other} block the line settles the hand while "
        text += f"{other}'s points are lower than yours."
        why = f"After {found.tempting.words}, {other} can block the line and {goal}."
        return Idea(("fish", "blocker"), text, spoilt.rule, why)
    if made is not None and made.blocker != found.seat:
        other = found.start.name(made.blocker)
        text = f"Make the fish while the blocker is not you: play so that {other} has to block "
        text += "the line, and the hand is settled while your points are lowest."
        why = f"After {found.tempting.words} no fish comes in time, and the others catch up."
        return Idea(("fish",), text, made.rule, why)
    if spoilt is not None and spoilt.blocker == found.seat:
        text = "Do not be the one who blocks the line: a blocker who does not finish first pays "
        text += "for everyone."
        why = f"After {found.tempting.words}, you end up blocking the line yourself."
        return Idea(("blocker",), text, _fish_rule(found, "BLOCKER"), why)
    return None


def _fish_rule(found: Lines, part: str) -> str:
    """The game's fish rule ``part`` ("PAY", "BLOCKER"): DN-FISH-PAY."""
    return f"{found.info.rule_prefix}-FISH-{part}"


def _awards_of(done: Any, start: Any) -> list[Any]:
    """The awards of a finished round made after the puzzle's position."""
    rounds = capable(done, "scores_rounds")
    if rounds is None:
        return []
    before = len(start.settle().awards)
    return list(done.settle().awards)[before:]


def _header(found: Lines) -> Idea | None:
    if not found.info.scores_rounds:
        return None
    lost = [a for a in _awards_of(found.lost_end, found.start) if "header" in a.text]
    won = [a for a in _awards_of(found.won_end, found.start) if "header" in a.text]
    theirs = [a for a in lost if a.seat != found.seat]
    mine = [a for a in won if a.seat == found.seat]
    themes = _goal_themes(found.goal, "header")
    if theirs and not [a for a in won if a.seat == theirs[0].seat]:
        other = found.start.name(theirs[0].seat)
        text = "Look at the ends you leave: do not give the others a header. Before each move, "
        text += "ask which tile the next seat holds that would make both ends match."
        why = f"After {found.tempting.words}, {other} makes the ends match and scores a header."
        return Idea(themes, text, theirs[0].rules[0], why)
    if mine and not [a for a in lost if a.seat == found.seat]:
        text = "Set up your own header: make the ends match on a later turn, when nobody can "
        text += "spoil it first."
        why = f"After {found.tempting.words} you never get to score a header."
        return Idea(themes, text, mine[0].rules[0], why)
    return None


def _goal_themes(goal: Goal, other: str) -> tuple[str, ...]:
    """The goal's theme (Bergen: target, domino, blocked count) with ``other``."""
    own = {"target": "target", "domino": "domino", "blocked": "blocked count"}.get(goal.name)
    return tuple(t for t in (own, other) if t)


def _stuck(found: Lines) -> Idea | None:
    def stuck(played: Line) -> int:
        return sum(
            1 for who, m in played[1:] if who == found.seat and m.kind in ("discard", "pass")
        )

    if stuck(found.lost) <= stuck(found.won):
        return None
    if found.info.has_boneyard or found.info.scores_rounds:
        text = "Keep a tile for each number you will face: a seat that cannot play passes, and "
        text += "the others play on toward the end of the round."
        why = (
            f"After {found.tempting.words}, you are left without a tile for the ends and must pass."
        )
        rule = f"{found.info.rule_prefix}-DRAW"
        themes = _goal_themes(found.goal, "counting")
    else:
        text = "Keep a tile for each end: a player who cannot place puts a tile face down, and "
        text += "its pips count against him."
        why = f"After {found.tempting.words}, you get stuck and must put tiles face down."
        rule = f"{found.info.rule_prefix}-DISCARD"
        themes = ("face-down choice",)
    return Idea(themes, text, rule, why)


def _shut_out(found: Lines) -> Idea | None:
    """After the winning move the others get stuck more often: it leaves ends they cannot
    answer."""

    def stuck(played: Line) -> int:
        kinds = ("discard", "pass")
        return sum(1 for who, m in played if who != found.seat and m.kind in kinds)

    if stuck(found.won) <= stuck(found.lost):
        return None
    prefix = found.info.rule_prefix
    if found.info.scores_rounds:
        text = "Leave ends the others cannot answer: a seat with nothing for either end passes, "
        text += "and you play on while it waits. Which numbers can the others not match?"
        why = f"After {found.tempting.words}, the others can answer every end you leave."
        return Idea(_goal_themes(found.goal, "counting"), text, f"{prefix}-DRAW", why)
    text = "Leave ends the others cannot answer: a player with no tile for either end must put "
    text += "one face down, and its pips count against him."
    why = f"After {found.tempting.words}, the others can answer the ends you leave."
    return Idea(("counting", "face-down choice"), text, f"{prefix}-PLAY-MUST", why)


def _pips(found: Lines) -> Idea | None:
    def pips(done: Any) -> int:
        return sum(t.pips for t in done.hands[found.seat])

    lighter = pips(found.won_end) < pips(found.lost_end)
    heavier_first = sum(t.pips for t in found.move.pieces) > sum(
        t.pips for t in found.tempting.pieces
    )
    if found.goal.name == "blocked":
        text = "Count the pips: a blocked round goes to the lowest pip total in hand. Which "
        text += "move lets the line close while yours is the lowest?"
        if lighter and heavier_first:
            text = "Shed weight before the line closes: a blocked round goes to the lowest pip "
            text += "total in hand, so play the heavy tile while it still fits."
        why = f"After {found.tempting.words}, the line closes while another hand is lighter."
        return Idea(("blocked count",), text, found.goal.rules[0], why)
    if lighter and not found.info.scores_rounds:
        text = "Count your points: the lowest points finish first, and every tile left in hand "
        text += "or put face down counts. Which move leaves you lightest at the end?"
        why = f"After {found.tempting.words}, you end the hand with more points than another seat."
        return Idea(("places",), text, found.goal.rules[0], why)
    return None


def _target(found: Lines) -> Idea | None:
    """Bergen's target: how the winning line reaches it (a domino, a header under the cap, a
    blocked round), against what the others do after the tempting move."""
    if found.goal.name != "target":
        return None
    mine = [a for a in _awards_of(found.won_end, found.start) if a.seat == found.seat]
    if not mine:
        return None
    prefix = found.info.rule_prefix
    short = found.start.rules.target - found.start.totals[found.seat]
    points = f"point{'s' * (short != 1)}"
    rules = mine[-1].rules
    first = goals.achiever(found.info, found.goal, found.lost_end)
    why = f"After {found.tempting.words}, the round ends before you reach the target."
    if first is not None:
        why = f"After {found.tempting.words}, {found.start.name(first)} reaches the target first."
    if f"{prefix}-END-DOMINO" in rules:
        text = f"You are {short} {points} short: going out first scores 2, and the cap near the "
        text += "target never cuts it. Keep a tile for every end you will face."
        return Idea(("target", "domino"), text, f"{prefix}-END-DOMINO", why)
    if f"{prefix}-END-BLOCKED" in rules:
        text = f"You are {short} {points} short: a blocked round you win counts too. Count the "
        text += "pips: which move lets the line close while your hand is lightest?"
        return Idea(("target", "blocked count"), text, f"{prefix}-END-BLOCKED", why)
    text = f"You are {short} {points} short, and near the target a header is cut: within 2 "
    text += "points it scores at most 1, at 3 points at most 2. Count the headers you still need, "
    text += "and make the ends match when nobody can answer first."
    return Idea(("target", "header"), text, f"{prefix}-HEADER-CAP", why)


def count_line(found: Lines) -> Idea:
    text = "Count the numbers that are out: for each end you could leave, who still holds a "
    text += "tile that fits it, and who will run out of moves first?"
    why = f"After {found.tempting.words}, the others hold the tiles for the ends you leave."
    rule = found.goal.rules[0]
    themes = _goal_themes(found.goal, "counting") if found.goal.name != "win" else ("counting",)
    return Idea(themes, text, rule, why)


#: The ideas looked for, in order (see the module doc).
TRICK_IDEAS: tuple[Callable[[Lines], Idea | None], ...] = (
    _whole_hand,
    _keep_winner,
    _draw_out,
    _too_few_tricks,
    _the_lead,
)
LINE_IDEAS: tuple[Callable[[Lines], Idea | None], ...] = (
    _fish,
    _target,
    _header,
    _stuck,
    _shut_out,
    _pips,
)
