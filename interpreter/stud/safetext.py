"""Text from rulesets and files, made safe to print on a terminal and short to quote.

A ruleset's title, description or a value quoted in an error message can hold terminal
escape sequences (a YAML ``"\\e[2J"`` or a JSON ``"\\u001b"``), bidirectional overrides or
other control characters.  :func:`printable` shows each of them as a visible ``\\x1b`` /
``\\u202e`` escape instead, so nothing reaches the terminal as a command; :func:`excerpt`
also bounds how much of a value (or of a file read by mistake) is ever echoed.

>>> printable("Stud \\x1b[31mred\\x1b[0m")
'Stud \\\\x1b[31mred\\\\x1b[0m'
>>> printable("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
>>> printable("left\\u202eright")
'left\\\\u202eright'
>>> excerpt("root:x:0:0:root:/root:/bin/bash\\ndaemon:x:1:1", 20)
'root:x:0:0:root:/roo...'
"""

from __future__ import annotations

import unicodedata

EXCERPT = 40  # characters of a value quoted in a message


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _unsafe(char: str) -> bool:
    if char in "\n\t":
        return False
    category = unicodedata.category(char)
    return category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def printable(text: str, *, newlines: bool = True) -> str:
    """``text`` with every control or formatting character shown as an escape.

    With ``newlines`` False, line breaks and tabs are escaped too (for one-line output).
    """
    if text.isprintable() and (newlines or ("\n" not in text and "\t" not in text)):
        return text
    return "".join(_escape(c) if _unsafe(c) or (not newlines and c in "\n\t") else c for c in text)


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """At most ``limit`` characters of ``text`` on one line, escaped, ``...`` when cut."""
    cut = text[:limit]
    return printable(cut, newlines=False) + ("..." if len(text) > limit else "")


_MARKDOWN = str.maketrans(
    {c: "\\" + c for c in "\\`*_[]|#~"} | {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
)


def markdown(text: str) -> str:
    """Text from outside (an engine's names and messages) made inert in a Markdown line:
    control characters escaped, Markdown and HTML marks escaped, no bare link.

    >>> markdown("Ann* <b>|x| see https://x.io")
    'Ann\\\\* &lt;b&gt;\\\\|x\\\\| see https:&#47;&#47;x.io'
    """
    return printable(text, newlines=False).translate(_MARKDOWN).replace("://", ":&#47;&#47;")
