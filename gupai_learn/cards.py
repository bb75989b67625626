"""Decktet cards: the value type, its notation, ranks and suits (rules/tet_gow.md, TT-DECK).

The Decktet has six suits, Moons, Suns, Waves, Leaves, Wyrms and Knots (in that order, high to
low, for Tet-Gow). The 36 cards used here are the six Aces (one suit each), 18 numbered cards
2-9 (two suits each, each with a name such as "the Journey") and the six Crowns (one suit each,
named: the Huntress, the Bard, ...). The Pawns, the Courts and the Excuse are not in this deck.

Cards are immutable and interned: ``Card("Journey") is Card("3 Journey")``, so equality and
hashing are identity and cheap. Notation, case-insensitive, with or without "the":

- Aces: ``Ace of Moons``;
- numbered cards: ``3 Journey``, ``Journey`` or ``the Journey``;
- Crowns: ``Huntress`` or ``the Huntress``.

``str`` writes the canonical form (``Ace of Moons``, ``3 Journey``, ``Huntress``) and reads back
to the same card. :func:`cards` reads several separated by commas, ``+`` or semicolons.

    >>> Card("the journey"), Card("Journey").suits
    (Card('3 Journey'), ('Moons', 'Waves'))
    >>> cards("Ace of Moons, Huntress + 3 Journey")
    cards('Ace of Moons, Huntress, 3 Journey')
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any, ClassVar, Literal

from gupai_learn.verdict import InvalidNotationError, describe_input, shorten, type_phrase

Rank = int | Literal["Ace", "Crown"]

#: The six suits, high to low (TT-DECK).
SUITS: tuple[str, ...] = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")

#: Numbered cards by rank: (name, suits high first), as in the ruling's table (TT-DECK).
NUMBERED: dict[int, tuple[tuple[str, tuple[str, str]], ...]] = {
    2: (
        ("Author", ("Moons", "Knots")),
        ("Desert", ("Suns", "Wyrms")),
        ("Origin", ("Waves", "Leaves")),
    ),
    3: (
        ("Journey", ("Moons", "Waves")),
        ("Painter", ("Suns", "Knots")),
        ("Savage", ("Leaves", "Wyrms")),
    ),
    4: (
        ("Mountain", ("Moons", "Suns")),
        ("Sailor", ("Waves", "Leaves")),
        ("Battle", ("Wyrms", "Knots")),
    ),
    5: (
        ("Forest", ("Moons", "Leaves")),
        ("Discovery", ("Suns", "Waves")),
        ("Soldier", ("Wyrms", "Knots")),
    ),
    6: (
        ("Lunatic", ("Moons", "Waves")),
        ("Penitent", ("Suns", "Wyrms")),
        ("Market", ("Leaves", "Knots")),
    ),
    7: (
        ("Chance Meeting", ("Moons", "Leaves")),
        ("Castle", ("Suns", "Knots")),
        ("Cave", ("Waves", "Wyrms")),
    ),
    8: (
        ("Diplomat", ("Moons", "Suns")),
        ("Mill", ("Waves", "Leaves")),
        ("Betrayal", ("Wyrms", "Knots")),
    ),
    9: (
        ("Pact", ("Moons", "Suns")),
        ("Darkness", ("Waves", "Wyrms")),
        ("Merchant", ("Leaves", "Knots")),
    ),
}

#: The Crowns, one per suit, in suit order.
CROWNS: tuple[str, ...] = ("Huntress", "Bard", "Sea", "End", "Calamity", "Windfall")

#: Decktet cards that exist but are left out of this deck (TT-DECK): Pawns, Courts, the Excuse.
LEFT_OUT: dict[str, str] = {
    **{name: "a Pawn" for name in ("Borderland", "Harvest", "Light", "Watchman")},
    **{name: "a Court" for name in ("Consul", "Island", "Rite", "Window")},
    "Excuse": "the joker of the full deck",
}

MAX_TEXT = 10_000
MAX_CARDS = 1_000
_ALLOWED = "name a card like 'Ace of Moons', '3 Journey', 'Journey' or 'Huntress'"
_ALLOWED_MANY = "give text such as 'Ace of Moons, Huntress' or a list of cards"
_SPLIT = re.compile(r"[,+;\n]")
_SPACES = re.compile(r"\s+")


class Card:
    """One Decktet card of the 36-card deck (TT-DECK).

    ``Card("Ace of Moons")``, ``Card("3 Journey")``, ``Card("the huntress")`` all read notation
    and return the one interned card. ``name`` (``"Ace of Moons"``, ``"Journey"``,
    ``"Huntress"``), ``rank`` (``"Ace"``, 2-9 or ``"Crown"``), ``suits`` (high suit first),
    ``index`` (0-35, the deck order: Aces, then 2 to 9, then Crowns).
    """

    __slots__ = ("_text", "index", "name", "rank", "suits")
    _by_key: ClassVar[dict[str, Card]] = {}
    _all: ClassVar[list[Card]] = []

    _text: str
    index: int
    name: str
    rank: Rank
    suits: tuple[str, ...]

    def __new__(cls, text: str | Card) -> Card:
        if type(text) is Card:
            return text
        if isinstance(text, str):
            found = cls._by_key.get(text)
            if found is not None:
                return found
        return _parse_card(text)

    @classmethod
    def _make(cls, name: str, rank: Rank, suits: tuple[str, ...]) -> Card:
        card = object.__new__(cls)
        card._text = f"{rank} {name}" if type(rank) is int else name
        card.index = len(cls._all)
        card.name = name
        card.rank = rank
        card.suits = suits
        cls._all.append(card)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card (see the module docstring); :class:`InvalidNotationError` otherwise,
        suggesting the closest card name."""
        return cls(text)

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "suits"):
            raise AttributeError("a Card is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card, (str(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    # ----- facts ---------------------------------------------------------------------------
    @property
    def is_ace(self) -> bool:
        """True for the six Aces."""
        return self.rank == "Ace"

    @property
    def is_crown(self) -> bool:
        """True for the six Crowns."""
        return self.rank == "Crown"

    @property
    def title(self) -> str:
        """The name as said in a sentence: "the Journey", "the Huntress", "Ace of Moons"."""
        return self.name if self.is_ace else f"the {self.name}"

    def sort_key(self) -> int:
        """Deck order: Aces (Moons to Knots), then the numbered cards 2 to 9, then Crowns."""
        return self.index

    def __lt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def _repr_svg_(self) -> str:
        from gupai_learn.render.cards import card_svg

        return card_svg(self)


def _build() -> None:
    for suit in SUITS:
        Card._make(f"Ace of {suit}", "Ace", (suit,))
    for rank, named in NUMBERED.items():
        for name, suits in named:
            Card._make(name, rank, suits)
    for name, suit in zip(CROWNS, SUITS, strict=True):
        Card._make(name, "Crown", (suit,))
    for card in Card._all:
        for key in _spellings(card):
            Card._by_key[key] = card


def _spellings(card: Card) -> list[str]:
    """Every accepted spelling of a card, normalised (lower case, single spaces)."""
    base = card.name.lower()
    if card.is_ace:
        suit = card.suits[0].lower()
        keys = [base, f"ace {suit}", f"the ace of {suit}", f"a of {suit}"]
    else:
        keys = [base, f"the {base}"]
        if type(card.rank) is int:
            keys += [f"{card.rank} {base}", f"{card.rank} the {base}"]
    return [*keys, str(card)]


_build()

#: Every card of the deck, in deck order.
ALL_CARDS: tuple[Card, ...] = tuple(Card._all)


def _normal(text: str) -> str:
    return _SPACES.sub(" ", text.strip().lower())


def _parse_card(text: object) -> Card:
    if not isinstance(text, str):
        raise InvalidNotationError(text, f"a card is written as text, not {type_phrase(text)}")
    if len(text) > MAX_TEXT:
        raise InvalidNotationError(text, f"it is far too long to be a card; {_ALLOWED}")
    key = _normal(text)
    found = Card._by_key.get(key)
    if found is not None:
        return found
    raise InvalidNotationError(text, _why_not_a_card(key))


def _why_not_a_card(key: str) -> str:
    if not key:
        return f"it is empty; {_ALLOWED}"
    bare = key.removeprefix("the ")
    number = re.match(r"^(\d+) (?:the )?(.+)$", key)
    if number:
        card = Card._by_key.get(number.group(2))
        if card is not None and not card.is_ace:
            what = f"a {card.rank}" if type(card.rank) is int else "a Crown, with no number"
            return f"{card.title} is {what}: write '{card}' (TT-DECK)"
        bare = number.group(2)
    for name, what in LEFT_OUT.items():
        if bare == name.lower():
            return (
                f"the {name} ({what}) is not in Tet-Gow's deck, which leaves out the Pawns, "
                "the Courts and the Excuse (TT-DECK)"
            )
    names = [str(c) for c in ALL_CARDS] + [c.name for c in ALL_CARDS if not c.is_ace]
    lowered = {n.lower(): n for n in names}
    close = difflib.get_close_matches(key, list(lowered), n=1, cutoff=0.5)
    if not close:
        close = difflib.get_close_matches(bare, list(lowered), n=1, cutoff=0.5)
    hint = f"did you mean '{lowered[close[0]]}'? " if close else ""
    return f"it is not a card of the 36-card Decktet deck; {hint}{_ALLOWED}"


class Cards(tuple[Card, ...]):
    """A tuple of cards that prints as notation and draws itself in a notebook.

    >>> cards("Huntress, Ace of Moons")
    cards('Huntress, Ace of Moons')
    """

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"cards({str(self)!r})"

    def _repr_svg_(self) -> str:
        from gupai_learn.render import row_svg

        return row_svg(self)  # type: ignore[arg-type]  # views draw any piece


def cards(text: str | Card | Iterable[Card | str]) -> Cards:
    """Read several cards: ``cards("Ace of Moons, Huntress + 3 Journey")``.

    Names are separated by commas, ``+``, semicolons or new lines; an iterable of cards or
    names is accepted too (not a dict, nor bytes). Raises nothing but
    :class:`InvalidNotationError`, quoting at most 80 characters of the input and suggesting the
    closest card name.
    """
    if type(text) is Cards:
        return text
    if type(text) is Card:
        return Cards((text,))
    if isinstance(text, str):
        return _cards_from_text(text)
    if (
        (type(text) is tuple or type(text) is list)
        and len(text) <= MAX_CARDS
        and all(type(c) is Card for c in text)
    ):
        return Cards(text)
    return _cards_from_items(text)


def _cards_from_text(text: str) -> Cards:
    if len(text) > MAX_TEXT:
        raise InvalidNotationError(text, f"it is {len(text):,} characters long: far too long")
    parts = [p for p in _SPLIT.split(text) if p.strip()]
    if len(parts) > MAX_CARDS:
        raise InvalidNotationError(text, f"it names more than {MAX_CARDS:,} cards")
    found = []
    for part in parts:
        card = Card._by_key.get(_normal(part))
        if card is None:
            try:
                card = _parse_card(part)
            except InvalidNotationError as error:
                bad = describe_input(part.strip(), 30)
                raise InvalidNotationError(text, f"{bad}: {error.why}") from None
        found.append(card)
    return Cards(found)


def _cards_from_items(value: Any) -> Cards:
    if isinstance(value, (bytes, bytearray, memoryview, Mapping)):
        what = "a mapping" if isinstance(value, Mapping) else "bytes"
        raise InvalidNotationError(value, f"{what} is not cards; {_ALLOWED_MANY}")
    try:
        items = list(islice(value, MAX_CARDS + 1))
    except Exception as error:
        why = (
            f"{type_phrase(value)} is neither card notation nor cards"
            if isinstance(error, TypeError)
            else f"reading it failed ({shorten(type(error).__name__, 40)})"
        )
        raise InvalidNotationError(value, f"{why}; {_ALLOWED_MANY}") from None
    if len(items) > MAX_CARDS:
        raise InvalidNotationError(value, f"it holds more than {MAX_CARDS:,} cards")
    return Cards([item if type(item) is Card else _parse_card(item) for item in items])


def as_cards(value: Any) -> Cards:
    """Cards from a card, notation, or an iterable (see :func:`cards`)."""
    return cards(value)
