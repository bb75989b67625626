"""Puzzle kinds: a few generic checkers shared by the games of a family (design.md §7).

A bank entry (``puzzles/banks/<game>.toml``) names its kind and gives its set-up; the kind makes
the :class:`Puzzle`: its picture, its answer form, and a checker that asks the engine or the
solver about the learner's answer. No answer is stored, so every correct answer is accepted.
Kinds reach a game only through its :class:`~gupai_learn.engine.game.GameInfo`; the rule ids
they cite in their own sentences come from the bank's ``[roles]`` table.

================  =======  =================================================================
kind              answer   judged by
================  =======  =================================================================
``piece-fact``    choice   an attribute of one piece (a tile's suit)
``count``         numbers  how many pieces of the set have an attribute
``classify``      choice   ``GameInfo.classify``: the class of a lead
``may-lead``      choice   the engine's verdict on leading the pieces, against each claim
``beats``         tiles    ``deal.judge``: any face-up play that beats the table
``trick-winner``  choice   the engine, each offered play going face up if the rules allow
``settle``        numbers  ``deal.settle()``
``won``           numbers  ``deal.won`` (columns or tricks per seat)
``endgame``       move     ``GameInfo.solve``: every lead that still forces the last trick
``deal-fact``     choice   a named fact of the deal: ``turn``, ``trick-size``, ``winner``;
                           line games: ``blocker``, ``first-place``, ``blocked-winner``
``line-fit``      choice   ``deal.judge`` at each end: where a tile may go on the line
``line-move``     move     ``deal.judge``, then the ``goal``: any legal move, one that makes
                           no fish, one that makes a fish, or (``GameInfo.solve``) one that
                           still forces first place
``fish``          choice   ``deal.fish``: whether the line is blocked, and its kind
``points``        numbers  ``deal.points`` (a line game's points per seat)
``line-settle``   numbers  ``deal.settle()`` of a finished line deal, drawn with its line
``line-score``    numbers  the points a play scores: the awards ``deal.settle()`` adds
``round-end``     choice   ``deal.ending``: in play, blocked or dominoed, and why
``sim-compare``   choice   :mod:`gupai_learn.sim`: seeded deals played under two variants
                           (rules or players); the higher one, or "about the same" when
                           the 95% intervals overlap (measured when first checked)
================  =======  =================================================================
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from gupai_learn.cards import as_cards
from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import Move, join
from gupai_learn.puzzles import fair, pictures
from gupai_learn.puzzles.model import AnswerKind, Feedback, Puzzle, Solution
from gupai_learn.render import row_svg
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import IllegalPlayError, Reason, Verdict

WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
#: A rule id at the end of an engine sentence: "... (TG-PAY-ALL-EXCEPTION)."
RULE_AT_END = re.compile(r"\s*\(([A-Z]+(?:-[A-Z]+)+)\)\.?$")
_INTEGER = re.compile(r"[+-]?\d+")


# ----- the set-up and the entry ----------------------------------------------------------------
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
            style=getattr(self.game, "piece_style", None),
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


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


# ----- reading answers and speaking --------------------------------------------------------------
def read_numbers(answer: Any, n: int) -> list[int] | None:
    """``n`` whole numbers: a number, a sequence, or text with numbers between spaces/commas."""
    if isinstance(answer, str):
        answer = [a for a in re.split(r"[\s,;]+", answer.replace("−", "-")) if a]
    items = [answer] if type(answer) is int else answer
    if not isinstance(items, (list, tuple)) or len(items) != n:
        return None
    values = [_integer(x) for x in items]
    return None if None in values else values  # type: ignore[return-value]


def _integer(value: Any) -> int | None:
    """A whole number from an int, a whole float (4.0) or its text; None for anything else
    (fractions, inf, nan, bools, exponents)."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    if (
        isinstance(value, str)
        and len(value) < 20
        and _INTEGER.fullmatch(value.strip().replace("−", "-"))
    ):
        return int(value.strip().replace("−", "-"))
    return None


def _face_up(answer: Any) -> bool:
    """False only for an answer that clearly names a face-down move (tiles or cards)."""
    if isinstance(answer, str):
        return not answer.strip().lower().startswith("down:")
    return not (type(answer) is Move and answer.kind == "discard")


def correct(text: str, reasons: Sequence[Reason] = ()) -> Feedback:
    """A correct answer, explained."""
    return Feedback("correct", text, tuple(reasons))


def incorrect(text: str, reasons: Sequence[Reason] = ()) -> Feedback:
    """A wrong answer, with the rules that refute it."""
    return Feedback("incorrect", text, tuple(dict.fromkeys(reasons)))


def numbers_please(n: int) -> Feedback:
    """The feedback for an answer that is not ``n`` whole numbers."""
    return incorrect(f"Give {WORDS[n]} whole numbers, one per seat, e.g. 6, -2, -2, -2.")


def mistakes(values: Sequence[int], truth: Sequence[int], names: Sequence[str]) -> str:
    """The sentence naming the seats answered wrongly: "Not quite: look again at ..."."""
    wrong = [names[i] for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t]
    return "Not quite: look again at " + ", ".join(wrong) + "."


def read_pieces(game: GameInfo, value: Any) -> Any:
    """Pieces of ``game`` from notation or pieces: cards for a card game, else tiles."""
    return as_cards(value) if game.pieces == "cards" else as_tiles(value)


def lead_verdict(game: GameInfo, pieces: Any) -> Verdict:
    """The engine's verdict on leading ``pieces`` as the first play of a deal: seat 0 is dealt
    them, topped up from the rest of the set, so ``Deal.judge`` explains the lead exactly as
    it would at the table."""
    wanted = list(read_pieces(game, pieces))
    rest = Counter(game.deck())
    rest.subtract(wanted)
    pool = list(rest.elements())
    size = len(game.Deal.random(seed=0).hands[0])  # a full hand (some decks leave cards over)
    own = wanted + pool[: size - len(wanted)]
    others = pool[size - len(wanted) :]
    hands = [own] + [others[i * size : (i + 1) * size] for i in range(game.seats[0] - 1)]
    try:
        return game.Deal(hands).judge(Move.play(wanted))
    except ValueError:  # the set cannot deal them (too many, or not in the set)
        assert game.classify is not None
        try:
            game.classify(wanted)
        except IllegalPlayError as error:
            return error.verdict
        raise


# ----- kinds about pieces ------------------------------------------------------------------------
def piece_fact(e: Entry) -> Puzzle:
    """Choice: an attribute of one piece (``fact``), e.g. a tile's suit."""
    piece = Tile.parse(e["piece"])
    truth = str(getattr(piece, e["fact"]))
    copies = list(e.game.deck()).count(piece)
    held = f"it comes in {WORDS[copies]} identical copies."
    held = "it is a single tile." if copies == 1 else held
    named = f"{piece} ({piece.name}, {piece.chinese_name})"
    why = Reason(e["rules"][0], f"{named} is {truth}: {held}")
    look = Reason(e["rules"][0], f"{named}: {held}")  # the fact to look at, not the answer

    def check(answer: Any) -> Feedback:
        if answer == truth:
            return correct(f"Yes, {piece} is {truth}.", [why])
        return incorrect(f"No, {piece} is not {answer}.", [look])

    solution = Solution(truth, f"{piece} is {truth}.", (why,))
    picture = pictures.pieces([piece], hide_class=True)  # its label would name the answer
    return e.puzzle("choice", check, solution, picture, choices=tuple(e["choices"]))


