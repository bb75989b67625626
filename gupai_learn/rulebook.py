"""The course's own rule book and glossary, shipped inside the package (design.md §13).

Every game has one Markdown document, ``gupai_learn/rules/<game>.md``: each rule sits under a
``### ID: title`` heading, in the order a learner meets them. ``gupai_learn/rules/glossary.md``
holds the terms. Both are read lazily with :mod:`importlib.resources` and cached::

    >>> import gupai_learn as gl
    >>> gl.rule("tg-beat-tie").title
    'An equal play never beats'
    >>> [r.id for r in gl.rules("tet_gow")][:2]
    ['TT-DECK', 'TT-SET']
    >>> gl.glossary("fish").games
    ('Bull Fight',)

:func:`rule_html` draws one rule id the same way everywhere (verdicts, card feedback,
settlements, the deal player, the rule lab): the id with its title as a tooltip, opening the
rule's text on click or Enter, with no script (a ``<details>`` element).
"""

from __future__ import annotations

import difflib
import html
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from gupai_learn.engine.game import GAMES
from gupai_learn.verdict import SetupError

#: The longest text accepted as a rule id or a term (longer ones are refused, not searched).
LONGEST = 60
#: How a rule's aside for scripts begins in the book (its last paragraph) and when drawn.
SCRIPTS = "For your own scripts:"
#: A rule id written anywhere: one of the games' prefixes and upper-case words joined by hyphens.
_RULE_ID = r"(?<![A-Za-z0-9-])(?:{prefixes})-[A-Z0-9]+(?:-[A-Z0-9]+)*(?![A-Za-z0-9]|-\*)"
_HEADING = re.compile(r"^### ([A-Z]{2}(?:-[A-Z0-9]+)+): (.+)$")
_FACT = re.compile(r"^- \*(Games|Chinese|Rules)\*: (.*)$")
_EXAMPLE = "'TG-BEAT-STRICT'"


def prefixes() -> dict[str, str]:
    """The games of the rule book, in the course's order (the registered ``GAMES``), with
    their rule-id prefixes (``GameInfo.rule_prefix``)."""
    return {name: info.rule_prefix for name, info in GAMES.items()}


def rule_id_pattern() -> re.Pattern[str]:
    """The pattern of a rule id written anywhere, for every game's prefix."""
    return _pattern(tuple(prefixes().values()))


