"""Reference cards of the line games (Bull Fight, Bergen) and saving any card as an SVG page.

Every fact on the two cards is checked against the engine's own tables and functions, and a
changed table changes the card (nothing is typed twice); the drawings fit an 840 px column.
"""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

import gupai_learn as gl
from gupai_learn import decks
from gupai_learn.engine.reference import Ladder, Part, Reference, Rung, line_faces
from gupai_learn.games import GAMES, bergen, ding_niu
from gupai_learn.games.bergen import reference as be_reference
from gupai_learn.games.bergen import settle as be_settle
from gupai_learn.games.ding_niu import reference as dn_reference
from gupai_learn.games.ding_niu import settle as dn_settle
from gupai_learn.games.ding_niu.fish import CLASS_NAMES, CLASSIC_KINDS, find_fish
from gupai_learn.render import reference_svg
from gupai_learn.tiles import Tile, tiles

LINE_GAMES = tuple(name for name, info in GAMES.items() if info.family == "line")
WITH_CARDS = sorted(name for name, info in GAMES.items() if info.reference is not None)
COLUMN = 840.0


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(svg: str, name: str) -> list[ET.Element]:
    return [e for e in parse(svg).iter() if name in e.get("class", "").split()]


def ladder(card: Reference, title: str) -> Ladder:
    return card.ladder(title)


# ----- every game has a card, and it draws and saves ----------------------------------


@pytest.mark.parametrize("game", LINE_GAMES)
def test_line_games_have_their_card_in_the_registry(game: str) -> None:
    info = GAMES[game]
    assert info.reference is not None and info.reference.__module__.startswith(info.package)
    card = gl.reference(game)
    assert isinstance(card, Reference) and card.title.startswith(GAMES[game].title)


def test_every_game_has_a_reference_card() -> None:
    assert sorted(GAMES) == WITH_CARDS


@pytest.mark.parametrize("game", LINE_GAMES)
def test_card_fits_an_840_px_column(game: str) -> None:
    svg = gl.reference(game)._repr_svg_()
    root = parse(svg)
    _, _, box_w, box_h = (float(v) for v in root.get("viewBox", "").split())
    assert float(root.get("width", "")) <= COLUMN and box_w <= COLUMN
    assert "max-width:100%" in root.get("style", "")
    for frame in classes(svg, "gupai-frame"):  # panels never stick out (translate only)
        assert float(frame.get("width", "")) <= box_w
    assert box_h < 1000  # one printed page


@pytest.mark.parametrize("game", WITH_CARDS)
def test_save_writes_a_valid_one_page_svg(game: str, tmp_path: Path) -> None:
    card = gl.reference(game)
    path = card.save(tmp_path / f"{game}.svg")
    written = path.read_text(encoding="utf-8")
    assert written.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(written.split("\n", 1)[1])
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("aria-label") == card.title
    assert written.split("\n", 1)[1].strip() == card._repr_svg_()


def test_save_refuses_other_formats_and_writes_nothing(tmp_path: Path) -> None:
    card = gl.reference("bergen")
    for name in ("bergen.pdf", "bergen"):
        with pytest.raises(ValueError, match=r"\.svg") as err:
            card.save(tmp_path / name)
        assert len(str(err.value)) < 200 and "\n" not in str(err.value)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("game", LINE_GAMES)
def test_plain_text_is_the_drawings_description(game: str) -> None:
    card = gl.reference(game)
    desc = parse(card._repr_svg_()).find("{http://www.w3.org/2000/svg}desc")
    assert desc is not None and desc.text == str(card)


@pytest.mark.parametrize("game", LINE_GAMES)
def test_cited_rule_ids_are_the_games(game: str) -> None:
    prefix = GAMES[game].rule_prefix
    cited = set(re.findall(r"\b[A-Z]{2}-[A-Z-]+[A-Z]\b", str(gl.reference(game))))
    assert cited and all(rule.startswith(prefix + "-") for rule in cited)


# ----- Bull Fight: every fact from the engine -----------------------------------------

DN = gl.reference("ding_niu")


def test_bull_fight_doubles_and_their_counts_come_from_the_deck() -> None:
    counts = Counter(decks.ding_niu())
    rungs = ladder(DN, "Doubles").rungs
    shown = {rung.plays[0][0]: len(rung.plays[0]) for rung in rungs}
    assert shown == {t: n for t, n in counts.items() if t.is_double}
    assert all(rung.label == f"× {len(rung.plays[0])}" for rung in rungs)


