"""Bagchen's words for reviews and hints (:class:`gupai_learn.review.ReviewWords`)."""

from gupai_learn.review import ReviewWords

#: Review budgets (per solve, whole review): a Bagchen position costs about ten times a Tien Gow
#: one, so a review searches fewer to stay near 3 s.
WORDS = ReviewWords(
    goal="takes the last trick and the deal", rules=("BG-PAY-NORMAL",), budgets=(20_000, 60_000)
)