def counted(n: int, plural: str) -> str:
    """A number with its noun, singular for one: ``"1 tile"``, ``"0 tiles"``, ``"3 cards"``."""
    return f"{n} {plural[:-1] if n == 1 and plural.endswith('s') else plural}"


def count(e: Entry) -> Puzzle:
    """Numbers: how many pieces of the set have ``fact`` equal to ``equals``."""
    deck = e.game.deck()
    found = [p for p in deck if getattr(p, e["fact"]) == e["equals"]]
    truth, rule, unit = len(found), e["rules"][0], e.game.pieces  # "tiles" or "cards"
    shown = ", ".join(map(str, found)) if unit == "cards" else str(Tiles(found))
    have = "has" if truth == 1 else "have"
    why = Reason(rule, f"{truth} of the {len(deck)} {unit} {have} {e['what']}: {shown}.")

    def check(answer: Any) -> Feedback:
        values = read_numbers(answer, 1)
        if values is None:
            return incorrect(f"{answer!r} is not a whole number.")
        if values[0] == truth:
            return correct("Right.", [why])
        side = "more" if values[0] < truth else "fewer"
        return incorrect(f"Not {values[0]}: there are {side}.", [Reason(rule, e["explain"])])

    solution = Solution(truth, f"{counted(truth, unit)}.", (why,))
    labels = tuple(e["labels"])
    return e.puzzle("numbers", check, solution, row_svg(deck), {"size": len(deck)}, labels=labels)


# ----- kinds about leads -------------------------------------------------------------------------
def classify(e: Entry) -> Puzzle:
    """Choice: the class of a lead (``choices`` are class ids, or ``"invalid"``); with
    ``answer_by = "name"`` the choices are the combination's names instead (Tet-Gow's tiers)."""
    assert e.game.classify is not None, f"{e.game.name} has no classify()"
    by_name = e.data.get("answer_by", "kind") == "name"
    names = {**e.game.classes, "invalid": e["invalid"]}
    text, shown = e["tiles"], join(read_pieces(e.game, e["tiles"]))
    verdict = lead_verdict(e.game, text)
    try:
        combo = e.game.classify(text)
        truth = combo.name if by_name else names[combo.kind]
    except IllegalPlayError:
        truth = e["invalid"]

    # the engine's reasons for the rules the puzzle is about (a card's set, not how it leads)
    about = set(e.data.get("rules", ()))
    reasons = tuple(r for r in verdict.reasons if r.rule in about) or verdict.reasons

    ids = {v: k for k, v in names.items()}

    def check(answer: Any) -> Feedback:
        if answer == truth:
            return correct(f"Right: {shown} is {truth}.", reasons)
        said = f"No: {shown} is a valid lead." if answer == e["invalid"] else ""
        said = said or f"No: {shown} is not {answer}."
        # what the chosen class is (the bank's ``why-not``), not what the pieces are
        why = e.data.get("why-not", {})
        key = "name" if by_name and answer != e["invalid"] else ids.get(answer, "")
        found = why.get(key) or why.get("*")
        if answer == e["invalid"] and "why-invalid" in e.data:  # the card's own words
            found = e["why-invalid"]
        if found is None:
            return incorrect(said, reasons)  # the guard keeps what does not say the answer
        return incorrect(said, [Reason(found["rule"], found["text"])])

    solution = Solution(truth, f"It is {truth}.", reasons)
    # drawn when shown, without the class a card prints on its face (the question asks it)
    picture = lambda: pictures.pieces(read_pieces(e.game, text), hide_class=True)  # noqa: E731
    choices = tuple(c if by_name else names[c] for c in e["choices"])
    return e.puzzle("choice", check, solution, picture, {"shown": shown}, choices=choices)


@dataclass(frozen=True)
class Claim:
    """An option of a may-lead puzzle: the lead is valid (no ``rule``), or it is not, for the
    rule ``rule`` whose engine reason contains ``phrase``."""

    text: str
    rule: str = ""
    phrase: str = ""

    def agrees(self, verdict: Verdict) -> bool:
        """Whether this claim says what the engine's verdict says."""
        if not self.rule or verdict.ok:
            return not self.rule and verdict.ok
        phrase = self.phrase.lower()
        return any(r.rule == self.rule and phrase in r.text.lower() for r in verdict.reasons)


def may_lead(e: Entry) -> Puzzle:
    """Choice: may these pieces be led, and if not, why not (``claims`` name the bank's). With a
    set-up the pieces are judged as a lead of the seat to act in that position (a passport, the
    point tiles), otherwise as the first lead of a deal."""
    claims = [Claim(**e.bank["claims"][name]) for name in e["claims"]]
    shown = join(read_pieces(e.game, e["tiles"]))
    if e.setup is not None:
        verdict = e.build().judge(Move.play(e["tiles"]))
    else:
        verdict = lead_verdict(e.game, e["tiles"])
    truth = f"{shown} may not be led."
    if verdict.ok and e.setup is not None:
        truth = f"{shown} may be led here: {verdict.summary}."
    elif verdict.ok:
        assert e.game.classify is not None
        combo = e.game.classify(shown)
        truth = f"{shown} is a valid lead: {combo.kind_name} ({combo.name})."

    def check(answer: Any) -> Feedback:
        claim = next((c for c in claims if c.text == answer), None)
        if claim is None:
            return incorrect(f"{answer!r} is not one of the options.")
        if claim.agrees(verdict):
            return correct(f"Right: {truth}", verdict.reasons)
        return incorrect(*_claim_refuted(claim, verdict, shown, e.setup is not None))

    right = next((c.text for c in claims if c.agrees(verdict)), "")
    solution = Solution(right, truth, verdict.reasons)
    lead = read_pieces(e.game, e["tiles"])
    # in a position the answer depends on it: the hand, the tricks won, what was seen played
    picture: Callable[[], str] | str = pictures.pieces(lead)
    if e.setup is not None:
        picture = e.drawing(pictures.lead_position, lead)
    choices = tuple(c.text for c in claims)
    return e.puzzle("choice", check, solution, picture, {"shown": shown}, choices=choices)


def _claim_refuted(
    claim: Claim, verdict: Verdict, shown: str, situated: bool
) -> tuple[str, list[Reason]]:
    """What is wrong with a may-lead option that disagrees with the engine: a "yes" is told a
    rule forbids the lead (which rule, not why); a "no, because ..." that the reason it gives
    does not hold for these pieces. Neither says which option is right."""
    here = " here" if situated else ""
    if not claim.rule:
        rules = list(dict.fromkeys(r.rule for r in verdict.reasons))
        text = f"No: a rule of leading forbids {shown}{here}."
        return text, [Reason(rule, f"Check {shown} against this rule.") for rule in rules]
    text = f"Not so: that reason does not hold for {shown}{here}."
    return text, [Reason(claim.rule, f"Read this rule again with {shown} in mind.")]


