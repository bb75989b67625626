"""Checked rule options, shared by every game's frozen ``Rules`` class.

A game's ``Rules`` is a frozen dataclass whose fields are its options, each annotated ``bool``
(a switch), a ``Literal[...]`` (named choices) or ``int`` (a number from a short list), and a
table naming the rule id behind each option. :func:`check` refuses anything else with a
:class:`ValueError` naming the option, the value given, what is allowed and the rule id::

    @dataclass(frozen=True)
    class Rules:
        reserved: int = 2
        def __post_init__(self) -> None:
            check(self, RULE_IDS, numbers={"reserved": (2, 0)})
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import fields
from functools import cache
from typing import Literal, TypeVar, get_args, get_origin, get_type_hints

from gupai_learn.verdict import SetupError, describe_input, type_phrase

T = TypeVar("T")
#: Per option: (exact type, allowed values, rule id).
Table = dict[str, tuple[type, tuple[object, ...], str]]


def check(
    rules: object, rule_ids: Mapping[str, str], numbers: Mapping[str, tuple[int, ...]] | None = None
) -> None:
    """Raise ValueError for the first option of ``rules`` whose value its annotation forbids."""
    cls: object = type(rules)
    table = option_table(cls, tuple(rule_ids.items()), tuple((numbers or {}).items()))
    for name, (kind, allowed, rule) in table.items():
        value = getattr(rules, name)
        if type(value) is not kind or value not in allowed:
            raise SetupError(refusal(name, value, kind, allowed, rule))


@cache
def option_table(
    cls: type,
    rule_ids: tuple[tuple[str, str], ...],
    numbers: tuple[tuple[str, tuple[int, ...]], ...],
) -> Table:
    """Per option of ``cls``: the exact type, the allowed values and the rule id, read from the
    fields' annotations (bool: a switch; Literal: named choices; int: a number from ``numbers``)."""
    hints, ids, listed = get_type_hints(cls), dict(rule_ids), dict(numbers)
    table: Table = {}
    for option in fields(cls):
        hint = hints[option.name]
        kind: type
        allowed: tuple[object, ...]
        if hint is bool:
            kind, allowed = bool, (True, False)
        elif get_origin(hint) is Literal:
            allowed = get_args(hint)
            kind = type(allowed[0])
        else:
            kind, allowed = hint, listed[option.name]
        table[option.name] = (kind, allowed, ids[option.name])
    return table


def refusal(name: str, value: object, kind: type, allowed: tuple[object, ...], rule: str) -> str:
    """The message for an option ``name`` given a ``value`` outside ``allowed``."""
    if kind is bool:
        wanted = "True or False"
    elif kind is int:
        wanted = "the whole number " + " or ".join(str(a) for a in allowed)
    else:
        wanted = "one of " + ", ".join(repr(a) for a in allowed)
    given = describe_input(value)
    if type(value) is not kind:  # e.g. 5.0 for 5, or 1 for True: say which type it was
        given += f" ({type_phrase(value)})"
    return f"Rules option {name} must be {wanted}, not {given} ({rule})"


def named_options(cls: type[T]) -> type[T]:
    """Class decorator for a game's ``Rules`` dataclass (put it above ``@dataclass``): an
    option name the class does not have raises a :class:`ValueError` naming the valid ones
    (the plain dataclass would raise a TypeError)."""
    init = cls.__init__
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    game = cls.__module__.split(".")[-2]

    @functools.wraps(init)
    def __init__(self: object, *args: object, **kwargs: object) -> None:
        unknown = [k for k in kwargs if k not in names]
        if unknown:
            raise SetupError(
                f"{game}.Rules has no option {describe_input(unknown[0])}; "
                f"its options are {', '.join(names)}"
            )
        if len(args) > len(names):
            raise SetupError(f"{game}.Rules takes {len(names)} options, not {len(args)}")
        init(self, *args, **kwargs)

    cls.__init__ = __init__  # type: ignore[method-assign]
    return cls
