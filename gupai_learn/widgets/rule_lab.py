"""The rule lab: pick a game, set two variants of its rules, run a sweep, compare (design.md §9).

:class:`RuleLab` is an ipywidgets form. The top row picks the game, the players (the game's
computer players, by the level names the deal player uses: Normal or Easy), what to measure
and how many deals. Below, two columns,
**A** and **B**, hold one control per option of the game's ``Rules`` (a tick box for a switch, a
list for a named choice, a number box for a number), all at the ruling's defaults, each with the
id of its rule (a click opens the rule). **Run** plays the same seeded deals under A and under B
(:func:`gupai_learn.sim.run`, with a progress bar) and draws both results side by side in one
chart with their 95% intervals (:func:`gupai_learn.variants.compare`). Everything goes through
``GAMES``: a game registered there appears in the lab with its own options.

    >>> lab = RuleLab("ding_niu", deals=40, progress=False)
    >>> lab.sides[1].set("fish_types", "classic")
    >>> lab.sides[1].rules().fish_types, lab.sides[1].label
    ('classic', 'B')
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import ipywidgets
from IPython.display import display

from gupai_learn import plots, variants
from gupai_learn.games import GAMES
from gupai_learn.rulebook import rule_html
from gupai_learn.verdict import SetupError, describe_input
from gupai_learn.widgets._static import StaticFallback

#: The computer players the lab seats, by the level names a learner knows (the deal player's
#: Normal and Easy), and the kind of player each is in code.
PLAYERS = (("Normal", "heuristic"), ("Easy", "random"))
#: The largest sweep the form accepts (larger ones: call variants.compare with workers=2).
MOST_DEALS = 20_000
#: Fewest deals a run may ask for (fewer say nothing about the rules).
FEWEST_DEALS = 10


def option_widget(name: str, kind: object, default: object) -> ipywidgets.Widget:
    """The control for one Rules option: a tick box, a list of its values, or a number box."""
    style = {"description_width": "initial"}
    label = name.replace("_", " ")
    if kind is bool:
        return ipywidgets.Checkbox(value=default, description=label, indent=False)
    if typing.get_origin(kind) is typing.Literal:
        return ipywidgets.Dropdown(
            options=list(typing.get_args(kind)), value=default, description=label, style=style
        )
    if kind is int:
        return ipywidgets.IntText(value=default, description=label, style=style)
    return ipywidgets.Text(value=str(default), description=label, style=style)


class Variant(ipywidgets.VBox):
    """One column of the lab: a name and a control per option of ``game``'s Rules."""

    def __init__(self, game: str, name: str) -> None:
        rules = GAMES[game].Rules
        hints = typing.get_type_hints(rules)
        self.game = game
        self.name = ipywidgets.Text(value=name, description="name", layout={"width": "16em"})
        self.controls: dict[str, ipywidgets.Widget] = {
            f.name: option_widget(f.name, hints[f.name], f.default)
            for f in dataclasses.fields(rules)
        }
        ids = GAMES[game].option_rules
        rows = [
            ipywidgets.HBox([control, ipywidgets.HTML(rule_html(ids[name]))])
            if name in ids
            else control
            for name, control in self.controls.items()
        ]
        super().__init__([self.name, *rows], layout={"width": "50%"})

    def set(self, option: str, value: object) -> None:
        """Set ``option`` of this variant (KeyError names an unknown option)."""
        self.controls[option].value = value

    def options(self) -> dict[str, Any]:
        """The options that differ from the ruling's defaults."""
        defaults = GAMES[self.game].Rules()
        values = {name: w.value for name, w in self.controls.items()}
        return {k: v for k, v in values.items() if v != getattr(defaults, k)}  # by option name

    def rules(self) -> Any:
        """The game's Rules with these options (ValueError names a bad option)."""
        return GAMES[self.game].Rules(**self.options())

    @property
    def label(self) -> str:
        """The variant's name, or the options it changes."""
        changed = ", ".join(f"{k}={v}" for k, v in self.options().items())
        return self.name.value.strip() or changed or "the standard rules"


