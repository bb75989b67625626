"""Bergen's scoring during play: double and triple headers, and the cap near the target
(rules/bergen.md, BE-HEADER-DOUBLE, BE-HEADER-TRIPLE, BE-HEADER-CAP).

After every play the two open ends of the line are compared. An uncovered double at an end
shows its number three times (its two halves and the line's end), which is what makes a
*triple* header. These functions see only the two ends, so lessons and puzzles can ask "what
does this play score?" on any position.
"""

from __future__ import annotations

from dataclasses import dataclass

from gupai_learn.verdict import Reason

DOUBLE, TRIPLE = 2, 3


@dataclass(frozen=True)
class Header:
    """What one play scores for its ends: ``points`` after the cap, ``earned`` before it,
    ``kind`` ("double", "triple" or "none") and the reasons, each naming its rule id."""

    points: int
    earned: int
    kind: str
    reasons: tuple[Reason, ...]

    def __bool__(self) -> bool:
        return self.points > 0


def header(
    ends: tuple[int, int],
    doubles: tuple[bool, bool] = (False, False),
    *,
    lone: bool = False,
    total: int = 0,
    target: int = 15,
) -> Header:
    """The header that the open ``ends`` (left, right) make; ``doubles`` says which end is an
    uncovered double; ``lone`` marks a line of one double (the opening), which counts as a
    double header; ``total`` is the scorer's running score, for the cap near ``target``."""
    left, right = ends
    if lone:
        kind, earned = "double", DOUBLE
        why = f"a lone double [{left}:{left}] counts as a double header: {DOUBLE} points"
        rule = "BE-HEADER-DOUBLE"
    elif left != right:
        none = Reason("BE-HEADER-DOUBLE", f"the ends show {left} and {right}: no header")
        return Header(0, 0, "none", (none,))
    elif any(doubles) and not all(doubles):
        kind, earned, rule = "triple", TRIPLE, "BE-HEADER-TRIPLE"
        why = (
            f"both ends show {left} and one of them is the uncovered double [{left}:{left}]: "
            f"a triple header, {TRIPLE} points"
        )
    else:
        kind, earned, rule = "double", DOUBLE, "BE-HEADER-DOUBLE"
        why = f"both ends show {left}, neither a double: a double header, {DOUBLE} points"
    reasons = [Reason(rule, why)]
    points = capped(earned, total, target)
    if points < earned:
        reasons.append(Reason("BE-HEADER-CAP", cap_text(earned, points, total, target)))
    return Header(points, earned, kind, tuple(reasons))


def cap(total: int, target: int) -> int | None:
    """The most a header may score for a seat at ``total`` points (None: no cap): within 2
    points of the target at most 1, exactly 3 away at most 2 (BE-HEADER-CAP)."""
    away = target - total
    if away <= 2:
        return 1
    if away == 3:
        return 2
    return None


def capped(earned: int, total: int, target: int) -> int:
    """``earned`` header points after the cap near the target."""
    most = cap(total, target)
    return earned if most is None else min(earned, most)


def cap_text(earned: int, points: int, total: int, target: int) -> str:
    """Why a header of ``earned`` points scored only ``points``."""
    away = target - total
    return (
        f"with {total} points, {away} short of {target}, a header scores at most {points}: "
        f"{points} instead of {earned}"
    )
