"""The course's own rule book and glossary (``gupai_learn/rules/``): ``gl.rule``, ``gl.rules``,
``gl.glossary``, the one drawing of a rule id, and (only when the rulings are checked out beside
the repository) the same ids as ``../shared/rules/``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import gupai_learn as gl
from gupai_learn import rulebook
from gupai_learn.engine.settlement import Payment, Settlement
from gupai_learn.games import GAMES as REGISTERED
from gupai_learn.puzzles.model import Feedback
from gupai_learn.render import settlement_html, verdict_html
from gupai_learn.verdict import Reason, Verdict

ROOT = Path(__file__).resolve().parent.parent
SHARED_RULES = ROOT.parent / "shared" / "rules"
#: The course's games: each has its rule book (the toy of tests/toy brings none).
GAMES = tuple(REGISTERED)


def ruling_ids(game: str) -> set[str]:
    """The ids a ruling in ``../shared/rules/`` names (groups such as ``TG-PAY-*`` left out)."""
    text = (SHARED_RULES / f"{game}.md").read_text(encoding="utf-8")
    return set(rulebook.rule_id_pattern().findall(text))


# --- the book against the rulings (only when they are there) ------------------------------------


@pytest.mark.skipif(
    not SHARED_RULES.is_dir(),
    reason="no ../shared/rules/ beside the repository (a plain clone): nothing to compare",
)
@pytest.mark.parametrize("game", GAMES)
def test_the_book_has_exactly_the_rulings_ids(game: str) -> None:
    book = {r.id for r in gl.rules(game)}
    ruling = ruling_ids(game)
    assert not ruling - book, f"the rule book lacks {sorted(ruling - book)}"
    assert not book - ruling, f"the rule book invents {sorted(book - ruling)}"


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="no ../shared/rules/ beside the repository")
def test_every_ruling_id_resolves_through_gl_rule() -> None:
    for game in GAMES:
        for rule_id in sorted(ruling_ids(game)):
            assert gl.rule(rule_id).game == game


def _prose_words(text: str) -> list[str]:
    """The words of ``text``, lower case; rule ids, tiles and numbers left out (facts, not
    wording)."""
    bare = re.sub(r"\[\d:\d\]|\d+", " ", rulebook.rule_id_pattern().sub(" ", text)).lower()
    return re.findall(r"[a-z]+", bare)


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="no ../shared/rules/ beside the repository")
@pytest.mark.parametrize("game", [*GAMES, "glossary"])
def test_the_book_is_written_in_its_own_words(game: str) -> None:
    """No run of eight words (tiles and numbers aside) is copied from a ruling."""
    n = 8
    theirs = [_prose_words(p.read_text(encoding="utf-8")) for p in SHARED_RULES.glob("*.md")]
    runs = {tuple(words[i : i + n]) for words in theirs for i in range(len(words) - n + 1)}
    ours = _prose_words((ROOT / "gupai_learn" / "rules" / f"{game}.md").read_text("utf-8"))
    ids = {tuple(ours[i : i + n]) for i in range(len(ours) - n + 1)}
    copied = sorted(" ".join(run) for run in ids & runs)
    assert not copied, f"copied from a ruling: {copied[:3]}"


# --- gl.rule and gl.rules -----------------------------------------------------------------------


def test_a_rule_has_its_id_game_title_and_text() -> None:
    found = gl.rule("TG-BEAT-TIE")
    assert (found.id, found.game) == ("TG-BEAT-TIE", "tien_gow")
    assert found.title and found.text and "TG-BEAT-TIE" not in found.text
    assert str(found).startswith("TG-BEAT-TIE: ") and "<" not in str(found)
    assert repr(found) == f"<Rule 'TG-BEAT-TIE': {found.title}>"


def test_lower_case_and_spaces_are_accepted() -> None:
    assert gl.rule("  dn-fish-pay ") is gl.rule("DN-FISH-PAY")


def test_a_rule_draws_itself() -> None:
    found = gl.rule("BE-HEADER-TRIPLE")
    assert found._repr_markdown_().startswith("**BE-HEADER-TRIPLE**")
    drawn = found._repr_html_()
    assert (
        "gupai-rule-card" in drawn and "BE-HEADER-TRIPLE" in drawn and "<code>[4:4]</code>" in drawn
    )


def test_an_unknown_id_names_the_closest_ids() -> None:
    with pytest.raises(ValueError, match="closest: TG-BEAT-STRICT") as error:
        gl.rule("TG-BEAT-STRCT")
    assert len(str(error.value)) < 200


@pytest.mark.parametrize(
    ("given", "kind", "words"),
    [
        (5, TypeError, "a rule id is a string"),
        (None, TypeError, "a rule id is a string"),
        (["TG-RED"], TypeError, "a rule id is a string"),
        ("", ValueError, "empty"),
        ("   ", ValueError, "empty"),
        ("x" * 2**20, ValueError, "too long"),
        ("no such rule", ValueError, "no rule id 'NO SUCH RULE'"),
    ],
)
def test_bad_ids_get_a_short_clear_error(given: object, kind: type, words: str) -> None:
    with pytest.raises(kind, match=words) as error:
        gl.rule(given)  # type: ignore[arg-type]
    assert len(str(error.value)) < 200


@pytest.mark.parametrize("game", GAMES)
def test_rules_lists_a_game_in_book_order(game: str) -> None:
    listed = gl.rules(game)
    assert [r.game for r in listed] == [game] * len(listed)
    text = (ROOT / "gupai_learn" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert [r.id for r in listed] == re.findall(r"^### ([A-Z0-9-]+):", text, flags=re.M)
    assert all(r.title and r.text for r in listed)
    assert str(listed).splitlines()[0] == f"{listed[0].id}: {listed[0].title}"
    assert repr(listed) == f"<RuleList {game!r}: {len(listed)} rules>"
    assert listed._repr_html_().count("<details") == len(listed)


def test_rules_refuses_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="games: tien_gow, bagchen"):
        gl.rules("chess")
    with pytest.raises(TypeError):
        gl.rules(3)  # type: ignore[arg-type]


def _options(game: str) -> set[str]:
    from dataclasses import fields

    from gupai_learn.games import GAMES as INFO

    return {f.name for f in fields(INFO[game].Rules)}


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_a_game_is_in_its_books_asides(game: str) -> None:
    """The "For your own scripts" asides name exactly the fields of the game's Rules, each in a
    call that works (``tien_gow.Rules(direction="clockwise")``)."""
    from gupai_learn.games import GAMES as INFO

    asides = " ".join(r.scripts for r in gl.rules(game))
    named = set(re.findall(r"\b([a-z_]+)=", asides))
    assert named == _options(game), f"{game}: {sorted(named ^ _options(game))}"
    for call in re.findall(rf"`{game}\.Rules\(([^`]*)\)`", asides):
        keywords = ast.parse(f"f({call})", mode="eval").body.keywords  # type: ignore[attr-defined]
        INFO[game].Rules(**{k.arg: ast.literal_eval(k.value) for k in keywords})


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_text_names_no_option(game: str) -> None:
    """Option names and code stay in the aside: a rule's text speaks the learner's words only
    (backticks hold tiles, nothing else; no snake_case names; no "option" word; issue 33)."""
    for found in gl.rules(game):
        quoted = re.findall(r"`([^`]*)`", found.text)
        assert all(re.fullmatch(r"\[\d:\d\]", q) for q in quoted), (found.id, quoted)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", found.text), found.id
        assert not re.search(r"\boptions?\b", found.text, flags=re.I), found.id
        assert "Rules(" not in found.text and "=" not in found.text, found.id


def test_the_aside_shows_on_the_rule_card_but_not_in_the_pop_up() -> None:
    found = gl.rule("DN-FISH-PAY")
    assert found.scripts == "`ding_niu.Rules(fish_needs_alternative=True)`."
    assert "For your own scripts:" in str(found) and "fish_needs_alternative" in str(found)
    assert "gupai-rule-scripts" in found._repr_html_()
    assert "fish_needs_alternative" not in rulebook.rule_html("DN-FISH-PAY")
    assert gl.rule("TT-DECK").scripts == ""


# --- one drawing of an id everywhere ------------------------------------------------------------


def test_an_id_opens_its_rule_with_its_title_as_tooltip_and_spoken_label() -> None:
    drawn = rulebook.rule_html("TG-SUPREME")
    title = gl.rule("TG-SUPREME").title
    assert drawn.startswith('<details class="gupai-rule-box"')
    assert f'title="rule TG-SUPREME: {title}"' in drawn
    assert f'aria-label="rule TG-SUPREME: {title}"' in drawn
    assert '<code class="gupai-rule"' in drawn and "gupai-rule-text" in drawn
    assert rulebook.closed_text(drawn) == "TG-SUPREME"


def test_an_unknown_or_group_name_is_drawn_plain() -> None:
    assert rulebook.rule_html("TG-NOT-IN-THE-BOOK").startswith('<code class="gupai-rule"')
    assert rulebook.link_rules("no (BE-HEADER-TRIPPLE)").count("<code") == 1
    assert "<details" not in rulebook.rule_html("TG-PAY-*")
    assert "<details" not in rulebook.rule_html("<b>")
    assert "&lt;b&gt;" in rulebook.rule_html("<b>")


def test_several_ids_in_one_reason_each_open() -> None:
    assert rulebook.rule_html("TT-DEAL, TT-THREE").count("<details") == 2


def test_link_rules_escapes_text_and_links_ids() -> None:
    drawn = rulebook.link_rules("a <b> & c (TG-RED), see TG-PAY-*")
    assert drawn.count("<details") == 1 and "a &lt;b&gt; &amp; c " in drawn
    assert rulebook.closed_text(drawn) == "a <b> & c (TG-RED), see TG-PAY-*"


def test_a_rule_id_keeps_its_brackets_on_its_line() -> None:
    """A hint ends "(TG-BEAT-STRICT)": the line may not break between "(" and the id (which
    is drawn as an inline block) nor before ")" (issue 33)."""
    glue = '<span class="gupai-rule-glue" style="white-space:nowrap">'
    drawn = rulebook.link_rules("Play it (TG-BEAT-STRICT, TG-SUPREME). Then (x)", quote=False)
    first, second = drawn.split("<details", 2)[1:]
    assert drawn.startswith(f"Play it {glue}(<details")
    assert first.endswith(f",</span> {glue}") and second.endswith(").</span> Then (x)")
    assert rulebook.closed_text(drawn) == "Play it (TG-BEAT-STRICT, TG-SUPREME). Then (x)"


def test_verdicts_settlements_and_card_feedback_open_their_rules() -> None:
    verdict = Verdict.illegal([Reason("TG-BEAT-TIE", "Equal.")], "No")
    assert verdict_html(verdict).count('<details class="gupai-rule-box"') == 1
    feedback = Feedback("incorrect", "Look again.", (Reason("DN-FISH-PAY", "Who pays."),))
    assert feedback._repr_html_().count('<details class="gupai-rule-box"') == 1
    paid = Settlement.from_lines(
        ("South", "East", "North", "West"),
        [Payment(1, 0, 4, "below par", ("TG-PAY-PAR", "TG-PAY-BANKER"))],
        "South wins the hand",
    )
    assert settlement_html(paid).count('<details class="gupai-rule-box"') == 2


def test_the_deal_players_words_open_their_rules() -> None:
    from gupai_learn.games import tien_gow
    from gupai_learn.widgets import TrickView

    view = TrickView(tien_gow.Deal.random(seed=1))
    assert "TG-" in rulebook.closed_text(view.why.value)
    ids = rulebook.rule_id_pattern().findall(view.why.value)
    assert view.why.value.count("<details") == len(ids) // 2


# --- the glossary -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "term",
    [
        "trick", "column", "lead", "follow", "face down", "banker", "par", "early death",
        "passport", "horse", "jump", "slam", "charity", "line", "end", "header", "fish",
        "blocker", "boneyard", "domino", "tier", "set", "round", "hand", "deal", "game",
        "match", "point tiles", "lama", "bird", "sisters", "people", "redeal",
        "last-trick bonus", "banker streak", "red dot", "Heaven", "Earth", "Man", "Goose",
        "Plum flower", "Long three", "Bench", "Hatchet", "Partition", "Long-leg seven",
        "Big-head six", "Big six", "Little three",
    ],
)  # fmt: skip
def test_the_glossary_explains_every_term_the_lessons_use(term: str) -> None:
    entry = gl.glossary(term)
    assert entry.text and entry.games
    assert entry.rules, f"{term}: no rule defines it"


@pytest.mark.parametrize("term", ["solver", "computer level", "95% interval"])
def test_the_glossary_explains_the_words_of_the_tools(term: str) -> None:
    entry = gl.glossary(term)
    assert isinstance(entry, gl.Term) and entry.text and entry.games == ("all games",)


def test_a_word_inside_entries_finds_them() -> None:
    """Look-ups are not only exact: "civil" finds the entry named with it first, then the
    entries whose text uses it; a Chinese name finds its entry (issue 33)."""
    found = gl.glossary("civil")
    assert isinstance(found, gl.Glossary) and found[0].term == "civil tile"
    assert {"family", "sky tile", "Heaven"} <= {t.term for t in found}
    assert [t.term for t in gl.glossary("interval")] == ["95% interval"]
    assert [t.term for t in gl.glossary("Strong")] == ["computer level"]
    assert [t.term for t in gl.glossary("天")] == ["Heaven"]
    assert "horse" in [t.term for t in gl.glossary("mare")]
    assert "civil tile" in str(found) and found._repr_html_().count("<dt") == len(found)


def test_every_rule_the_glossary_cites_exists() -> None:
    cited = [r for t in gl.glossary() for r in t.rules]
    assert cited
    for rule_id in cited:
        gl.rule(rule_id)


def test_glossary_games_are_the_courses_games() -> None:
    names = {"Tien Gow", "Bagchen", "Bull Fight", "Bergen", "Tet-Gow", "all games"}
    for term in gl.glossary():
        assert set(term.games) <= names, term.term


def test_chinese_names_are_in_traditional_script() -> None:
    simplified = set("账庄对点龙头钱")  # simplified forms of characters the glossary uses
    for term in gl.glossary():
        assert not simplified & set(term.chinese), term.term
    assert gl.glossary("banker").chinese == "莊家"


def test_one_term_any_case_and_plural() -> None:
    assert gl.glossary("Fish") is gl.glossary("fish")
    assert gl.glossary("tricks") is gl.glossary("trick")


def test_the_glossary_draws_itself_and_links_its_rules() -> None:
    whole = gl.glossary()
    assert [t.term.lower() for t in whole] == sorted(t.term.lower() for t in whole)
    drawn = whole._repr_html_()
    assert drawn.count("<dt") == len(whole) and '<span lang="zh-Hant">' in drawn
    assert "<details" in gl.glossary("fish")._repr_html_()
    assert "fish (算賬)" in str(gl.glossary("fish"))
    assert (
        repr(whole) == f"<Glossary: {len(whole)} terms>"
        and repr(gl.glossary("par")) == "<Term 'par'>"
    )


@pytest.mark.parametrize(
    ("given", "kind"),
    [(5, TypeError), ("", ValueError), ("x" * 2**20, ValueError), ("fsh", ValueError)],
)
def test_bad_terms_get_a_short_clear_error(given: object, kind: type) -> None:
    with pytest.raises(kind) as error:
        gl.glossary(given)  # type: ignore[arg-type]
    assert len(str(error.value)) < 200


def test_an_unknown_term_names_the_closest() -> None:
    with pytest.raises(ValueError, match="closest: fish"):
        gl.glossary("fsh")


def test_the_books_ship_as_package_data() -> None:
    from importlib import resources

    folder = resources.files("gupai_learn") / "rules"
    shipped = {p.name for p in folder.iterdir()}
    assert {f"{g}.md" for g in GAMES} | {"glossary.md"} <= shipped


def test_the_line_views_message_opens_its_rules() -> None:
    from gupai_learn.games import bergen
    from gupai_learn.widgets import LineView

    view = LineView(bergen.Deal.random(seed=4))
    view.message = "Both ends show 5: a double header (BE-HEADER-DOUBLE) <ok>"
    assert view.message_html.count('<details class="gupai-rule-box"') == 1
    assert "&lt;ok&gt;" in view.message_html
    assert rulebook.closed_text(view.message_html) == view.message


def test_a_cards_solution_opens_its_rules() -> None:
    from gupai_learn import puzzles
    from gupai_learn.widgets import PuzzleCard

    card = PuzzleCard(puzzles.bank("chinese_set")[0])
    card.show_solution()
    assert "<details" in card.solution_html and "TG-SET" in rulebook.closed_text(card.solution_html)


def test_ids_inside_sentences_open_too() -> None:
    """An outcome, a note, a reason's sentence or an error line that names a rule opens it."""
    paid = Settlement.from_lines(
        ("South", "East", "North", "West"),
        [Payment(1, 0, 4, "below par (TG-PAY-PAR)", ())],
        "South wins at once (TG-RED-DOT)",
        ("doubled for the banker (TG-PAY-BANKER)",),
    )
    assert settlement_html(paid).count('<details class="gupai-rule-box"') == 3
    verdict = Verdict.illegal([Reason("TG-BEAT-TIE", "Equal (see TG-BEAT-STRICT).")], "No")
    assert verdict_html(verdict).count('<details class="gupai-rule-box"') == 2
    with gl.expect_error() as shown:
        gl.Tile.parse("[7:1]")
    if rulebook.rule_id_pattern().search(str(shown)):
        assert "<details" in shown._repr_html_()
    shown.error = ValueError("refused (BE-OPEN)")
    assert shown._repr_html_().count("<details") == 1


