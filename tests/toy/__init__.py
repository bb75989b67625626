"""Toy Highs: a sixth game that lives in the tests, to prove that a new game needs its own
package and nothing else (issue 35). A fixture registers it (``tests/conftest.py``) for the
generic suites, which run it beside the course's games without any file outside this package
knowing it."""

from tests.toy.game import GAME, Deal, Rules

__all__ = ["GAME", "Deal", "Rules"]
