"""How the package shows itself in IPython, installed when :mod:`gupai_learn` is imported there:
its drawings as images an untrusted page shows (:mod:`gupai_learn.render.portable`) and, next to
every widget's live view, a static picture of it for a page opened without its kernel
(:mod:`gupai_learn.widgets._static`). This module sits above both, so neither imports the
other's side.
"""

from __future__ import annotations

from gupai_learn.render import portable


def install(shell: object = None) -> bool:
    """Register the package's display rules with IPython (``shell``, default the running one).
    Returns False outside IPython. Registering twice changes nothing."""
    return portable.install(shell, widget_picture=_widget_picture)


def _widget_picture(widget: object) -> str:
    """The static picture of ``widget`` (the widgets, and ipywidgets with them, load only once
    a widget is shown)."""
    from gupai_learn.widgets._static import static_html

    return static_html(widget)