def test_bull_fight_numbers_on_the_other_tiles_are_counted_from_the_deck() -> None:
    others = [t for t in decks.ding_niu() if not t.is_double]
    for number, rung in zip(
        range(1, 7), ladder(DN, "Each number on the other tiles").rungs, strict=True
    ):
        carrying = sorted((t for t in others if number in (t.high, t.low)), reverse=True)
        assert list(rung.plays[0]) == carrying
        count = len(carrying)
        assert rung.label == (f"{number}: once" if count == 1 else f"{number}: {count} times")
    # the counts the source gives for the deck: 1 six times, 2 once, 3 three times ...
    labels = [r.label for r in ladder(DN, "Each number on the other tiles").rungs]
    assert labels == [
        "1: 6 times",
        "2: once",
        "3: 3 times",
        "4: 2 times",
        "5: 4 times",
        "6: 8 times",
    ]


def test_each_classic_fish_shown_is_the_fish_the_engine_finds() -> None:
    rungs = ladder(DN, "Classic fish").rungs
    assert [r.label for r in rungs] == [CLASS_NAMES[k] for k in CLASSIC_KINDS.values()]
    for rung, (ends, kind) in zip(rungs, CLASSIC_KINDS.items(), strict=True):
        found = find_fish(ends, rung.plays[0], "classic")  # every tile shown on the line
        assert found is not None and found[0] == kind
        assert rung.sublabel == f"ends {ends[0]} and {ends[1]}"
        assert find_fish(ends, rung.plays[0][1:], "classic") is None  # one tile fewer: none


def test_each_smothered_fish_shows_the_tiles_of_its_number() -> None:
    rungs = ladder(DN, "Smothered fish").rungs
    assert [r.label for r in rungs] == [
        CLASS_NAMES["smothered-fours"],
        CLASS_NAMES["smothered-fives"],
    ]
    assert [{n for t in r.plays[0] for n in (t.high, t.low)} & {4, 5} for r in rungs] == [{4}, {5}]


def test_bull_fight_payments_are_the_settlements_numbers() -> None:
    text = str(DN)
    pays = dn_settle.PLACE_PAYMENTS
    assert f"The winner collects {sum(pays)}: 2nd pays {pays[0]}, 3rd pays {pays[1]}" in text
    assert f"collects double, {2 * sum(pays)}" in text
    assert f"pays the winner {dn_settle.FISH_PENALTY} alone" in text
    assert "counter-clockwise" in text and "DN-FISH-PAY" in text


def test_a_changed_table_changes_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dn_settle, "PLACE_PAYMENTS", (2, 3, 4))
    monkeypatch.setattr(dn_settle, "FISH_PENALTY", 18)
    text = str(dn_reference.reference_card())
    assert "The winner collects 9: 2nd pays 2, 3rd pays 3, 4th pays 4" in text
    assert "pays the winner 18 alone" in text


def test_a_settlement_agrees_with_the_card() -> None:
    """The payments the card states are the ones a real hand pays."""
    deal = ding_niu.Deal.random(seed=5)
    bots = [ding_niu.HeuristicPlayer(s) for s in range(4)]
    while not deal.is_over:
        deal.apply(bots[deal.turn].choose(deal))
    assert deal.fish is None  # a hand without a fish pays the places
    expected = [sum(dn_settle.PLACE_PAYMENTS)] + [-n for n in dn_settle.PLACE_PAYMENTS]
    assert sorted(deal.settle().payments) == sorted(expected)


# ----- Bergen: every fact from the engine ---------------------------------------------

BE = gl.reference("bergen")


def test_bergen_set_and_deal_lines_come_from_the_rules() -> None:
    text = str(BE)
    deck = decks.double_six()
    assert f"{len(deck)} tiles, 7 of them doubles" in text
    for players in (2, 3, 4):
        rules = bergen.Rules(players=players)
        left = len(deck) - players * rules.hand_size
        assert (
            f"{players} players: {rules.hand_size} tiles each, {left} in the boneyard; "
            f"the first to {rules.target} points" in text
        )
    assert [r.plays[0][0] for r in ladder(BE, "Doubles").rungs] == [Tile(n, n) for n in range(7)]
    assert f"the last {bergen.Rules().reserved} tiles" in text and " clockwise" in text


