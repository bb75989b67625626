"""Bergen's reference card: the set and the deal, headers and the cap, the end of a round.

Every number is read from the engine: the set from :func:`gupai_learn.decks.double_six`, hand
sizes, targets and reserved tiles from :class:`.Rules`, what each header scores from
:func:`.headers.header` on the examples drawn, the cap from :func:`.headers.cap`, dominoing and
the blocked-round points from :mod:`.settle`, and the winners of the blocked example from
:func:`.settle.blocked_winner`. Rule ids: BE-SET, BE-DEAL, BE-RESERVE, BE-OPEN, BE-PLAY,
BE-DRAW, BE-HEADER-DOUBLE, BE-HEADER-TRIPLE, BE-HEADER-CAP, BE-END-DOMINO, BE-END-BLOCKED,
BE-GAME.

    >>> card = reference_card()
    >>> [part.title for part in card.parts]
    ['The set and the deal', 'Headers', 'The end of a round']
"""

from __future__ import annotations

from collections import Counter

from gupai_learn import decks
from gupai_learn.engine.reference import Ladder, Part, Reference, Rung, line_faces
from gupai_learn.games.bergen.headers import cap, header
from gupai_learn.games.bergen.rules import Rules
from gupai_learn.games.bergen.settle import (
    BLOCKED_NAMES,
    BLOCKED_POINTS,
    DOMINO_POINTS,
    blocked_winner,
)
from gupai_learn.tiles import tiles

TITLE = "Bergen · reference card"
#: Which way the turn passes round the table (BE-DEAL).
DIRECTION = "clockwise"
#: Widest drawing: a notebook column with room to spare.
WIDTH = 840.0
#: Short lines whose ends make each kind of header (the points come from ``header``).
HEADER_EXAMPLES = (
    ("a lone opening double", "[3:3]"),
    ("both ends alike", "[5:2] [2:4] [4:5]"),
    ("one end an uncovered double", "[5:5] [5:2] [2:5]"),
    ("the ends differ", "[5:2] [2:4]"),
)
#: The blocked round of the source: three hands, and a rule that gives it to each of them.
BLOCKED_EXAMPLE = ("[0:0] [2:1]", "[1:1]", "[2:2]")
#: Each blocked-round rule in a learner's words (BE-END-BLOCKED); the points come from settle.
BLOCKED_RULES = {
    "simple": "the lowest pip total in hand; a tie for lowest scores nothing",
    "american": (
        "the only hand without a double; if no hand has one, the lowest pips; else the fewest "
        "tiles; then the lowest double"
    ),
    "german": "a hand without doubles; else the fewest doubles; else the fewest pips",
    "hoyle": (
        "the lowest pips among hands without a double; if all have one, pips not counting "
        "the doubles"
    ),
}


def reference_card() -> Reference:
    """The card: the set, the deal and the target; headers and the cap; dominoing and the
    four rules for a blocked round."""
    return Reference(TITLE, (_set_part(), _header_part(), _end_part()), _notes(), WIDTH, "western")


def _notes() -> tuple[str, ...]:
    rules = Rules()
    opening = f"The holder of the {rules.opening} double opens with it"
    return (
        f"{opening}; if nobody holds a double, the tiles are dealt again (BE-OPEN). The turn "
        f"passes {DIRECTION}. Add a tile at either end, number to number; doubles lie across "
        "(BE-PLAY).",
        "If you can play you must; if you cannot, draw one tile at a time until you can, or "
        f"until only the last {rules.reserved} tiles of the boneyard are left (they are never "
        "drawn), then pass (BE-DRAW, BE-RESERVE).",
    )


def _set_part() -> Part:
    deck = decks.double_six()
    doubles = tuple(t for t in sorted(deck) if t.is_double)
    on = Counter(n for t in deck for n in {t.high, t.low})
    per_number = set(on.values())
    rungs = tuple(Rung(((t,),), str(t.high)) for t in doubles)
    lines = [f"Each number 0 to 6 is on {min(per_number)} tiles (BE-SET)."]
    for players in (2, 3, 4):
        r = Rules(players=players)
        left = len(deck) - players * r.hand_size
        lines.append(
            f"{players} players: {r.hand_size} tiles each, {left} in the boneyard; the first "
            f"to {r.target} points wins the game (BE-DEAL, BE-GAME)."
        )
    note = f"{len(deck)} tiles, {len(doubles)} of them doubles, blanks included"
    ladder = Ladder("Doubles", rungs, "the lowest one held opens", ("BE-OPEN",), ordered=False)
    return Part("The set and the deal", (ladder,), note, tuple(lines))


def _header_part() -> Part:
    rungs = tuple(_header_rung(words, line) for words, line in HEADER_EXAMPLES)
    target = Rules().target
    return Part(
        "Headers",
        (
            Ladder(
                "After every play, look at the two open ends",
                rungs,
                rules=("BE-HEADER-DOUBLE", "BE-HEADER-TRIPLE"),
                ordered=False,
            ),
        ),
        "scored at once by the player who made them",
        (_cap_line(target),),
    )


def _header_rung(words: str, line: str) -> Rung:
    pieces = tiles(line)
    faces = line_faces(tuple(pieces))
    ends = (faces[0][0], faces[-1][1])
    across = (pieces[0].is_double, pieces[-1].is_double)
    made = header(ends, across, lone=len(pieces) == 1)
    kind = {"double": "double header", "triple": "triple header", "none": "no header"}[made.kind]
    return Rung((tuple(pieces),), f"{kind}: {made.earned}", words, line=True)


def _cap_line(target: int) -> str:
    """BE-HEADER-CAP in words, read from ``cap`` for the distances where it bites."""
    capped = {away: cap(target - away, target) for away in range(1, 6)}
    near = max(away for away, most in capped.items() if most == 1)
    three = [away for away, most in capped.items() if most == 2]
    return (
        f"Near the target a header scores less: within {near} points of it at most 1, exactly "
        f"{three[0]} away at most 2 (BE-HEADER-CAP)."
    )


def _end_part() -> Part:
    default = Rules().blocked_rule
    lines = [
        f"Domino: play your last tile to score {DOMINO_POINTS}, never capped; the round ends "
        "(BE-END-DOMINO).",
        "Blocked: nobody can play and only the reserved tiles are left. Who scores depends on "
        "the rule played (BE-END-BLOCKED):",
    ]
    for rule, words in BLOCKED_RULES.items():
        chosen = ", played by default" if rule == default else ""
        points = BLOCKED_POINTS[rule]
        unit = "point" if points == 1 else "points"
        name = BLOCKED_NAMES[rule].capitalize()
        lines.append(f"{name} rule{chosen} ({points} {unit}): {words}.")
    return Part("The end of a round", (_blocked_ladder(),), lines=tuple(lines))


def _blocked_ladder() -> Ladder:
    hands = [tiles(h) for h in BLOCKED_EXAMPLE]
    won = {rule: blocked_winner(hands, rule)[0] for rule in BLOCKED_RULES}
    rungs = []
    for seat, hand in enumerate(hands):
        rules = [BLOCKED_NAMES[rule].capitalize() for rule, winner in won.items() if winner == seat]
        says = f"wins: {', '.join(rules)}" if rules else "wins under none"
        rungs.append(Rung((tuple(hand),), f"Hand {'ABCD'[seat]}", says))
    nobody = [BLOCKED_NAMES[rule].capitalize() for rule, winner in won.items() if winner is None]
    note = f"nobody scores: {', '.join(nobody)}" if nobody else ""
    return Ladder("One blocked round, three hands", tuple(rungs), note, ordered=False)
