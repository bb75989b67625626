"""Bagchen's words for reviews and hints (:class:`gupai_learn.engine.game.ReviewWords`)."""

from gupai_learn.engine.game import ReviewWords

#: Review budgets (per solve, whole review): Bagchen's compact search goes through about
#: 300,000 positions a second on the reference machine, so a review may search 700,000 and
#: stay under about 3 s even when the machine is busy.
WORDS = ReviewWords(
    goal="takes the last trick and the deal", rules=("BG-PAY-NORMAL",), budgets=(300_000, 700_000)
)