@cache
def _pattern(prefixes: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(_RULE_ID.format(prefixes="|".join(map(re.escape, prefixes))))


@dataclass(frozen=True, repr=False)
class Rule:
    """One rule of the rule book: its ``id``, its ``game``, a short ``title`` and its ``text``
    (Markdown, in a learner's words: no option names). ``scripts`` is the aside for your own
    scripts (how the game's ``Rules`` switch the rule's variants), "" when it has none; the
    book writes it as a last paragraph starting "For your own scripts:". A rule draws itself
    in a notebook with its aside; ``str()`` gives plain text; a rule id's pop-up shows the
    text only."""

    id: str
    game: str
    title: str
    text: str
    scripts: str = ""

    def __str__(self) -> str:
        aside = f"\n\n{SCRIPTS} {self.scripts}" if self.scripts else ""
        return f"{self.id}: {self.title}\n\n{self.text}{aside}"

    def __repr__(self) -> str:
        return f"<Rule {self.id!r}: {self.title}>"

    def _repr_markdown_(self) -> str:
        aside = f"\n\n*{SCRIPTS}* {self.scripts}" if self.scripts else ""
        return f"**{self.id}**: {self.title}\n\n{self.text}{aside}"

    def _repr_html_(self) -> str:
        aside = (
            f'<p class="gupai-rule-scripts" style="{_ASIDE}"><i>{SCRIPTS}</i> '
            f"{inline_html(self.scripts)}</p>"
            if self.scripts
            else ""
        )
        return (
            f'<div class="gupai-rule-card" style="{_CARD}"><div style="font-weight:bold">'
            f"<code>{esc(self.id)}</code> {esc(self.title)}</div>{markdown_html(self.text)}"
            f"{aside}</div>"
        )


class RuleList(tuple[Rule, ...]):
    """A game's rules in order; it draws itself as a list of ids and titles, each opening its
    rule."""

    def __str__(self) -> str:
        return "\n".join(f"{r.id}: {r.title}" for r in self)

    def __repr__(self) -> str:
        game = self[0].game if self else "no game"
        return f"<RuleList {game!r}: {len(self)} rules>"

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{rule_html(r.id)} {esc(r.title)}</li>" for r in self)
        return f'<ul class="gupai-rule-list" style="{_LIST}">{items}</ul>'


@dataclass(frozen=True, repr=False)
class Term:
    """One glossary entry: the ``term``, the ``games`` it is used in, its ``chinese`` name
    (traditional script, "" when there is none), the ``rules`` that define it and its ``text``."""

    term: str
    games: tuple[str, ...]
    chinese: str
    rules: tuple[str, ...]
    text: str

    def __str__(self) -> str:
        name = f"{self.term} ({self.chinese})" if self.chinese else self.term
        facts = f"Games: {', '.join(self.games)}."
        if self.rules:
            facts += f" Rules: {', '.join(self.rules)}."
        return f"{name}: {self.text}\n  {facts}"

    def __repr__(self) -> str:
        return f"<Term {self.term!r}>"

    def _repr_html_(self) -> str:
        return f'<dl class="gupai-glossary" style="{_CARD}">{self._entry()}</dl>'

    def _entry(self) -> str:
        chinese = f' <span lang="zh-Hant">{esc(self.chinese)}</span>' if self.chinese else ""
        rules = " ".join(rule_html(r) for r in self.rules)
        facts = f"<i>{esc(', '.join(self.games))}</i>" + (f" · rules: {rules}" if rules else "")
        return (
            f'<dt style="font-weight:bold;margin-top:6px">{esc(self.term)}{chinese}</dt>'
            f'<dd style="margin:0 0 0 1.4em">{inline_html(self.text)}<br>{facts}</dd>'
        )


class Glossary(tuple[Term, ...]):
    """Every term of the course in alphabetical order; it draws itself as one list."""

    def __str__(self) -> str:
        return "\n".join(str(t) for t in self)

    def __repr__(self) -> str:
        return f"<Glossary: {len(self)} terms>"

    def _repr_html_(self) -> str:
        entries = "".join(t._entry() for t in self)
        return f'<dl class="gupai-glossary" style="{_CARD}">{entries}</dl>'


_CARD = (
    "font-family:sans-serif;font-size:14px;line-height:1.45;color:#1f2328;background:#f6f8fa;"
    "border:1px solid #d8dee4;border-radius:6px;padding:6px 12px;margin:4px 0;max-width:52em"
)
_ASIDE = (
    "font-size:12px;color:#57606a;border-top:1px solid #d8dee4;margin:6px 0 2px 0;padding-top:4px"
)
_LIST = "font-family:sans-serif;font-size:14px;line-height:1.6;color:#1f2328;padding-left:1.4em"
_CODE = (
    "font-family:monospace;font-size:12px;background:#eaeef2;color:#1f2328;"
    "border-radius:4px;padding:0 4px;white-space:nowrap"
)
_POP = (
    "display:block;white-space:normal;font-family:sans-serif;font-size:13px;font-weight:normal;"
    "line-height:1.4;color:#1f2328;background:#fff;border:1px solid #d8dee4;border-radius:6px;"
    "padding:4px 10px;margin:2px 0 4px 0;max-width:36em;text-align:left"
)


# --- reading the books -------------------------------------------------------------------------


def _read(name: str) -> str:
    return (resources.files("gupai_learn") / "rules" / name).read_text(encoding="utf-8")


@cache
def _book(game: str) -> RuleList:
    """Every rule of ``game``'s document, in order (none for a game that brings no rule book:
    a game registered from outside the course)."""
    found: list[Rule] = []
    head: tuple[str, str] | None = None
    body: list[str] = []
    try:
        text = _read(f"{game}.md")
    except FileNotFoundError:
        return RuleList()
    for line in text.splitlines() + ["## end"]:
        if line.startswith("#"):
            if head is not None:
                found.append(_rule(head[0], game, head[1], "\n".join(body).strip()))
            match = _HEADING.match(line)
            head, body = ((match[1], match[2].strip()) if match else None), []
        elif head is not None:
            body.append(line)
    return RuleList(found)


def _rule(rule_id: str, game: str, title: str, body: str) -> Rule:
    """A rule from its heading and body, the "For your own scripts:" paragraph set aside."""
    paragraphs = re.split(r"\n\s*\n", body)
    aside = [p for p in paragraphs if p.startswith(SCRIPTS)]
    text = "\n\n".join(p for p in paragraphs if not p.startswith(SCRIPTS))
    scripts = " ".join(" ".join(p.removeprefix(SCRIPTS).split()) for p in aside)
    return Rule(rule_id, game, title, text.strip(), scripts)


@cache
def _index() -> dict[str, Rule]:
    return _index_of(tuple(GAMES))


@cache
def _index_of(games: tuple[str, ...]) -> dict[str, Rule]:
    return {r.id: r for game in games for r in _book(game)}


def all_ids() -> tuple[str, ...]:
    """Every rule id of the rule book, game by game, in order."""
    return tuple(_index())


def rules(game: str) -> RuleList:
    """The rules of ``game`` (``"tien_gow"``, ``"bagchen"``, ``"ding_niu"``, ``"bergen"`` or
    ``"tet_gow"``) in the order the rule book gives them; the list draws itself."""
    if not isinstance(game, str):
        raise TypeError(f"game must be a name such as 'tien_gow', not {type(game).__name__}")
    key = game.strip().lower().replace("-", "_").replace(" ", "_")[: LONGEST + 1]
    if key not in prefixes():
        games = ", ".join(prefixes())
        raise SetupError(f"no rule book for {game[:LONGEST]!r}; games: {games}")
    return _book(key)


def rule(rule_id: str) -> Rule:
    """The rule behind ``rule_id`` (``"TG-BEAT-STRICT"``; lower case is accepted). It draws
    itself in a notebook. An unknown id raises ValueError naming the closest ids."""
    if not isinstance(rule_id, str):
        raise TypeError(f"a rule id is a string such as {_EXAMPLE}, not {type(rule_id).__name__}")
    key = rule_id.strip().upper()
    if not key:
        raise SetupError(f"the rule id is empty: give one such as {_EXAMPLE}")
    if len(key) > LONGEST:
        raise SetupError(f"{len(key):,} characters is too long for a rule id (e.g. {_EXAMPLE})")
    found = _index().get(key)
    if found is None:
        raise SetupError(_unknown("rule id", key, all_ids()))
    return found


def _unknown(what: str, key: str, known: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(key, known, n=3, cutoff=0.5)
    hint = f"closest: {', '.join(close)}" if close else "see gl.rules(game) for the ids"
    return f"no {what} {key!r}; {hint}"


@cache
def _terms() -> Glossary:
    terms: list[Term] = []
    name, facts, body = "", {}, []  # type: tuple[str, dict[str, str], list[str]]
    for line in _read("glossary.md").splitlines() + ["### "]:
        if line.startswith("### "):
            if name:
                terms.append(_term(name, facts, body))
            name, facts, body = line[4:].strip(), {}, []
        elif (fact := _FACT.match(line)) and name:
            facts[fact[1]] = fact[2].strip()
        elif name:
            body.append(line)
    return Glossary(sorted(terms, key=lambda t: t.term.lower()))


def _term(name: str, facts: dict[str, str], body: list[str]) -> Term:
    games = tuple(g.strip() for g in facts.get("Games", "").split(",") if g.strip())
    chinese = facts.get("Chinese", "").strip()
    rules_ = tuple(rule_id_pattern().findall(facts.get("Rules", "")))
    return Term(name, games, "" if chinese == "none" else chinese, rules_, " ".join(body).strip())


def glossary(term: str | None = None) -> Glossary | Term:
    """The whole glossary (it draws itself), or the entry of one ``term`` ("fish"; any case,
    a plural too). A word that is no entry's name finds the entries that use it, as a
    glossary of its own: those whose name holds it first, then those whose text does
    (``"civil"`` finds "civil tile", then "family", "sky tile" ...). A word found nowhere
    raises ValueError naming the closest terms."""
    if term is None:
        return _terms()
    if not isinstance(term, str):
        raise TypeError(f"a term is a string such as 'fish', not {type(term).__name__}")
    key = " ".join(term.split()).lower()
    if not key:
        raise SetupError("the term is empty: give one such as 'fish'")
    if len(key) > LONGEST:
        raise SetupError(f"{len(key):,} characters is too long for a glossary term")
    by_name = {t.term.lower(): t for t in _terms()}
    found = by_name.get(key) or by_name.get(key.removesuffix("s"))
    if found is not None:
        return found
    inside = _entries_using(key)
    if not inside:
        raise SetupError(_unknown("glossary term", key, tuple(by_name)))
    return inside


def _entries_using(word: str) -> Glossary:
    """The entries that use ``word`` (at the start of a word of theirs, any case): those whose
    name or Chinese name holds it, then those whose text does."""
    pattern = re.compile(rf"(?<![\w]){re.escape(word)}", re.I)
    named = [t for t in _terms() if pattern.search(t.term) or word in t.chinese]
    told = [t for t in _terms() if t not in named and pattern.search(t.text)]
    return Glossary(named + told)


# --- drawing -----------------------------------------------------------------------------------


def esc(text: object) -> str:
    """Text made safe in HTML element content and double-quoted attributes."""
    return html.escape(str(text), quote=True)


def rule_html(rule_id: str) -> str:
    """One rule id as the learner sees it everywhere: the id (``<code class="gupai-rule">``)
    with the rule's title as its tooltip and spoken label, opening the rule's text on click or
    Enter without leaving the page (a ``<details>`` element: no script, so it works in saved
    HTML and inside widgets alike). Text that is not a rule-book id is shown plain."""
    known = _index().get(rule_id) if isinstance(rule_id, str) else None
    if known is not None:
        return _drawn(known.id)
    code = f'<code class="gupai-rule" style="{_CODE}">{esc(rule_id)}</code>'
    # a group, an id not in the book, or a text naming several ids
    several = isinstance(rule_id, str) and not rule_id_pattern().fullmatch(rule_id)
    return link_rules(rule_id) if several and rule_id_pattern().search(rule_id) else code


@cache
def _drawn(rule_id: str) -> str:
    """The drawing of a rule-book id (made once per id)."""
    known = _index()[rule_id]
    code = f'<code class="gupai-rule" style="{_CODE}">{esc(rule_id)}</code>'
    label = esc(f"rule {known.id}: {known.title}")
    return (
        f'<details class="gupai-rule-box" style="display:inline-block;vertical-align:top;margin:0">'
        f'<summary title="{label}" aria-label="{label}" style="display:inline;cursor:pointer">'
        f"{code}</summary>"
        f'<div class="gupai-rule-text" style="{_POP}"><b>{esc(known.title)}</b>'
        f"{markdown_html(known.text)}</div></details>"
    )


#: Punctuation kept on one line with the rule id it touches: an opening bracket before it, and
#: closing brackets and stops after it ("(TG-PAY-PAR)." never leaves a "(" hanging).
_OPENING, _CLOSING = "([{\"'“‘", ")]}.,;:!?\"'”’"
_GLUE = '<span class="gupai-rule-glue" style="white-space:nowrap">'


def link_rules(sentence: str, quote: bool = True) -> str:
    """A plain sentence as HTML, every rule id in it drawn by :func:`rule_html` (``quote``:
    escape quotes too, as for an attribute; element content needs no escaped quotes). The
    brackets and stops touching an id stay on its line: a line never breaks between "(" and
    the id, or between the id and ")"."""
    parts, last = [], 0
    for match in rule_id_pattern().finditer(sentence):
        start, end = match.start(), match.end()
        while start > last and sentence[start - 1] in _OPENING:
            start -= 1
        while end < len(sentence) and sentence[end] in _CLOSING:
            end += 1
        before, after = sentence[start : match.start()], sentence[match.end() : end]
        parts += [html.escape(sentence[last:start], quote), _GLUE, html.escape(before, quote)]
        parts += [rule_html(match[0]), html.escape(after, quote), "</span>"]
        last = end
    return "".join(parts) + html.escape(sentence[last:], quote)


def inline_html(text: str) -> str:
    """Inline Markdown (``**bold**``, ``*italic*``, `` `code` ``) as HTML, the rest escaped."""
    out = esc(text)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", out)
    return re.sub(r"(?<![*\w])\*([^*\s][^*]*)\*(?![*\w])", r"<i>\1</i>", out)


def markdown_html(text: str) -> str:
    """The small Markdown of the rule book as HTML: paragraphs, ``- `` lists and ``|`` tables."""
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    return "".join(_block(b.strip().splitlines()) for b in blocks)


def _block(lines: list[str]) -> str:
    if lines[0].startswith("- "):
        items: list[str] = []
        for line in lines:
            if line.startswith("- "):
                items.append(line[2:])
            else:
                items[-1] += " " + line.strip()
        return "<ul>" + "".join(f"<li>{inline_html(i)}</li>" for i in items) + "</ul>"
    if lines[0].startswith("|"):
        rows = [
            line.strip().strip("|").split("|") for line in lines if not set(line) <= set("|-: ")
        ]
        head = "".join(f"<th>{inline_html(c.strip())}</th>" for c in rows[0])
        body = "".join(
            "<tr>" + "".join(f"<td>{inline_html(c.strip())}</td>" for c in row) + "</tr>"
            for row in rows[1:]
        )
        return f'<table style="border-collapse:collapse"><tr>{head}</tr>{body}</table>'
    return f"<p style='margin:4px 0'>{inline_html(' '.join(x.strip() for x in lines))}</p>"


def closed_text(drawn: str) -> str:
    """The text a reader sees in ``drawn`` (HTML) while every rule stays closed: the rules'
    texts and all tags left out, entities decoded."""
    shut = re.sub(r'<div class="gupai-rule-text".*?</div></details>', "", drawn, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", shut))
