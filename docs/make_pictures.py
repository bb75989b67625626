"""Draw the pictures used by the README into this folder.

Run from the repository root: ``.venv/bin/python docs/make_pictures.py``. The output is
deterministic, so re-running it on unchanged code leaves the files unchanged.

- ``chinese-set.svg``: the 32 tiles of the Chinese set (TG-SET) in two labelled rows, civil
  and military, with each tile's English and Chinese name under it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from gupai_learn import decks
from gupai_learn.render import Group, group_svg
from gupai_learn.tiles import Tile

HERE = Path(__file__).resolve().parent


def caption(tile: Tile) -> str:
    """English name wrapped to short lines, then the Chinese name."""
    return "\n".join([*textwrap.wrap(tile.name, 9), tile.chinese_name or ""])


def chinese_set_svg() -> str:
    """The Chinese set as two groups, one row each: civil pairs, then military tiles."""
    deck = decks.chinese()
    civil = [t for t in deck if t.is_civil]
    military = [t for t in deck if t.is_military]
    return group_svg(
        [
            Group(
                "Civil 文: eleven kinds, two of each, high to low",
                civil,
                labels=[caption(t) for t in civil],
            ),
            Group(
                "Military 武: ten tiles, high to low",
                military,
                labels=[caption(t) for t in military],
            ),
        ],
        layout="column",
    )


def main() -> None:
    """Write every picture."""
    target = HERE / "chinese-set.svg"
    target.write_text(chinese_set_svg() + "\n", encoding="utf-8")
    print(f"wrote {target.name}")


if __name__ == "__main__":
    main()
