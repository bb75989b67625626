"""HTML blocks for the tutor's answers: a :class:`~gupai_learn.verdict.Verdict` and a
:class:`~gupai_learn.engine.settlement.Settlement`.

Styles are inline (no stylesheet reaches nbviewer or a saved notebook) and set their own text
and background colours, so the blocks read the same in light and dark themes. Success and
failure are told by a symbol and a word as well as by colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gupai_learn.render._svg import esc
from gupai_learn.rulebook import link_rules, rule_html

if TYPE_CHECKING:
    from gupai_learn.engine.settlement import Payment, Settlement
    from gupai_learn.verdict import Reason, Verdict

_BOX = (
    "font-family:sans-serif;font-size:14px;line-height:1.45;color:#1f2328;"
    "border-radius:6px;padding:8px 12px;margin:4px 0;max-width:52em;"
)
_CELL = "border-bottom:1px solid #d8dee4;padding:3px 8px;text-align:left;vertical-align:top"
_OK = ("\u2713", "Legal", "#1a7f37", "#eef8f0", "#9cd3a8")
_NOT_OK = ("\u2717", "Not legal", "#b42318", "#fdf0ef", "#efa9a3")


def rule_code(rule: str) -> str:
    """A rule id as ``<code class="gupai-rule">``, with its title on hover, opening the rule's
    text on click (:func:`gupai_learn.rulebook.rule_html`, the one drawing of an id)."""
    return rule_html(rule)


def verdict_html(verdict: Verdict) -> str:
    """A verdict as a compact block: ✓ Legal / ✗ Not legal, the summary, and each reason with
    its rule id."""
    symbol, word, ink, paper, edge = _OK if verdict.ok else _NOT_OK
    kind = "legal" if verdict.ok else "illegal"
    said = link_rules(verdict.summary)
    summary = f'<span style="font-weight:normal;color:#1f2328">: {said}</span>'
    head = (
        f'<div class="gupai-verdict-head" style="font-weight:bold;color:{ink}">'
        f'<span aria-hidden="true">{symbol}</span> {word}'
        f"{summary if verdict.summary else ''}</div>"
    )
    style = f"{_BOX}background:{paper};border:1px solid {edge};border-left:5px solid {ink};"
    return (
        f'<div class="gupai-verdict gupai-verdict-{kind}" style="{style}">'
        f"{head}{_reasons(verdict.reasons)}</div>"
    )


def _reasons(reasons: tuple[Reason, ...]) -> str:
    if not reasons:
        return ""
    items = "".join(f"<li>{link_rules(r.text)} {rule_code(r.rule)}</li>" for r in reasons)
    return f'<ul class="gupai-reasons" style="margin:4px 0 0 0;padding-left:1.4em">{items}</ul>'


def settlement_html(settlement: Settlement) -> str:
    """A settlement as the outcome headline, a table of payments (payer → payee, amount,
    explanation, rules) — or of points scored, in a points game — one total row per seat, and
    the notes."""
    if settlement.unit == "point":
        return _scores_html(settlement)
    names = settlement.seat_names
    rows = [_payment_row(p, names) for p in settlement.lines]
    if not rows:
        rows = [f'<tr><td colspan="6" style="{_CELL}">No payments.</td></tr>']
    head = "".join(
        f'<th scope="col" style="{_CELL}">{h}</th>'
        for h in ("Payer", "", "Payee", "Amount", "Why", "Rules")
    )
    table = (
        f'<table class="gupai-settlement-table" style="border-collapse:collapse;'
        f'margin:6px 0;background:#fff"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody><tfoot>{_net_rows(settlement)}</tfoot></table>"
    )
    outcome = _outcome(settlement)
    return (
        f'<div class="gupai-settlement" style="{_BOX}background:#f6f8fa;'
        f'border:1px solid #d8dee4">{outcome}{table}{_notes(settlement.notes)}</div>'
    )


def _scores_html(settlement: Settlement) -> str:
    names = settlement.seat_names
    rows = [
        "<tr>"
        + "".join(
            f'<td style="{_CELL}">{c}</td>'
            for c in (
                esc(names[a.seat]),
                str(a.points),
                link_rules(a.text),
                " ".join(rule_code(r) for r in a.rules),
            )
        )
        + "</tr>"
        for a in settlement.awards
    ] or [f'<tr><td colspan="4" style="{_CELL}">Nobody scored.</td></tr>']
    head = "".join(
        f'<th scope="col" style="{_CELL}">{h}</th>' for h in ("Seat", "Points", "Why", "Rules")
    )
    totals = "".join(
        f'<tr class="gupai-net"><th scope="row" style="{_CELL}">Total: {esc(n)}</th>'
        f'<td style="{_CELL};font-weight:bold">{v}</td><td colspan="2" style="{_CELL}"></td></tr>'
        for n, v in zip(names, settlement.scores, strict=True)
    )
    outcome = _outcome(settlement)
    return (
        f'<div class="gupai-settlement" style="{_BOX}background:#f6f8fa;border:1px solid #d8dee4">'
        f'{outcome}<table class="gupai-settlement-table" style="border-collapse:collapse;'
        f'margin:6px 0;background:#fff"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
        f"</tbody><tfoot>{totals}</tfoot></table>{_notes(settlement.notes)}</div>"
    )


def _outcome(settlement: Settlement) -> str:
    if not settlement.outcome:
        return ""
    said = link_rules(settlement.outcome)
    return f'<div class="gupai-outcome" style="font-weight:bold">{said}</div>'


def _payment_row(p: Payment, names: tuple[str, ...]) -> str:
    rules = " ".join(rule_code(r) for r in p.rules)
    cells = (
        esc(names[p.payer]),
        '<span aria-label="pays">\u2192</span>',
        esc(names[p.payee]),
        str(p.amount),
        link_rules(p.text),
        rules,
    )
    return "<tr>" + "".join(f'<td style="{_CELL}">{c}</td>' for c in cells) + "</tr>"


def _net_rows(settlement: Settlement) -> str:
    rows = []
    for name, net in zip(settlement.seat_names, settlement.payments, strict=True):
        rows.append(
            f'<tr class="gupai-net"><th scope="row" colspan="3" style="{_CELL}">'
            f'Net: {esc(name)}</th><td style="{_CELL};font-weight:bold">{_signed(net)}</td>'
            f'<td colspan="2" style="{_CELL}"></td></tr>'
        )
    return "".join(rows)


def _notes(notes: tuple[str, ...]) -> str:
    if not notes:
        return ""
    items = "".join(f"<li>{link_rules(n)}</li>" for n in notes)
    return (
        f'<div style="margin-top:4px">Notes:</div>'
        f'<ul class="gupai-notes" style="margin:2px 0 0 0;padding-left:1.4em">{items}</ul>'
    )


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"