@pytest.mark.parametrize("game", [g for g, info in REGISTERED.items() if info.option_rules])
def test_each_rule_lab_option_shows_its_rule(game: str) -> None:
    from gupai_learn.widgets.rule_lab import Variant

    side = Variant(game, "A")
    drawn = [w.value for row in side.children[1:] for w in getattr(row, "children", ())[1:]]
    assert len(drawn) == len(side.controls)
    assert all(html.startswith('<details class="gupai-rule-box"') for html in drawn)


def _html_outputs(path: Path) -> list[str]:
    import json

    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [
        "".join(out["data"]["text/html"])
        for cell in notebook["cells"]
        for out in cell.get("outputs", ())
        if "text/html" in out.get("data", {})
    ]


@pytest.mark.parametrize("path", sorted((ROOT / "lessons").glob("*.ipynb")), ids=lambda p: p.name)
def test_every_rule_id_in_a_stored_output_opens_its_rule(path: Path) -> None:
    """In the HTML the lessons store, a rule-book id appears only as a drawn id (it opens its
    rule); re-run the lesson (tools/run_lessons.py) when this fails after a drawing change."""
    known = set(rulebook.all_ids())
    for drawn in _html_outputs(path):
        rest = re.sub(r'<details class="gupai-rule-box".*?</details>', "", drawn, flags=re.S)
        rest = re.sub(r'<div class="gupai-rule-card".*?</div>', "", rest, flags=re.S)  # the rule
        loose = sorted(set(rulebook.rule_id_pattern().findall(rest)) & known)
        assert not loose, f"{path.name}: ids that do not open: {loose}"
