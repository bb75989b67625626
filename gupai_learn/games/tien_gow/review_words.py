"""Tien Gow's words for reviews and hints (:class:`gupai_learn.engine.game.ReviewWords`)."""

from gupai_learn.engine.game import ReviewWords

#: Review budgets (per solve, whole review): Tien Gow works out its last three tricks on plain
#: tuples, a few microseconds a position, so a review may search three times as many.
WORDS = ReviewWords(
    goal="takes the last trick and the hand",
    rules=("TG-DEAL", "TG-TRICK-WINNER"),
    budgets=(60_000, 300_000),
)
