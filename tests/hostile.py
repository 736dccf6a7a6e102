"""Hostile strings and the checks that they arrived inert (issue 24), shared by the unit
tests and the property fuzz of the readers and the report writers.

``MARKUP`` and ``TERMINAL`` are the attacks written out; :func:`active_html` lists what is
still live in rendered HTML (a tag that runs or loads something, an ``on...`` attribute, a
``javascript:`` link), :func:`terminal_problems` what would reach a terminal as a command.
"""

from __future__ import annotations

import unicodedata
from html.parser import HTMLParser
from pathlib import Path

MARKUP = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "![x](javascript:alert(1))",
    "<javascript:alert(1)>",
    "[x][1]\n\n[1]: javascript:alert(1)",
    "`<img src=x onerror=alert(1)>`",
    "``a` <svg onload=alert(1)>",
    "| a | b |\n|---|---|\n| <b onclick=alert(1)>x</b> | y |",
    "&lt;img src=x onerror=alert(1)&gt;",
    '"><iframe src="javascript:alert(1)">',
    "<a href='javascript:alert(1)'>x</a>",
    "\\<img src=x onerror=alert(1)>",
    "<!-- -->\n<details open ontoggle=alert(1)>",
    "cell { onclick=alert(1) }",  # attr_list, as mkdocs.yml enables it
    "x {: #id .c onmouseover=alert(1) }",
    '!!! note "<b>x</b>"',
    "~~~html\n<script>alert(1)</script>\n~~~",
    '<div markdown="1">*x*</div>',
]
TERMINAL = [
    "\x1b]0;pwned\x07\x1b[2J",
    "\x1b[31mred\x1b[0m",
    "\x9b31m",  # the 8-bit CSI
    "left\u202eright",
    "a\rb",
    "nul\x00byte",
    "two\nlines: all   9   9   0   0   100.0%",
]
# tags Markdown may produce from plain text and tables; anything else is live markup
SAFE_TAGS = {
    "p", "ul", "ol", "li", "code", "pre", "em", "strong", "h1", "h2", "h3", "h4", "h5", "h6",
    "table", "thead", "tbody", "tr", "th", "td", "br", "hr", "blockquote", "a",
}  # fmt: skip
SAFE_ATTRIBUTES = {"href", "id", "title"}  # anything else (class, style, on...) was injected
SAFE_SCHEMES = ("http:", "https:", "mailto:", "#", "/", ".")


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in SAFE_TAGS:
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name not in SAFE_ATTRIBUTES:
                self.problems.append(f"<{tag} {name}=...>")
            if name == "href":
                link = (value or "").strip().lower()
                if link and not link.startswith(SAFE_SCHEMES):
                    self.problems.append(f"<{tag} href={value!r}>")

    def handle_comment(self, data: str) -> None:
        self.problems.append("<!-- comment -->")


def active_html(html: str) -> list[str]:
    """What in ``html`` could run or load something (empty when inert)."""
    collector = _Collector()
    collector.feed(html)
    collector.close()
    return collector.problems


def render_markdown(text: str) -> str:
    """Markdown as this project's mkdocs renders it: Python-Markdown with the extensions
    of mkdocs.yml (attr_list, tables, admonition, md_in_html, toc, superfences)."""
    import markdown

    return markdown.markdown(text, extensions=EXTENSIONS)


def _extensions() -> list[str]:
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    return [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]


ROOT = Path(__file__).resolve().parents[1]
EXTENSIONS = _extensions()


def terminal_problems(text: str) -> list[str]:
    """Characters that would reach a terminal as a command (line breaks and tabs are text)."""
    return [
        repr(c)
        for c in set(text)
        if c not in "\n\t" and unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
    ]
