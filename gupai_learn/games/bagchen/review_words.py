"""Bagchen's words for reviews and hints (:class:`gupai_learn.review.ReviewWords`)."""

from gupai_learn.review import ReviewWords

#: Review budgets (per solve, whole review): Bagchen's own compact search goes through about
#: 300,000 positions a second on this project's machine, so a review may search up to a
#: million and stay under about 3 s.
WORDS = ReviewWords(
    goal="takes the last trick and the deal", rules=("BG-PAY-NORMAL",), budgets=(400_000, 1_000_000)
)