# ----- kinds about a trick -----------------------------------------------------------------------
def beats(e: Entry) -> Puzzle:
    """Tiles: a play from the hand to act that may go face up; ``deal.judge`` decides."""
    start = e.build()
    winners = start.legal_plays()

    def check(answer: Any) -> Feedback:
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

    def check(answer: Any) -> Feedback:
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


def _won_because(e: Entry, deal: Any, record: list[tuple[Any, Verdict]]) -> list[Reason]:
    """The engine's reasons for the winning play, and that no later play beat it."""
    winner = deal.tricks[-1].winner
    verdict = next(v for play, v in record if play.seat == winner)
    if e.rule("winner") in verdict.rules:
        return list(verdict.reasons)
    name, unit = deal.name(winner), e.game.round_name
    text = f"No later play beat {name}'s, so {name} takes the {unit}."
    return [*verdict.reasons, Reason(e.rule("winner"), text)]


def _lost_because(
    e: Entry, deal: Any, record: list[tuple[Any, Verdict]], seat: int
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
    look = "The rule a later play beats it by."
    return [Reason(e.rule("winner"), text), *(Reason(r, look) for r in rules)]


# ----- kinds about the end of a deal -------------------------------------------------------------
def settle(e: Entry) -> Puzzle:
    """Numbers: what each seat wins (+) or pays (−) in all; ``deal.settle()`` decides."""
    deal = e.build()
    names, n = deal.seat_names, deal.n_seats
    banker = getattr(deal, "banker", None)

    def check(answer: Any) -> Feedback:
        values = read_numbers(answer, n)
        if values is None:
            return numbers_please(n)
        settlement = e.build().settle()
        truth = list(settlement.results)
        if values == truth:
            nets = ", ".join(f"{name} {v:+d}" for name, v in zip(names, truth, strict=True))
            return correct(f"Right: {nets}.", settlement_reasons(settlement))
        text = mistakes(values, truth, names)
        if sum(values) != 0:
            unit = getattr(settlement, "unit", "chip")  # Tet-Gow scores points
            text += f" Your numbers add up to {sum(values):+d}, but {unit}s only change hands: "
            text += f"the {WORDS[n]} results always add up to 0."
        return incorrect(text, _payment_rules(e, values, truth, settlement))

    settlement = deal.settle()
    solution = Solution(settlement.results, str(settlement), settlement_reasons(settlement))
    labels = tuple(name + " (banker)" * (i == banker) for i, name in enumerate(names))
    picture = e.drawing(pictures.last_trick)
    return e.puzzle("numbers", check, solution, picture, labels=labels)


def settlement_reasons(settlement: Any) -> tuple[Reason, ...]:
    """Every payment line as a reason (its first rule; the others named in the text), then the
    notes that name their rule at the end."""
    names, reasons = settlement.seat_names, []
    for line in settlement.lines:
        more = f" (with {', '.join(line.rules[1:])})" if len(line.rules) > 1 else ""
        text = f"{names[line.payer]} pays {names[line.payee]} {line.amount}: {line.text}{more}"
        reasons.append(Reason(line.rules[0], text))
    for award in settlement.awards:  # a game played for points
        more = f" (with {', '.join(award.rules[1:])})" if len(award.rules) > 1 else ""
        text = f"{names[award.seat]} scores {award.points:+d}: {award.text}{more}"
        reasons.append(Reason(award.rules[0], text))
    for note in settlement.notes:
        found = RULE_AT_END.search(note)
        if found:
            reasons.append(Reason(found.group(1), RULE_AT_END.sub("", note)))
    return tuple(reasons)


def _payment_rules(e: Entry, values: list[int], truth: list[int], settlement: Any) -> list[Reason]:
    """The rules behind each payment of a seat answered wrongly, in words, without amounts; for
    a seat no payment touches, why it ends at 0."""
    wrong = {i for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t}
    words = e.bank["rule_words"]
    names = settlement.seat_names
    reasons = [
        Reason(
            line.rules[0],
            f"{names[line.payer]} pays {names[line.payee]}: "
            + ", ".join([words[line.rules[0]], *(f"{words[r]} ({r})" for r in line.rules[1:])])
            + ".",
        )
        for line in settlement.lines
        if {line.payer, line.payee} & wrong
    ]
    reasons += [
        Reason(a.rules[0], f"{names[a.seat]} scores: " + ", ".join(words[r] for r in a.rules) + ".")
        for a in settlement.awards
        if a.seat in wrong and all(r in words for r in a.rules)
    ]
    seats = ", ".join(names[i] for i in sorted(wrong))
    return reasons or [Reason(e.rule("par"), f"{seats}: {e['untouched']}")]


def won(e: Entry) -> Puzzle:
    """Numbers: what each seat has won (columns or tricks), as ``deal.won`` records it."""
    deal = e.build()
    truth, names = list(deal.won), deal.seat_names
    unit = e.game.round_name
    tricks = ", ".join(
        f"{unit} {i} ({t.size}) to {deal.name(t.winner)}" for i, t in enumerate(deal.tricks, 1)
    )
    why = Reason(e.rule("won"), f"{unit.capitalize()}s and their worth: {tricks}.")

    def check(answer: Any) -> Feedback:
        values = read_numbers(answer, len(truth))
        if values is None:
            return numbers_please(len(truth))
        if values == truth:
            return correct("Right.", [why])
        text = mistakes(values, truth, names)
        if sum(values) != sum(truth):
            text += " " + e["total"].format(total=sum(truth))
        return incorrect(text, [Reason(e.rule("won"), e["explain"])])

    solution = Solution(tuple(truth), "What each seat won.", (why,))
    return e.puzzle("numbers", check, solution, labels=names)


def endgame(e: Entry) -> Puzzle:
    """Move: lead so that you surely take the last trick; right when the solver says the seat
    still forces it after the lead, whatever the others do (every such lead is accepted)."""
    start = e.build()
    seat, name = start.turn, start.name(start.turn)
    good = set(_solve(e, start, seat).plays)
    winning = [p for p in start.legal_plays() if Move.play(p) in good]

    def check(answer: Any) -> Feedback:
        deal = e.build()
        verdict = deal.judge(answer)
        if not verdict.ok:
            return incorrect(f"No: {verdict.summary}.", verdict.reasons)
        lead = join(deal.apply(answer).pieces)
        if _forces(e, deal, seat):
            why = f"The solver tried every reply of the others: after {lead}, {name} still takes "
            why += f"the last {e.game.round_name}."
            reasons = [*verdict.reasons, Reason(e.rule("deal"), why)]
            return correct(f"Yes: {lead} wins the last {e.game.round_name} for {name}.", reasons)
        return incorrect(f"{lead} lets the others stop {name}.", _refutation(e, lead, seat))

    listed = ", ".join(join(w) for w in winning) or "none"
    answer = winning[0] if winning else Tiles(())
    why = check(answer).reasons
    solution = Solution(answer, f"Leads that force the last {e.game.round_name}: {listed}.", why)
    picture = e.drawing(pictures.hands, "Every hand, face up:", won=True)
    secrets = fair.move_secrets(Move.play(w) for w in winning)
    return e.puzzle(
        "move", check, solution, picture, {"seat": name}, pool=start.hands[seat], secrets=secrets
    )


def _solve(e: Entry, deal: Any, seat: int) -> Any:
    assert e.game.solve is not None, f"{e.game.name} has no solver"
    return e.game.solve(deal, seat)


def _forces(e: Entry, deal: Any, seat: int) -> bool:
    """Whether ``seat`` takes (or can surely take) the last trick from here."""
    return deal.winner == seat if deal.is_over else bool(_solve(e, deal, seat).wins)


def _refutation(e: Entry, lead: str, seat: int) -> list[Reason]:
    """After a losing lead, one way the others stop ``seat`` (found with the solver): the tricks
    that follow, and the engine's reasons for the plays of the last trick."""
    deal = e.build()
    played = len(deal.tricks)
    deal.apply(lead)
    verdicts = []
    while not deal.is_over:
        want = deal.turn == seat  # seat tries to win; the others try to stop it
        options = deal.legal_moves()
        move = next((m for m in options if _forces(e, _after(deal, m), seat) == want), options[0])
        verdicts.append((deal.turn, deal.judge(move)))
        deal.apply(move)
    # the learner's lead and the replies to it; the later tricks would show the other leads
    first = ", ".join(
        f"{deal.name(p.seat)} " + (join(p.pieces) if p.face_up else "face down")
        for p in deal.tricks[played].plays
    )
    unit = e.game.round_name
    text = f"After {lead}, the others can always stop {deal.name(seat)}: for instance {first}; "
    text += f"in the end {deal.name(deal.winner)} takes the last {unit}."
    # the last trick's rules, as the others' plays show them (the seat's own would name its
    # other pieces: the leads that were right)
    notes = [r for mover, v in verdicts[-deal.n_seats :] if mover != seat for r in v.reasons]
    return [Reason(e.rule("deal"), text), *(r for r in notes if r.rule != e.rule("face-down"))]


def _after(deal: Any, move: Move) -> Any:
    later = deal.restart()
    for m in deal.history:
        later.apply(m)
    later.apply(move)
    return later


# ----- a named fact of a deal --------------------------------------------------------------------
def deal_fact(e: Entry) -> Puzzle:
    """Choice: a fact of the deal (``fact``: ``turn``, ``trick-size`` or ``winner``), read off
    the engine; ``choices`` default to the seats, plus ``none`` if given."""
    deal = e.build()
    fact = FACTS[e["fact"]]
    choices = tuple(e.data.get("choices") or (*deal.seat_names, *_none(e)))

    def check(answer: Any) -> Feedback:
        deal = e.build()
        right, reasons = fact(e, deal)
        if answer == right:
            return correct(f"Right: {right}.", reasons)
        # the reasons for the right answer would give it away: what is wrong with this one
        said = "That is not so" if answer in _none(e) else f"Not {answer}"
        seat = deal.seat_names.index(answer) if answer in deal.seat_names else None
        return incorrect(f"{said}.", WHY_NOT[e["fact"]](e, deal, seat))

    right, reasons = fact(e, deal)
    solution = Solution(right, f"The answer is {right}.", tuple(reasons))
    picture = (
        e.drawing(pictures.deal_state)
        if e.game.family == "trick"
        else e.drawing(_line_picture, e.game.piece_style)
    )
    return e.puzzle("choice", check, solution, picture, choices=choices)


def _none(e: Entry) -> tuple[str, ...]:
    return (e["none"],) if "none" in e.data else ()


def _turn(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    name, unit = deal.name(deal.turn), e.game.round_name
    if deal.tricks:
        text = f"{name} won the last {unit}, so {name} leads the next."
    else:  # the bank's word for the seat that leads first (Tien Gow: the banker)
        text = f"{name} is {e['first']}, who leads the first {unit}."
    return name, [Reason(e.rule("deal"), text)]


def _trick_size(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    trick, unit = deal.tricks[-1], e.game.won_name
    text = (
        f"{deal.name(trick.winner)} took a {e.game.round_name} led with "
        f"{counted(trick.size, e.game.pieces)} and won {counted(trick.size, unit + 's')}: "
        f"one {unit} per {e.game.pieces[:-1]} of the lead."
    )
    return str(trick.size), [Reason(e.rule("won"), text)]


def _winner(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    reasons = _tally(e, deal)
    if deal.winner is None:
        return e["none"], reasons
    name, outcome = deal.name(deal.winner), deal.settle().outcome
    cited = RULE_AT_END.search(outcome)
    if cited:  # a deal won before play (one red dot): the engine names the rule
        return name, [*reasons, Reason(cited.group(1), RULE_AT_END.sub("", outcome))]
    last = deal.tricks[-1]
    high = f"{name} made the last face-up play of the last trick ({join(last.high.pieces)})."
    most, unit = max(range(deal.n_seats), key=lambda s: deal.won[s]), e.game.won_name
    text = f"{outcome}; the number of {unit}s does not decide who wins."
    if most != deal.winner:
        text += f" {deal.name(most)} has the most {unit}s ({deal.won[most]}) but lost the last."
    return name, [*reasons, Reason(e.rule("winner"), high), Reason(e.rule("deal"), text)]


def _tally(e: Entry, deal: Any, seats: Sequence[int] | None = None) -> list[Reason]:
    """The bank's ``tally`` (an attribute summed over each hand, e.g. red pips) of ``seats``
    (every seat by default), if the bank gives one."""
    if "tally" not in e.data:
        return []
    tally = e["tally"]
    counts = ", ".join(
        f"{deal.name(s)} {sum(getattr(p, tally['attribute']) for p in deal.hands[s])}"
        for s in (range(deal.n_seats) if seats is None else seats)
    )
    return [Reason(tally["rule"], f"{tally['label']}: {counts}.")]


def _not_winner(e: Entry, deal: Any, seat: int | None) -> list[Reason]:
    """Why ``seat`` (None: "nobody") is not the winner: its own tally and, for a deal decided
    by its last trick, that the count of won tricks does not decide, the last trick does."""
    if seat is None:
        tally = e.data.get("tally")
        look = f"Count the {tally['label'].lower()} again." if tally else "Look at the hands again."
        return [Reason(tally["rule"] if tally else e.rule("deal"), look)]
    reasons = _tally(e, deal, [seat])
    if deal.tricks:
        name, count = deal.name(seat), deal.won[seat]
        unit, whole = e.game.round_name, e.game.deal_name
        text = f"{name} took {counted(count, e.game.won_name + 's')}, but that count does not "
        text += f"decide who wins the {whole}: only the last {unit} does."
        rule = f"The seat that takes the last {unit} wins the {whole}."
        reasons += [Reason(e.rule("winner"), text), Reason(e.rule("deal"), rule)]
    return reasons


def _not_turn(e: Entry, deal: Any, seat: int | None) -> list[Reason]:
    """Why ``seat`` does not lead next: it did not take the last trick (or is not the seat
    that leads first, the bank's ``first``)."""
    name = "That seat" if seat is None else deal.name(seat)
    unit = e.game.round_name
    if deal.tricks:
        text = f"{name} did not take the last {unit}, and whoever takes a {unit} leads the next."
    else:
        text = f"{name} is not {e['first']}, who leads the first {unit}."
    return [Reason(e.rule("deal"), text)]


def _not_size(e: Entry, deal: Any, seat: int | None) -> list[Reason]:
    """What a trick is worth, without its count."""
    unit, pieces = e.game.won_name, e.game.pieces
    text = f"A {e.game.round_name} is worth one {unit} per {pieces[:-1]} of its lead: count the "
    text += f"{pieces} of the lead."
    return [Reason(e.rule("won"), text)]


def _not_blocker(e: Entry, deal: Any, seat: int | None) -> list[Reason]:
    """Why ``seat`` is not the blocker (None: why "nobody" is wrong)."""
    if seat is None:
        text = "The line is blocked: find the non-double whose placing made the fish."
    else:
        text = f"No tile {deal.name(seat)} placed made a fish; doubles added after one do not "
        text += "move the blame."
    return [Reason(e.rule("fish"), text)]


def _not_first(e: Entry, deal: Any, seat: int | None) -> list[Reason]:
    """Why ``seat`` is not in first place: its own points, and how places are decided (the
    order of play is in the picture: naming it here would name the seats in turn)."""
    rule = f"Fewest points wins. {e['ties']}"
    reasons = [Reason(e.rule("places"), rule)]
    if seat is not None:
        own = f"{deal.name(seat)} has {deal.points[seat]} (pips face down and still held)."
        reasons.insert(0, Reason(e.rule("points"), own))
    return reasons


def _not_blocked_winner(e: Entry, deal: Any, seat: int | None) -> list[Reason]:
    """Why ``seat`` (None: "nobody scores") does not win the blocked round: its own hand and
    the table's rule."""
    seats = [] if seat is None else [seat]
    return [*_hand_tally(e, deal, seats), Reason(e.rule("blocked"), e["how"])]


# ----- kinds of the line games (Bull Fight, Bergen) --------------------------------------------
def _line_picture(deal: Any, style: Any = None, tell: bool = False) -> str:
    """The line, and every hand with what each seat put face down, under the order of play;
    Western tiles (``style`` "western", the game's ``piece_style``) are drawn with black pips
    only, hand by hand. ``tell`` names the fish and its blocker (for a question that depends on
    them, never one that asks about them)."""
    from gupai_learn.render.line import line_deal_svg

    if style != "western":
        return pictures.figure(_order(deal), line_deal_svg(deal, tell_fish=tell))
    line = pictures.figure(f"The line ({deal.layout.describe_ends()}):", _line_svg(deal, style))
    return line + "".join(
        pictures.figure(_seat_title(deal, s), _hand_svg(hand, style))
        for s, hand in enumerate(deal.hands)
    )


def _told(deal: Any, style: Any = None) -> str:
    """:func:`_line_picture` naming the fish and its blocker."""
    return _line_picture(deal, style, tell=True)


def _order(deal: Any) -> str:
    """The order of play, first player first ("" for a deal that does not say it)."""
    order = getattr(deal, "order", None)
    if not order:
        return ""
    return "Order of play: " + ", ".join(deal.name(s) for s in order) + "."


def _line_svg(deal: Any, style: Any) -> str:
    from gupai_learn.render.line import layout_svg

    return layout_svg(deal.layout, style=style)


def _seat_title(deal: Any, seat: int) -> str:
    """A hand's caption: the seat, whether it acts, and, while the round is in play, its points
    this round (once it is over they would tell who won it)."""
    title = deal.name(seat) + (" (to act)" if not deal.is_over and seat == deal.turn else "")
    points = getattr(deal, "round_points", None)
    if points is not None and not deal.is_over:
        title += f", {points[seat]} point{'s' * (points[seat] != 1)} this round"
    return title + ":"


def _hand_svg(hand: Any, style: Any) -> str:
    if not hand:
        return '<div style="font:13px sans-serif;color:#57606a">(no tile left)</div>'
    return row_svg(hand, style=style)


def _blocker(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    """Line games: the seat whose tile blocked the line (the bank's ``none`` if none did)."""
    fish = getattr(deal, "fish", None)
    if fish is None:
        return e["none"], [Reason(e.rule("fish"), "Nobody has blocked the line.")]
    name = deal.name(fish.blocker)
    text = f"{name} placed {fish.tile}, the non-double that made the fish; doubles added later "
    text += "do not move the blame."
    first = RULE_AT_END.sub(".", fish.explain().splitlines()[0])
    return name, [Reason(fish.rule, first), Reason(e.rule("fish"), text)]


def _first_place(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    """Line games: the seat in first place, with every seat's points and the tie-break."""
    points = ", ".join(f"{deal.name(s)} {p}" for s, p in enumerate(deal.points))
    order = ", ".join(deal.name(s) for s in deal.order)
    reasons = [
        Reason(e.rule("points"), f"Points (pips face down and still held): {points}."),
        Reason(e.rule("places"), f"Fewest points wins; the playing order was {order}. {e['ties']}"),
    ]
    return deal.name(deal.winner), reasons


def _blocked_winner(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    """Line games with a blocked round (Bergen): the seat that wins it under the deal's rules
    (the bank's ``none`` if nobody scores), with the clauses the engine applied."""
    decided = deal.blocked
    if decided is None:
        raise ValueError("the round is not blocked")
    name = e["none"] if decided.winner is None else deal.name(decided.winner)
    return name, list(decided.clauses)


def _hand_tally(e: Entry, deal: Any, seats: Sequence[int]) -> list[Reason]:
    """What the blocked-round rules compare for ``seats``: tiles, doubles and pips in hand."""
    parts = []
    for seat in seats:
        hand = deal.hands[seat]
        doubles = sum(t.is_double for t in hand)
        parts.append(
            f"{deal.name(seat)} {hand}: {len(hand)} tile{'s' * (len(hand) != 1)}, "
            f"{doubles} double{'s' * (doubles != 1)}, {sum(t.pips for t in hand)} pips"
        )
    return [Reason(e.rule("blocked"), "Left in hand: " + "; ".join(parts) + ".")] if parts else []


FACTS: dict[str, Callable[[Entry, Any], tuple[str, list[Reason]]]] = {
    "turn": _turn,
    "trick-size": _trick_size,
    "winner": _winner,
    "blocker": _blocker,
    "first-place": _first_place,
    "blocked-winner": _blocked_winner,
}
#: For each fact, what is wrong with a seat (or "nobody") that is not the answer.
WHY_NOT: dict[str, Callable[[Entry, Any, int | None], list[Reason]]] = {
    "turn": _not_turn,
    "trick-size": _not_size,
    "winner": _not_winner,
    "blocker": _not_blocker,
    "first-place": _not_first,
    "blocked-winner": _not_blocked_winner,
}


def line_fit(e: Entry) -> Puzzle:
    """Choice: where ``tile`` may go on the line (``left``, ``right``, ``both``, ``none``: the
    bank's words); the engine judges the tile at each end."""
    deal, tile = e.build(), e["tile"]
    verdicts = {end: deal.judge(f"{tile}>{end}") for end in ("left", "right")}
    fits = tuple(end for end, v in verdicts.items() if v.ok)
    words = {("left",): e["left"], ("right",): e["right"], ("left", "right"): e["both"]}
    truth = words.get(fits, e["none"])
    reasons = [r for v in verdicts.values() for r in v.reasons]

    def check(answer: Any) -> Feedback:
        if answer == truth:
            return correct(f"Right: {truth}.", reasons)
        return incorrect(f"Not {answer}: look at the numbers at the ends.", reasons)

    solution = Solution(truth, f"{tile}: {truth}.", tuple(reasons))
    picture = e.drawing(_line_and_hand, e.game.piece_style)
    choices = (e["left"], e["right"], e["both"], e["none"])
    return e.puzzle("choice", check, solution, picture, {"tile": tile}, choices=choices)


def _line_and_hand(deal: Any, style: Any = None) -> str:
    """The line, and the hand of the seat to act (``style``: the game's piece style)."""
    from gupai_learn.render.line import layout_svg

    shown = row_svg(deal.hands[deal.turn], style=style)
    hand = pictures.figure(f"Your hand ({deal.name(deal.turn)}):", shown)
    return pictures.figure("The line:", layout_svg(deal.layout, style=style)) + hand


def _line_only(deal: Any, style: Any = None) -> str:
    """The line alone (the hand to play from is the puzzle's pool, drawn by the card);
    ``style``: the game's piece style."""
    from gupai_learn.render.line import layout_svg

    return pictures.figure("The line:", layout_svg(deal.layout, style=style))


#: The words a move card offers for how the picked tile is played, and the kind of move each
#: makes: a bank's ``moves`` (the same on every card of a game) are some of these.
MOVE_WORDS = {"left": "play", "right": "play", "face down": "discard", "draw": "draw"}
MOVE_WORDS["pass"] = "pass"


def line_move(e: Entry) -> Puzzle:
    """Move: a placement (``[6:4]>left``), a face-down tile, a draw or a pass for the seat to
    act, judged by the engine, then by the ``goal``: ``legal`` (any legal move), ``no-fish``
    (makes no fish), ``fish`` (makes one), ``open`` (leaves only the number ``open`` open),
    ``score`` (scores as many points as any move can), ``win`` (the solver: the seat still
    forces first place, or whatever the game's solver aims at). The card offers the bank's
    ``ways`` to play a picked tile: every kind of move the game has, on every card."""
    start = e.build()
    seat, name, goal = start.turn, start.name(start.turn), e.data.get("goal", "legal")
    best = max((_gain(start, m, seat) for m in start.legal_moves()), default=0)
    good = [m for m in start.legal_moves() if _meets(e, start, m, seat, goal, best)]
    choices = tuple(e["ways"])
    unknown = [w for w in choices if w not in MOVE_WORDS]
    if unknown:
        raise ValueError(f"ways {unknown} are not ways to play; use some of {list(MOVE_WORDS)}")

    def check(answer: Any) -> Feedback:
        deal = e.build()
        verdict = deal.judge(answer)
        if not verdict.ok:
            return incorrect(f"No: {verdict.summary}.", verdict.reasons)
        before = _awards(deal)
        deal.apply(answer)
        gained = [a for a in _awards(deal)[len(before) :] if a.seat == seat]
        # the engine's notes on a legal move, for the rules this card is about (a note on a
        # rule of a later lesson would be met before it is taught)
        notes = [r for r in verdict.reasons if r.rule in e.data.get("rules", ())]
        reasons = [*(notes or verdict.reasons), *(_award_reason(deal, a) for a in gained)]
        made = _made_fish(start, deal)
        if made is not None:
            first = made.explain(seat).splitlines()[0]
            reasons.append(Reason(made.rule, RULE_AT_END.sub(".", first)))
        scored = sum(a.points for a in gained)
        missed = _missed(e, deal, goal, made is not None, scored if scored < best else None, name)
        if missed is not None:
            return incorrect(missed[0], [*reasons, *missed[1]])
        return correct(f"Yes: {verdict.summary}.", reasons)

    listed = ", ".join(map(str, good)) or "none"
    answer = str(good[0]) if good else ""
    solution = Solution(answer, f"Moves that do it: {listed}.", check(answer).reasons)
    picture = e.drawing(_line_only if goal != "win" else _line_picture, e.game.piece_style)
    caption = f"Your hand ({name}):" if goal != "win" else ""
    return e.puzzle(
        "move",
        check,
        solution,
        picture,
        {"seat": name},
        pool=start.hands[seat],
        pool_caption=caption,
        choices=choices,
        secrets=fair.move_secrets(good),
    )


def _made_fish(start: Any, deal: Any) -> Any:
    """The fish a move made (None if it made none, or the line was blocked before it)."""
    fish = getattr(deal, "fish", None)
    return fish if fish is not None and getattr(start, "fish", None) is None else None


def _missed(
    e: Entry, deal: Any, goal: str, made: bool, short: int | None, name: str
) -> tuple[str, list[Reason]] | None:
    """How a legal move misses the card's ``goal`` (what that move does, never the right one):
    the sentence and the reasons to add, or None when it meets it."""
    if goal == "no-fish" and made:
        return "That blocks the line: it makes a fish.", []
    if goal == "fish" and not made:
        text = "Legal, but the line is not blocked afterwards."
        return text, [Reason(e.rule("fish"), e["not-blocked"])]
    if goal == "open" and tuple(deal.layout.open_numbers()) != (e["open"],):
        ends = deal.layout.describe_ends()
        return f"Legal, but afterwards {ends}.", [Reason(e["rules"][0], e["not-open"])]
    if goal == "score" and short is not None:  # ``short``: what this move scores, below best
        text = f"Legal, but it scores {short}; another move scores more."
        return text, [Reason(e["rules"][0], e["not-best"])]
    if goal == "win" and not _forces_first(e, deal, deal_seat(deal, name)):
        why = e.data.get("not-won", "After that the others can keep {seat} out of first place.")
        why = why.format(seat=name)
        return why, [Reason(e.rule("places"), why)]
    return None


def deal_seat(deal: Any, name: str) -> int:
    """The seat called ``name`` in ``deal``."""
    return list(deal.seat_names).index(name)


def _meets(e: Entry, start: Any, move: Move, seat: int, goal: str, best: int) -> bool:
    if goal == "score":
        return _gain(start, move, seat) == best
    deal = start.copy()
    deal.apply(move)
    made = _made_fish(start, deal) is not None
    if goal == "no-fish":
        return not made
    if goal == "fish":
        return made
    if goal == "open":
        return tuple(deal.layout.open_numbers()) == (e["open"],)
    if goal == "win":
        return _forces_first(e, deal, seat)
    return True


def _forces_first(e: Entry, deal: Any, seat: int) -> bool:
    """Whether ``seat`` reaches the solver's goal (first place...), or surely can from here;
    the solver also judges a finished deal."""
    return bool(_solve(e, deal, seat).wins)


def _awards(deal: Any) -> tuple[Any, ...]:
    """The points scored so far in a deal played for points during play (Bergen); a game
    settled only once the deal is over (Bull Fight) has none to show mid-way."""
    try:
        return tuple(deal.settle().awards)
    except ValueError:
        return ()


def _gain(start: Any, move: Move, seat: int) -> int:
    """The points ``seat`` scores by ``move`` (headers, going out, a blocked round won)."""
    deal = start.copy()
    before = len(_awards(deal))
    deal.apply(move)
    return sum(a.points for a in _awards(deal)[before:] if a.seat == seat)


def _award_reason(deal: Any, award: Any) -> Reason:
    """One award as a reason citing its first rule (the others named in the text)."""
    more = f" (with {', '.join(award.rules[1:])})" if len(award.rules) > 1 else ""
    return Reason(
        award.rules[0], f"{deal.name(award.seat)} scores {award.points}: {award.text}{more}"
    )


def fish(e: Entry) -> Puzzle:
    """Choice: is the line blocked (a fish), and of which kind? ``choices`` are the game's fish
    kinds (``GameInfo.classes``) and ``none``; ``deal.fish`` decides."""
    deal = e.build()
    names = {**e.game.classes, "none": e["none"]}
    found = deal.fish
    truth = names[found.kind] if found is not None else e["none"]
    if found is not None:
        lines = found.explain().splitlines()[:2]
        reasons = [Reason(found.rule, RULE_AT_END.sub(".", line)) for line in lines]
    else:
        reasons = _not_blocked(e, deal)

    ends = deal.layout.describe_ends()
    look = [
        Reason(
            e.rule("fish-classic"),
            f"{ends.capitalize()}: can a non-double off the line still "
            "be added at an open end? A fish is named by the numbers at its ends.",
        )
    ]
    if e.rule("fish-smothered") in e.data.get("rules", ()):  # once its lesson has taught it
        look.append(
            Reason(e.rule("fish-smothered"), "Are some tiles off the line cut off from both ends?")
        )

    def check(answer: Any) -> Feedback:
        if answer == truth:
            return correct(f"Right: {truth}.", reasons)
        return incorrect(f"Not {answer}.", look)

    solution = Solution(truth, f"It is {truth}.", tuple(reasons))
    choices = tuple(names[c] for c in e["choices"])
    return e.puzzle(
        "choice", check, solution, e.drawing(_line_picture, e.game.piece_style), choices=choices
    )


def _not_blocked(e: Entry, deal: Any) -> list[Reason]:
    """Why a line is no fish: the tiles off the line that still carry an open number."""
    rest = Counter(t for t in e.game.deck() if not t.is_double)
    rest.subtract(t for t in deal.layout.tiles if not t.is_double)
    numbers = set(deal.layout.open_numbers())
    carriers = sorted({t for t, n in rest.items() if n > 0 and numbers & set(t)}, reverse=True)
    ends = deal.layout.describe_ends()
    text = f"{ends}; off the line, " + (", ".join(map(str, carriers)) or "no tile") + " still "
    text += "carry an open number, so non-doubles can still be added."
    return [
        Reason(e.rule("fish-classic"), text),
        Reason(e.rule("fish-smothered"), "No tile off the line is cut off from both ends."),
    ]


def points(e: Entry) -> Puzzle:
    """Numbers: each seat's points (``deal.points``), per seat."""
    deal = e.build()
    truth, names = list(deal.points), deal.seat_names
    shown = "; ".join(
        f"{deal.name(s)}: face down {deal.down[s] or 'nothing'}, held {deal.hands[s] or 'nothing'}"
        for s in range(deal.n_seats)
    )
    why = Reason(e.rule("points"), f"{shown}.")

    def check(answer: Any) -> Feedback:
        values = read_numbers(answer, len(truth))
        if values is None:
            return numbers_please(len(truth))
        if values == truth:
            return correct("Right.", [why])
        return incorrect(mistakes(values, truth, names), [Reason(e.rule("points"), e["explain"])])

    solution = Solution(tuple(truth), "Each seat's points.", (why,))
    return e.puzzle("numbers", check, solution, e.drawing(_told, e.game.piece_style), labels=names)


def line_settle(e: Entry) -> Puzzle:
    """Numbers: what each seat wins (+) or pays (−) when a finished line deal is settled."""
    deal = e.build()
    names, n = deal.seat_names, deal.n_seats

    def check(answer: Any) -> Feedback:
        values = read_numbers(answer, n)
        if values is None:
            return numbers_please(n)
        settlement = e.build().settle()
        truth = list(settlement.results)
        if values == truth:
            return correct("Right.", settlement_reasons(settlement))
        text = mistakes(values, truth, names)
        if sum(values) != 0:
            text += f" Your numbers add up to {sum(values):+d}, but chips only change hands."
        return incorrect(text, _payment_rules(e, values, truth, settlement))

    settlement = deal.settle()
    solution = Solution(settlement.results, str(settlement), settlement_reasons(settlement))
    return e.puzzle("numbers", check, solution, e.drawing(_told, e.game.piece_style), labels=names)


def line_score(e: Entry) -> Puzzle:
    """Numbers: the points the seat to act scores by ``play`` (a header, going out, a blocked
    round won), read off the awards ``deal.settle()`` lists after it. A wrong answer is told
    the ends after the play and the scoring rules that apply, in the bank's ``rule_words``."""
    start = e.build()
    seat, name, play = start.turn, start.name(start.turn), e["play"]
    verdict = start.judge(play)
    if not verdict.ok:
        raise ValueError(f"{play} is refused: {verdict.summary}")
    after = start.copy()
    after.apply(play)
    gained = [a for a in _awards(after)[len(_awards(start)) :] if a.seat == seat]
    truth = sum(a.points for a in gained)
    ends = Reason(e.rule("header"), f"After {play} {after.layout.describe_ends()}.")
    right = [*verdict.reasons, ends, *(_award_reason(after, a) for a in gained)]
    # a wrong answer is told the scoring rules of the card (those its lesson has taught), in
    # words without amounts: what to check, not what the play scores
    told = {*e.data.get("rules", ()), *(r for a in gained for r in a.rules), e.rule("header")}
    hints = [Reason(r, w) for r, w in e.bank.get("rule_words", {}).items() if r in told]

    def check(answer: Any) -> Feedback:
        values = read_numbers(answer, 1)
        if values is None:
            return incorrect(f"{answer!r} is not a whole number.")
        if values[0] == truth:
            return correct(f"Right: {play} scores {truth} for {name}.", right)
        return incorrect(f"Not {values[0]}.", [ends, *hints])

    solution = Solution(truth, f"{play} scores {truth}.", tuple(right))
    values = {"seat": name, "play": play}
    return e.puzzle(
        "numbers",
        check,
        solution,
        e.drawing(_line_and_hand, e.game.piece_style),
        values,
        labels=(name,),
    )


def round_end(e: Entry) -> Puzzle:
    """Choice: is the round still in play, blocked, or over by a domino? ``deal.ending``
    decides (``""``, ``"blocked"``, ``"domino"``: the bank's words ``play``, ``blocked``,
    ``domino``); the reasons say who can still play or draw, or why nobody can."""
    deal = e.build()
    words = {"": e["play"], "blocked": e["blocked"], "domino": e["domino"]}
    truth = words.get(deal.ending, e["play"])
    reasons = _why_ended(e, deal)

    def check(answer: Any) -> Feedback:
        if answer == truth:
            return correct(f"Right: {truth}.", reasons)
        return incorrect(f"Not {answer}.", reasons)

    solution = Solution(truth, f"It is {truth}.", tuple(reasons))
    choices = (e["play"], e["blocked"], e["domino"])
    return e.puzzle(
        "choice", check, solution, e.drawing(_line_picture, e.game.piece_style), choices=choices
    )


def _why_ended(e: Entry, deal: Any) -> list[Reason]:
    """Why a line round is over, or what the seat to act can still do (the engine's words)."""
    ends = deal.layout.describe_ends()
    if deal.ending == "domino":
        who = next(deal.name(s) for s, hand in enumerate(deal.hands) if not hand)
        return [Reason(e.rule("domino"), f"{who} has played the last tile: {ends}.")]
    left = len(getattr(deal, "boneyard", ()))
    if deal.ending == "blocked":
        text = f"{ends}; no tile in any hand carries either number, and the {left} tiles left "
        text += "in the boneyard are the reserved ones, never drawn: nobody can play or draw."
        return [Reason(e.rule("blocked"), text)]
    move = deal.legal_moves()[0]
    reasons = list(deal.judge(move).reasons)
    players = [
        deal.name(s)
        for s, hand in enumerate(deal.hands)
        if any(deal.layout.fits(t) for t in hand) and s != deal.turn
    ]
    if players:
        text = f"{ends}; {', '.join(players)} could also place a tile."
        reasons.append(Reason(e.rule("play"), text))
    return reasons


# ----- kinds measured by simulation ------------------------------------------------------------
@dataclass(frozen=True)
class SimVariant:
    """One side of a sim-compare puzzle: its ``label`` (a choice), the Rules ``options``, the
    ``players`` (a kind for every seat, one per seat, or ``"any-move"``: players choosing
    among every legal move, :class:`gupai_learn.variants.AnyMovePlayer`) and, if the two
    sides measure different columns of the same deals, its own ``column``."""

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: Any = "heuristic"
    column: str = ""


class MeasuredSolution(Solution):
    """A solution found by simulation the first time it is asked for (loading a bank plays
    no deal)."""

    def __init__(self, measure: Callable[[], Solution]) -> None:
        object.__setattr__(self, "_measure", cache(measure))

    @property  # type: ignore[override]
    def answer(self) -> Any:
        """The answer the simulation gives."""
        return self._measure().answer  # type: ignore[attr-defined]

    @property  # type: ignore[override]
    def text(self) -> str:
        """What was measured."""
        return str(self._measure().text)  # type: ignore[attr-defined]

    @property  # type: ignore[override]
    def reasons(self) -> tuple[Reason, ...]:
        """The measurement, as a reason citing the puzzle's rule."""
        return tuple(self._measure().reasons)  # type: ignore[attr-defined]


def _measure(game: str, side: SimVariant, e: Entry) -> Any:
    """The estimate of the side's column over the entry's seeded deals played under ``side``
    (only the deals where the entry's ``where`` column is true, if it names one)."""
    from gupai_learn import plots, variants  # simulations sit above the puzzles: import late
    from gupai_learn.games import GAMES

    rules = GAMES[game].Rules(**side.options)
    count = getattr(rules, "players", None)
    players = side.players
    if players == "any-move":  # every legal move, charity leads included
        players = [variants.AnyMovePlayer()] * (count or GAMES[game].seats[0])
    elif isinstance(players, str) and isinstance(count, int):
        players = [players] * count
    deals, seed = e["deals"], e["seed"]
    rows = variants.run(game, rules=rules, players=players, deals=deals, seed=seed, progress=False)
    if e.data.get("where"):
        rows = rows[rows[e["where"]]]
    values = list(rows[side.column or e["column"]])
    if all(isinstance(v, bool) or type(v).__name__ == "bool_" for v in values):
        return plots.proportions({side.label: values})[0]
    return plots.means({side.label: values})[0]


def sim_compare(e: Entry) -> Puzzle:
    """Choice: under which of two variants is ``column`` (a share or an average of
    :func:`gupai_learn.variants.run`'s rows, or each side's own ``column``) higher — or ``same``
    when the two 95% intervals overlap. Played on ``deals`` deals from ``seed`` (the entry's
    ``game``, else the bank's), counting only the deals where ``where`` is true if given."""
    game = str(e.data.get("game", e.game.name))
    sides = [SimVariant(**v) for v in e["variants"]]
    same = str(e.data.get("same", "about the same"))
    rule = e["rules"][0]

    def measured() -> Solution:
        found = [_measure(game, s, e) for s in sides]
        apart = found[0].low > found[1].high or found[1].low > found[0].high
        truth = max(found, key=lambda f: f.value).label if apart else same
        said = "; ".join(str(f) for f in found)
        verdict = "the intervals do not overlap" if apart else "the intervals overlap"
        why = Reason(rule, f"Measured on {e['deals']:,} seeded deals: {said} — {verdict}.")
        return Solution(truth, f"{truth}: {verdict}.", (why,))

    solution = MeasuredSolution(measured)

    def check(answer: Any) -> Feedback:
        if answer == solution.answer:
            return correct("Right, as the simulation shows.", solution.reasons)
        # the measurement is the solution: a wrong choice is sent back to the intervals
        look = "Compare the two 95% intervals: if they overlap, neither side is shown higher."
        said = f"Not {answer}: that is not what the measurements show."
        return incorrect(said, [Reason(rule, look)])

    choices = (*(s.label for s in sides), same)
    picture = _versus([s.label for s in sides], str(e.data.get("measure", "")))
    return e.puzzle("choice", check, solution, picture, choices=choices)


def _versus(labels: Sequence[str], what: str) -> str:
    """Two boxes, one per variant, with a question mark between (the answer is not drawn)."""
    boxes = []
    for i, label in enumerate(labels):
        x = 10 + i * 250
        boxes.append(
            f'<rect x="{x}" y="30" width="200" height="50" rx="8" fill="#f6efe6" '
            f'stroke="#8c2d19"/><text x="{x + 100}" y="60" text-anchor="middle" '
            f'font-size="14">{html.escape(label)}</text>'
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="470" height="90" '
        'font-family="sans-serif">'
        f'<text x="235" y="18" text-anchor="middle" font-size="13">{html.escape(what)}</text>'
        + "".join(boxes)
        + '<text x="235" y="62" text-anchor="middle" font-size="22">?</text></svg>'
    )


#: Every kind, by the name a bank entry gives.
KINDS: dict[str, Callable[[Entry], Puzzle]] = {
    "piece-fact": piece_fact,
    "count": count,
    "classify": classify,
    "may-lead": may_lead,
    "beats": beats,
    "trick-winner": trick_winner,
    "settle": settle,
    "won": won,
    "endgame": endgame,
    "deal-fact": deal_fact,
    "line-fit": line_fit,
    "line-move": line_move,
    "fish": fish,
    "points": points,
    "line-settle": line_settle,
    "line-score": line_score,
    "round-end": round_end,
    "sim-compare": sim_compare,
}
