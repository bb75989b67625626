"""Bagchen's words for reviews and hints (:class:`gupai_learn.engine.game.ReviewWords`)."""

from gupai_learn.engine.game import ReviewWords

#: Review budgets (per solve, whole review): Bagchen's compact search goes through about
#: 300,000 positions a second on the reference machine, so a review may search 700,000 and
#: stay under about 3 s even when the machine is busy. On the bench's ten deals (seat 0 after
#: heuristic play) it decides 60 of the 84 decisions (71 %). Larger budgets buy little: 5 times
#: these decide 63; 10 and 20 times decide 64, with a median of 19 s and 34 s of processor
#: time. Of the 20 decisions still undecided then, 8 are the deal's first turn and 11 more have
#: 11 to 15 tiles in the seat's hand; one has 10 (issue 36).
WORDS = ReviewWords(
    goal="takes the last trick and the deal", rules=("BG-PAY-NORMAL",), budgets=(300_000, 700_000)
)
