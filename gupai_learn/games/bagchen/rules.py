"""Bagchen options (rules/bagchen.md). The defaults are the ruling's defaults."""

from __future__ import annotations

from dataclasses import dataclass, fields

from gupai_learn.engine.options import named_options
from gupai_learn.verdict import SetupError, describe_input, type_phrase


@named_options
@dataclass(frozen=True)
class Rules:
    """Every option of the Bagchen ruling, frozen; ``Rules()`` is the ruling's default game.

    - ``redeal`` (BG-REDEAL, on): a player dealt no chief and no minister (the two top ranks of
      each suit, moving down past a point rank) may ask for a redeal; ``Deal.random`` deals
      again whenever a seat may ask.
    - ``four_heavens`` (BG-FOUR-HEAVENS, on): a player dealt all four [6:6], not points, shows
      them (``deal.shown``).
    - ``passport_leads`` (BG-PASSPORT-LEAD, on): a player with a passport may lead only what the
      passport clauses allow; off: he leads freely.
    - ``seek`` (BG-SEEK, off): "mother looks for son" before play in ``Deal.random``.
    - ``charity`` (BG-CHARITY, off): a player without a passport may lead one tile face down,
      calling sky, earth or any.
    - ``earth_any_mix`` (BG-COMBO-EARTH, off): earth combinations of any earth tiles, not only
      of equal rank; such a mix ranks by its lowest tile.

    Every option is a switch: ``True`` or ``False`` only (not ``1`` or ``"yes"``); anything else
    raises :class:`ValueError` naming the option, the value and the rule id.
    """

    redeal: bool = True
    four_heavens: bool = True
    passport_leads: bool = True
    seek: bool = False
    charity: bool = False
    earth_any_mix: bool = False

    def __post_init__(self) -> None:
        for option in fields(self):
            value = getattr(self, option.name)
            if type(value) is not bool:
                given = f"{describe_input(value)} ({type_phrase(value)})"
                rule = RULE_IDS[option.name]
                raise SetupError(
                    f"Rules option {option.name} must be True or False, not {given} ({rule})"
                )


#: The rule id behind each option (rules/bagchen.md).
RULE_IDS: dict[str, str] = {
    "redeal": "BG-REDEAL",
    "four_heavens": "BG-FOUR-HEAVENS",
    "passport_leads": "BG-PASSPORT-LEAD",
    "seek": "BG-SEEK",
    "charity": "BG-CHARITY",
    "earth_any_mix": "BG-COMBO-EARTH",
}
