"""The statistics cards' stored measurements (gupai_learn/puzzles/banks/measured.json): there is
one for every card, it is what the card's seeded simulations measure (recomputed here, outside
the lessons), and checking a card plays no deal. After changing a card's entry, measure again:
``python -m gupai_learn.puzzles.measured``."""

from __future__ import annotations

from typing import Any

import pytest

from gupai_learn import puzzles, variants
from gupai_learn.puzzles import measured

CARDS = list(measured.cards())
AGAIN = "measure again: python -m gupai_learn.puzzles.measured"


def test_every_statistics_card_has_its_measurement_stored() -> None:
    assert len(CARDS) >= 12
    for card, data, game in CARDS:
        entry = measured.stored().get(card)
        assert entry is not None, f"{card}: nothing stored; {AGAIN}"
        assert entry["inputs"] == measured.fingerprint(data, game), f"{card} changed; {AGAIN}"
        assert len(entry["estimates"]) == len(data["variants"])
    assert set(measured.stored()) == {card for card, _, _ in CARDS}, f"cards gone; {AGAIN}"


@pytest.mark.parametrize("card", CARDS, ids=[c[0] for c in CARDS])
def test_the_stored_measurement_is_what_the_simulation_measures(card: Any) -> None:
    """Seeded: playing the card's deals again gives the very numbers stored."""
    name, data, game = card
    again = measured.as_stored(measured.measure(data, game), data, game)
    assert again == measured.stored()[name]


def test_checking_a_statistics_card_plays_no_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_deals(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a card played deals on Check")

    monkeypatch.setattr(variants, "run", no_deals)
    for card in puzzles.bank("variants"):
        wrong = next(c for c in card.choices if c != card.solution.answer)
        assert card.check(card.solution.answer).correct
        assert not card.check(wrong).correct
        assert "Measured on" in card.solution.reasons[0].text


def test_a_card_whose_entry_changed_is_measured_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored measurement is used only for the inputs it was made from."""
    card, data, game = CARDS[0]
    changed = {**data, "deals": data["deals"] + 1}
    assert measured.lookup(card, data, game) is not None
    assert measured.lookup(card, changed, game) is None
    assert measured.lookup("no-such-card", data, game) is None
    assert measured.fingerprint(changed, game) != measured.fingerprint(data, game)
    # a new word in the prompt or a hint does not change what is measured
    assert measured.fingerprint({**data, "prompt": "other words"}, game) == (
        measured.fingerprint(data, game)
    )
