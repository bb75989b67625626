"""Widgets (anywidget): thin views over the rules engine; Python decides, the browser draws."""

from gupai_learn.widgets.hand_picker import HandPicker

__all__ = ["HandPicker"]
