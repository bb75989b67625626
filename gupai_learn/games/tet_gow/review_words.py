"""Tet-Gow's words for reviews and hints (:class:`gupai_learn.engine.game.ReviewWords`)."""

from gupai_learn.engine.game import ReviewWords

WORDS = ReviewWords(goal="wins the last round and the game", rules=("TT-LAST",))
