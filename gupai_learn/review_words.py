"""The words of a review and a hint (:mod:`gupai_learn.review`): the game's goal and the seat's
turn said in its own unit ("trick 3, your lead", "your 4th tile"), a move said as a seat makes
it ("leads [6:6]", "places [6:4] on the left"), a line of moves told as a sentence with how it
ends, the reason a sensible player makes a move, and the turns a review leaves out. Sentences
only: the solving is in :mod:`gupai_learn.review`, the notes in :mod:`gupai_learn.review_notes`."""

from __future__ import annotations

from typing import Any, TypeVar

from gupai_learn.engine.deal import BaseDeal
from gupai_learn.engine.game import GameInfo, PlayedDeal, ReviewWords
from gupai_learn.engine.moves import Move, join, quote
from gupai_learn.engine.protocols import game_of

#: A deal of any game, given back as the same type.
DealT = TypeVar("DealT", bound=PlayedDeal)


def words_of(info: GameInfo) -> ReviewWords:
    """The review words of ``info``'s game (``GameInfo.review_words``; a game without them
    has no review: TypeError)."""
    if info.review_words is None:
        raise TypeError(f"{info.title} has no review words: it cannot be reviewed")
    return info.review_words


def goal_words(info: GameInfo) -> tuple[str, tuple[str, ...]]:
    """What the game's solver pursues, in the game's words, and the rules that decide it."""
    words = words_of(info)
    return words.goal, words.rules


def forced_turns(deal: PlayedDeal, seat: int) -> int:
    """How many turns of ``seat`` in ``deal`` offered a single legal move (a review leaves
    them out: there was nothing to choose)."""
    replay = deal.restart()
    forced = 0
    for who, move in deal.seated_history:
        if who == seat and len(replay.legal_moves()) == 1:
            forced += 1
        replay.apply(move)
    return forced


def turn_words(info: GameInfo, before: Any, seat: int, move: Move) -> str:
    """The seat's turn in the game's unit, from the position ``before`` its move: "trick 3,
    your lead", "round 2, you play 3rd" (trick games), "your 4th tile" (line games; a draw or
    a pass: "your turn after your 3rd tile")."""
    if info.family == "trick":
        number = len(before.tricks) + 1
        place = "your lead" if not before.trick else f"you play {ordinal(len(before.trick) + 1)}"
        return f"{info.round_name} {number}, {place}"
    tiles = sum(who == seat and m.kind in ("play", "discard") for who, m in before.seated_history)
    if move.kind in ("play", "discard"):
        return f"your {ordinal(tiles + 1)} tile"
    return f"your turn after your {ordinal(tiles)} tile" if tiles else "your turn before any tile"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    last = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{last}"


def forced_words(forced: int) -> str:
    """How many forced turns a review left out, in a sentence."""
    if forced == 0:
        return "Every one of your turns offered a choice."
    turns = "turn" if forced == 1 else "turns"
    return f"Left out: {forced} {turns} with only one legal move (nothing to choose)."


def reviewed_game(deal: object) -> GameInfo:
    """The game of ``deal``; a TypeError in one line when it is not a game's deal or its game
    has no solver or no review words."""
    if not isinstance(deal, BaseDeal):
        raise TypeError(
            f"deal={quote(deal)}: give a game's deal (for example tien_gow.Deal), played to the end"
        )
    info = game_of(deal)
    if info is None or info.solve is None or info.review_words is None:
        raise TypeError(f"{type(deal).__name__} is not the deal of a game with a solver")
    return info


def position_after(deal: DealT, move: Move) -> DealT:
    """A copy of ``deal`` with ``move`` played (``deal`` is left as it is)."""
    child = deal.copy()
    child.apply(move)
    return child


def base_form(phrase: str) -> str:
    """A goal said of a seat, said to the learner: "takes the last trick" -> "take the last
    trick", "finishes first" -> "finish first"."""
    verb, _, rest = phrase.partition(" ")
    verb = verb[:-2] if verb.endswith(("shes", "ches", "sses")) else verb[:-1]
    return f"{verb} {rest}"