class RuleLab(StaticFallback, ipywidgets.VBox):
    """Compare two variants of a game's rules on the same seeded deals, in one chart (``game``: a
    name from ``GAMES``; the first game by default)."""

    def __init__(
        self, game: str = "", deals: int = 200, seed: int = 0, progress: bool = True
    ) -> None:
        game = game or next(iter(variants.MEASURES))  # the first game, by default
        if not isinstance(game, str) or game not in GAMES:
            raise SetupError(f"no game {describe_input(game)}; choose one of {', '.join(GAMES)}")
        _check_deals(deals)
        self.seed, self.progress = seed, progress
        self.estimates: list[plots.Estimate] = []
        self.chart: plots.Chart | None = None
        #: What the last run said: its estimates, or why it could not run.
        self.message = ""
        style = {"description_width": "initial"}
        names = [(GAMES[g].title, g) for g in GAMES if g in variants.MEASURES]
        self.game = ipywidgets.Dropdown(options=names, value=game, description="game")
        self.players = ipywidgets.Dropdown(options=PLAYERS, description="computer")
        self.measure = ipywidgets.Dropdown(description="measure", style=style)
        self.deals = ipywidgets.BoundedIntText(
            value=deals,
            min=FEWEST_DEALS,
            max=MOST_DEALS,
            step=100,
            description="deals",
            style=style,
        )
        self.button = ipywidgets.Button(description="Run", button_style="primary", icon="play")
        self.output = ipywidgets.Output()
        self.columns = ipywidgets.HBox()
        self.sides: tuple[Variant, Variant] = (Variant(game, "A"), Variant(game, "B"))
        self._show_game()
        self.game.observe(lambda _change: self._show_game(), names="value")
        self.button.on_click(lambda _b: self.run())
        top = ipywidgets.HBox([self.game, self.players, self.deals])
        how = ipywidgets.HTML(
            "Change options under <b>A</b> or <b>B</b> (both start at the standard rules), then "
            "press <b>Run</b>: the same seeded deals are played under both variants."
        )
        parts = [top, self.measure, how, self.columns, self.button, self.output]
        super().__init__(parts)
        self.add_class("gupai-rule-lab")
        self.button.add_class("gupai-rule-lab-run")
        self.output.add_class("gupai-rule-lab-output")

    def _show_game(self) -> None:
        game = self.game.value
        self.sides = (Variant(game, "A"), Variant(game, "B"))
        self.columns.children = self.sides
        self.measure.options = [m.label for m in variants.MEASURES[game]]
        self.measure.value = self.measure.options[0]

    def run(self) -> list[plots.Estimate]:
        """Play the sweep under both variants and show the chart; returns the estimates (empty
        when an option is refused: its message is shown instead)."""
        self.output.clear_output()
        with self.output:
            try:
                variants_ = {side.label: side.rules() for side in self.sides}
            except ValueError as error:
                return self._refuse(f"Check the options: {error}")
            if len(variants_) < 2:
                return self._refuse("Give the two variants different names.")
            self.button.disabled = True
            try:
                self.chart, self.estimates = variants.compare(
                    self.game.value,
                    variants_,
                    self.measure.value,
                    deals=self.deals.value,
                    seed=self.seed,
                    players=self.players.value,
                    progress=self.progress,
                )
            finally:
                self.button.disabled = False
            self.message = "\n".join(str(e) for e in self.estimates)
            print(self.message)
            display(self.chart)
        return self.estimates

    def __repr__(self) -> str:
        return f"RuleLab(game={self.game.value!r}, deals={self.deals.value})"

    def _refuse(self, message: str) -> list[plots.Estimate]:
        self.message, self.estimates, self.chart = message, [], None
        print(message)
        return []


def _check_deals(deals: object) -> None:
    """A ValueError saying what ``deals`` accepts unless it is a whole number in range."""
    if type(deals) is not int or not FEWEST_DEALS <= deals <= MOST_DEALS:
        raise ValueError(
            f"deals={describe_input(deals)}: give a whole number of deals from "
            f"{FEWEST_DEALS} to {MOST_DEALS:,}"
        )
