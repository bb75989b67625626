"""Tests of one game each: ``tests/games/<game>/`` for the package ``gupai_learn/games/<game>``
(the generic suites, over every game of ``GAMES``, stay in ``tests/``)."""