def move_reason(info: GameInfo, deal: Any, move: Move) -> str:
    """Why a sensible player makes ``move`` here, in words (no search behind it)."""
    if len(deal.legal_moves()) == 1:
        return "it is the only move the rules allow here"
    if info.family == "line":
        return _line_reason(info, deal, move)
    hand = deal.hands[deal.turn]
    if not deal.trick:
        if len(move.pieces) > 1:
            return f"a lead of {len(move.pieces)} wins that many at once if nobody can beat it"
        if len(hand) == 1:
            return f"it is the last {info.round_name}: everything rests on this tile"
        return "a single that costs little now, keeping the strongest tiles for the end"
    if move.kind == "play":
        return "it beats the table, and no cheaper play in the hand does"
    if not deal.legal_plays():
        return "nothing in the hand beats the table, so the weakest pieces go face down"
    return "beating here would spend strength that the last tricks need; the weakest go"


def _line_reason(info: GameInfo, deal: object, move: Move) -> str:
    if move.kind == "draw":
        return "no tile in the hand fits either end, so a tile must be drawn"
    if move.kind == "pass":
        return "no tile fits and nothing may be drawn, so the turn passes"
    if move.kind == "discard":
        return "no tile fits either end, so one goes face down"
    tile = move.pieces[0]
    reason = words_of(info).place_reason
    return reason(tile) if reason is not None else f"{tile} fits at an end of the line"


def line_told(
    start: PlayedDeal,
    line: tuple[tuple[int, Move], ...],
    end: PlayedDeal,
    seat: int,
    phrase: str,
    want: bool,
) -> str:
    """The line told in words (a run of draws by one seat said once), then how it ends."""
    replay = start.copy()
    said: list[str] = []
    runs: list[tuple[int, str]] = []
    for who, move in line:
        words = f"{replay.name(who)} {move_said(replay, who, move)}"
        if runs and runs[-1][1] == words and move.kind == "draw":
            runs[-1] = (runs[-1][0] + 1, words)
        else:
            runs.append((1, words))
        replay.apply(move)
    said = [words if n == 1 else f"{words} {n} times" for n, words in runs]
    text = ", ".join(said) if said else "the deal ends"
    name = start.name(seat)
    if end.is_over:
        winner = _achiever(reviewed_game(end), end)
        taker = "no seat alone" if winner is None else end.name(winner)
        return text + f"; in the end {taker} {phrase}"
    if want:
        return text + f"; from there {name} still {phrase}, whatever the others do"
    return text + f"; from there the others keep it from {name}, whatever {name} does"


def _achiever(info: GameInfo, done: Any) -> int | None:
    """Who reached the goal of a finished deal (the game's words may say; else the winner)."""
    achiever = words_of(info).achiever
    if achiever is not None:
        return achiever(done)
    winner = done.winner
    return winner if isinstance(winner, int) else None


def move_said(deal: object, who: int, move: Move) -> str:
    """A move in the game's words: "leads [6:6]", "plays [5:1] face down", "places [6:4] on
    the left"."""
    shown = join(move.pieces)
    if move.kind == "draw":
        return "draws"
    if move.kind == "pass":
        return "passes"
    if move.end is not None:
        return f"places {shown} on the {move.end}"
    trick = getattr(deal, "trick", None)
    if trick is None:  # a line game: the first tile, or a face-down tile
        return f"lays {shown} face down" if move.kind == "discard" else f"sets down {shown}"
    if move.kind == "discard":
        call = f" calling {move.call}" if move.call else ""
        return f"leads {shown} face down{call}" if not trick else f"plays {shown} face down"
    return f"leads {shown}" if not trick else f"beats with {shown}"


def rules_of(deal: PlayedDeal, move: Move) -> tuple[str, ...]:
    """The rule ids the engine cites for ``move`` being legal here."""
    return tuple(dict.fromkeys(r.rule for r in deal.judge(move).reasons))