def test_each_header_example_scores_what_the_engine_says() -> None:
    rungs = ladder(BE, "After every play, look at the two open ends").rungs
    kinds = []
    for rung in rungs:
        play = rung.plays[0]
        faces = line_faces(play)
        made = bergen.header(
            (faces[0][0], faces[-1][1]),
            (play[0].is_double, play[-1].is_double),
            lone=len(play) == 1,
        )
        assert rung.line and rung.label.endswith(f": {made.earned}")
        kinds.append(made.kind)
    assert kinds == ["double", "double", "triple", "none"]


def test_cap_line_agrees_with_cap() -> None:
    target = bergen.Rules().target
    assert bergen.cap(target - 2, target) == 1 and bergen.cap(target - 3, target) == 2
    assert bergen.cap(target - 4, target) is None
    assert "within 2 points of it at most 1, exactly 3 away at most 2" in str(BE)


def test_end_of_round_lines_use_the_settlements_points() -> None:
    text = str(BE)
    assert f"score {be_settle.DOMINO_POINTS}, never capped" in text
    for rule, points in be_settle.BLOCKED_POINTS.items():
        unit = "point" if points == 1 else "points"
        name = be_settle.BLOCKED_NAMES[rule].capitalize()
        assert f"{name} rule" in text and f"({points} {unit})" in text
    assert "Hoyle" not in text  # the source credits older Hoyles with the simple rule (issue 33)
    assert "Simple rule, played by default" in text and bergen.Rules().blocked_rule == "simple"


def test_blocked_example_names_the_winner_of_each_rule() -> None:
    rungs = ladder(BE, "One blocked round, three hands").rungs
    hands = [tiles(h) for h in be_reference.BLOCKED_EXAMPLE]
    assert [list(r.plays[0]) for r in rungs] == [list(h) for h in hands]
    for rule in be_settle.BLOCKED_POINTS:
        seat, _ = bergen.blocked_winner(hands, rule)
        if seat is not None:
            assert rule.capitalize() in rungs[seat].sublabel
    # the source's example: German and Simple give it to B, American to A
    assert "American" in rungs[0].sublabel and "German" in rungs[1].sublabel


def test_bergen_card_draws_western_tiles() -> None:
    svg = BE._repr_svg_()
    assert classes(svg, "gupai-tile") and "western" in svg


# ----- the structure: lists, lines, parts of sentences --------------------------------


def test_line_faces_touch_number_to_number() -> None:
    for line in ("[5:2] [2:4] [4:5]", "[5:5] [5:2] [2:5]", "[2:5] [5:5]", "[6:1] [1:1] [1:3]"):
        faces = line_faces(tuple(tiles(line)))
        assert all(a[1] == b[0] for a, b in zip(faces, faces[1:], strict=False))
    assert str(Rung(((Tile(5, 2), Tile(4, 2)),), "x", line=True)).startswith("[5:2][2:4]")


def test_a_list_of_facts_has_no_stronger_than_signs() -> None:
    a, b = Tile(6, 6), Tile(5, 5)
    ordered = Reference("t", (Part("p", (Ladder("l", (Rung(((a,),)), Rung(((b,),)))),)),))
    facts = Reference(
        "t", (Part("p", (Ladder("l", (Rung(((a,),)), Rung(((b,),))), ordered=False),)),)
    )
    assert len(classes(reference_svg(ordered), "gupai-sep")) == 1
    assert not classes(reference_svg(facts), "gupai-sep")
    assert "  1. [6:6]" in str(ordered) and "  - [6:6]" in str(facts)
    assert not classes(DN._repr_svg_(), "gupai-sep")


def test_a_part_of_sentences_only_is_drawn_and_an_empty_part_is_refused() -> None:
    card = Reference("t", (Part("Words", (), "a note", ("First fact.", "Second fact.")),))
    svg = reference_svg(card)
    assert [e.text for e in classes(svg, "gupai-fact")] == ["First fact.", "Second fact."]
    assert "First fact." in str(card)
    with pytest.raises(ValueError, match="needs a ladder or a line"):
        Part("Empty", ())


@pytest.mark.parametrize("module", [dn_reference, be_reference])
def test_module_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]
