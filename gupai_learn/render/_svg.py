"""Small helpers shared by the drawing modules: escaping, numbers, elements, the SVG root.

Everything here writes text deterministically: numbers are rounded to two decimals and printed
without trailing zeros, attributes keep the order they are given in, and no ids are generated
(several drawings may sit on one notebook page, so ids could clash).
"""

from __future__ import annotations

import html

from gupai_learn.verdict import SetupError, describe_input

#: Font list for Latin text; no web fonts, so drawings render offline.
SANS = "sans-serif"
#: Font list for text with Chinese characters (traditional forms first).
CJK = "'Noto Sans CJK TC','Noto Sans CJK SC','WenQuanYi Micro Hei','Microsoft JhengHei',sans-serif"

SVG_NS = "http://www.w3.org/2000/svg"

#: The widest a drawing is shown, in CSS pixels: JupyterLab's output column is 848 px wide at
#: 1280 × 900 with the file browser open. A wider drawing is shown scaled down to this.
MAX_WIDTH = 840

AttrValue = str | int | float | None


def esc(text: object) -> str:
    """Escape text for use in element content or a double-quoted attribute."""
    return html.escape(str(text), quote=True)


def num(value: float) -> str:
    """A number as short, stable text: ``12.0`` → ``"12"``, ``1/3`` → ``"0.33"``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**values: AttrValue) -> str:
    """Attributes as text, in the order given; ``None`` values are left out.

    A trailing underscore is dropped (``class_``) and other underscores become hyphens
    (``stroke_width`` → ``stroke-width``).
    """
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = num(value) if isinstance(value, float) else str(value)
        parts.append(f' {name}="{esc(text)}"')
    return "".join(parts)


def tag(name: str, content: str | None = None, **values: AttrValue) -> str:
    """One element; self-closing when ``content`` is ``None``."""
    if content is None:
        return f"<{name}{attrs(**values)}/>"
    return f"<{name}{attrs(**values)}>{content}</{name}>"


def inset_rect(width: float, height: float, inset: float, **values: AttrValue) -> str:
    """A ``<rect>`` drawn ``inset`` inside a ``width`` × ``height`` box (frames and outlines)."""
    side = 2 * inset
    return tag(
        "rect",
        None,
        x=float(inset),
        y=float(inset),
        width=width - side,
        height=height - side,
        **values,
    )


def group(content: str, *, x: float = 0, y: float = 0, **values: AttrValue) -> str:
    """A ``<g>`` moved to ``(x, y)``."""
    move = f"translate({num(x)},{num(y)})" if (x or y) else None
    return tag("g", content, transform=move, **values)


def title(text: str) -> str:
    """A ``<title>`` element (tooltip and accessible name)."""
    return tag("title", esc(text))


def has_cjk(text: str) -> bool:
    """True if the text holds a character outside Latin-1 (Chinese names, symbols)."""
    return any(ord(ch) > 0x2E7F for ch in text)


def text_width(text: str, size: float) -> float:
    """A rough width for laying out labels: wide characters count double."""
    return sum(size * (1.0 if ord(ch) > 0x2E7F else 0.56) for ch in text)


def text(
    content: str,
    x: float,
    y: float,
    *,
    size: float = 11,
    anchor: str = "middle",
    weight: str | None = None,
    fill: str = "#2b2620",
    **values: AttrValue,
) -> str:
    """A line of text, in a font list that can show Chinese when it needs to."""
    return tag(
        "text",
        esc(content),
        x=float(x),
        y=float(y),
        font_size=float(size),
        font_family=CJK if has_cjk(content) else SANS,
        text_anchor=anchor,
        font_weight=weight,
        fill=fill,
        **values,
    )


def svg_root(
    body: str,
    width: float,
    height: float,
    *,
    label: str,
    tooltip: str | None = None,
    scale: float = 1.0,
    class_: str = "gupai-svg",
) -> str:
    """A complete ``<svg>`` with ``role="img"``, an ``aria-label`` and a ``<title>``.

    ``scale`` changes the displayed size only; the drawing's own coordinates stay the same.
    A drawing that would be shown wider than :data:`MAX_WIDTH` is shown at that width instead
    (every part smaller, nothing cut off).
    """
    opening = svg_open(width, height, label=label, tooltip=tooltip, scale=scale, class_=class_)
    return f"{opening}{body}</svg>"


def svg_open(
    width: float,
    height: float,
    *,
    label: str,
    tooltip: str | None = None,
    scale: float = 1.0,
    class_: str = "gupai-svg",
) -> str:
    """The start of :func:`svg_root`'s ``<svg>``, its ``<title>`` included: the body and
    ``</svg>`` follow (a view that assembles the body itself, as the line view does)."""
    if not scale > 0:
        raise SetupError(f"scale must be positive, not {describe_input(scale)}")
    scale = min(scale, MAX_WIDTH / width) if width > 0 else scale
    head = attrs(
        xmlns=SVG_NS,
        width=float(width * scale),
        height=float(height * scale),
        viewBox=f"0 0 {num(width)} {num(height)}",
        # never wider than the notebook column: a wide drawing scales down instead
        style="max-width:100%;height:auto",
        role="img",
        aria_label=label,
        class_=class_,
    )
    return f"<svg{head}>{title(tooltip or label)}"
