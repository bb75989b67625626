"""Bagchen's words for reviews and hints (:class:`gupai_learn.review.ReviewWords`)."""

from gupai_learn.review import ReviewWords

WORDS = ReviewWords(goal="takes the last trick and the deal", rules=("BG-PAY-NORMAL",))
