"""Bull Fight's places (DN-SCORE-PLACES): who comes first, second, third and fourth, from the
points of a finished hand; both the deal (``deal.places``) and the settlement read them."""

from __future__ import annotations

from collections.abc import Sequence


def places(points: Sequence[int], order: Sequence[int], tie_break: str = "seed") -> tuple[int, ...]:
    """Seats from first to last place (DN-SCORE-PLACES).

    ``order`` is the hand's playing order (the leader first). First place: fewest points, a tie
    to the earlier seat. Other places: fewest points, a tie to the later seat under
    ``tie_break="seed"``, to the earlier one under ``"lower-hand-always"``.

    >>> places([10, 5, 5, 10], [0, 1, 2, 3])  # the seed's example: Boris, Valentina, George, Adam
    (1, 2, 3, 0)
    >>> places([10, 15, 15, 10], [0, 1, 2, 3])
    (0, 3, 2, 1)
    """
    key = points.__getitem__
    first = min(order, key=key)  # the earliest of the fewest
    rest = list(order)
    rest.remove(first)
    if tie_break == "seed":
        rest.reverse()  # the sort keeps this order among ties: the later seat first
    rest.sort(key=key)
    return (first, *rest)
