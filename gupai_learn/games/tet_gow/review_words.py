"""Tet-Gow's words for reviews and hints (:class:`gupai_learn.review.ReviewWords`)."""

from gupai_learn.review import ReviewWords

WORDS = ReviewWords(goal="wins the last round and the game", rules=("TT-LAST",))
