"""Bull Fight's reference card: the deck, the fish, places and payments, on one page.

Every fact is read from the engine: the deck from :func:`gupai_learn.decks.ding_niu`, the
numbers on the non-doubles and the kinds of fish from :mod:`.fish`, what each place and a fish
pay from :mod:`.settle`. Rule ids: DN-SET, DN-DEAL, DN-PLAY-ENDS, DN-PLAY-MUST, DN-DISCARD,
DN-FISH-CLASSIC, DN-FISH-SMOTHERED, DN-FISH-BLOCKER, DN-FISH-PAY, DN-SCORE-POINTS,
DN-SCORE-PLACES, DN-SCORE-PAY.

    >>> card = reference_card()
    >>> [part.title for part in card.parts]
    ['The 24 tiles', 'The fish 算賬', 'Places and payments']
"""

from __future__ import annotations

from collections import Counter

from gupai_learn import decks
from gupai_learn.engine.reference import Ladder, Part, Reference, Rung
from gupai_learn.games.ding_niu import settle
from gupai_learn.games.ding_niu.fish import CLASS_NAMES, CLASSIC_KINDS, NON_DOUBLES
from gupai_learn.tiles import Tile

TITLE = "Bull Fight 頂牛 · reference card"
#: Seats in the order they play (DN-DEAL): the same four as every Bull Fight table.
PLAYERS = 4
#: Which way the turn passes round the table (DN-DEAL).
DIRECTION = "counter-clockwise"
#: The number each smothered kind is named after (DN-FISH-SMOTHERED).
SMOTHERED = {"smothered-fours": 4, "smothered-fives": 5}
_PLACES = ("2nd", "3rd", "4th")
#: Widest drawing: a notebook column with room to spare.
WIDTH = 840.0


def reference_card() -> Reference:
    """The card: the deck's numbers and counts, the kinds of fish, places and payments."""
    deck = decks.ding_niu()
    return Reference(
        TITLE, (_deck_part(deck), _fish_part(), _pay_part()), _notes(deck), WIDTH, "chinese"
    )


def _notes(deck: tuple[Tile, ...]) -> tuple[str, ...]:
    each = len(deck) // PLAYERS
    return (
        f"{PLAYERS} players, {each} tiles each, no stock. The first leader is drawn at random, "
        f"later the winner of the last hand leads; the turn passes {DIRECTION} (DN-DEAL).",
        "Add one tile at either open end, number to number; doubles lie in line (DN-PLAY-ENDS). "
        "If a tile fits you must add one (DN-PLAY-MUST); if none fits, one tile of your "
        "choice goes face down (DN-DISCARD).",
    )


def _deck_part(deck: tuple[Tile, ...]) -> Part:
    counts = Counter(deck)
    doubles = sorted((t for t in counts if t.is_double), reverse=True)
    double_rungs = tuple(Rung(((t,) * counts[t],), f"× {counts[t]}") for t in doubles)
    numbers = tuple(Rung((_carrying(n),), _times(n, len(_carrying(n)))) for n in range(1, 7))
    n_doubles = sum(counts[t] for t in doubles)
    note = f"{n_doubles} doubles and {len(deck) - n_doubles} other tiles"
    return Part(
        f"The {len(deck)} tiles",
        (
            Ladder("Doubles", double_rungs, "never change an end", ("DN-SET",), ordered=False),
            Ladder(
                "Each number on the other tiles",
                numbers,
                "every copy shown",
                ("DN-SET",),
                ordered=False,
            ),
        ),
        note,
    )


def _carrying(*numbers: int) -> tuple[Tile, ...]:
    """Every non-double of the deck (each copy) that carries one of ``numbers``."""
    found = sorted((t for t in NON_DOUBLES if t.high in numbers or t.low in numbers), reverse=True)
    return tuple(t for t in found for _ in range(NON_DOUBLES[t]))


def _fish_part() -> Part:
    classic = tuple(
        Rung((_carrying(*ends),), CLASS_NAMES[kind], f"ends {ends[0]} and {ends[1]}")
        for ends, kind in CLASSIC_KINDS.items()
    )
    smothered = tuple(
        Rung((_carrying(n),), CLASS_NAMES[kind], f"a dead {n} off the line")
        for kind, n in SMOTHERED.items()
    )
    return Part(
        "The fish 算賬",
        (
            Ladder(
                "Classic fish",
                classic,
                "all these tiles are on the line",
                ("DN-FISH-CLASSIC",),
                ordered=False,
            ),
            Ladder(
                "Smothered fish",
                smothered,
                "one of them, off the line, no end can reach",
                ("DN-FISH-SMOTHERED",),
                ordered=False,
            ),
        ),
        "checked after every tile that is not a double",
        (
            "The blocker is the player whose tile made the fish. Afterwards only doubles "
            "matching an open end may go down; a player without one passes; then the hand is "
            "settled (DN-FISH-BLOCKER).",
        ),
    )


def _pay_part() -> Part:
    pays = settle.PLACE_PAYMENTS
    each = ", ".join(f"{place} pays {n}" for place, n in zip(_PLACES, pays, strict=True))
    total = sum(pays)
    return Part(
        "Places and payments",
        (),
        "fewest points is best",
        (
            "Points: the pips you put face down plus the pips still in your hand at the end "
            "(DN-SCORE-POINTS).",
            "A tie for first place goes to the earlier player in the hand; ties for the other "
            "places go to the later player (DN-SCORE-PLACES).",
            f"The winner collects {total}: {each} (DN-SCORE-PAY).",
            f"After a fish: a blocker who wins collects double, {2 * total}; a blocker who does "
            f"not win pays the winner {settle.FISH_PENALTY} alone, nobody else pays "
            "(DN-FISH-PAY).",
        ),
    )


def _times(number: int, count: int) -> str:
    return f"{number}: once" if count == 1 else f"{number}: {count} times"
