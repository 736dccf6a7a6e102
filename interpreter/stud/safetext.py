"""Text from outside (hand histories, engines, rulesets, file names), escaped for where it goes.

One function per destination, used at every write point:

- the terminal: :func:`printable` shows each control or formatting character (terminal
  escape sequences such as a YAML ``"\\e[2J"`` or a JSON ``"\\u001b"``, bidirectional
  overrides) as a visible ``\\x1b`` / ``\\u202e`` escape, so nothing reaches the terminal
  as a command; :func:`excerpt` also bounds how much of a value is ever echoed;
- Markdown reports: :func:`markdown` (text, table cells) and :func:`markdown_code` (a code
  span) show the text as written, never as markup: HTML is entity-escaped (no tag, no
  ``<javascript:...>`` autolink), the characters of links, images, emphasis and tables are
  backslash-escaped (``[x](javascript:...)`` stays text), and line breaks are shown as
  ``\\n`` so a value cannot start a block of its own;
- HTML: :func:`html_text`;
- TOML: :func:`toml_string` writes a valid basic string (characters outside ASCII as
  themselves, never as surrogate pairs).

Markdown renderers add syntax through extensions (mkdocs here enables ``attr_list``, where
a cell ending ``{ onclick=... }`` would set an attribute, and ``admonition``, where a line
starting ``!!!`` opens a block): braces are escaped too, and a text whose first character
could start a block (``#``, ``!!!``, ``~~~``, ``- ``, ``1. ``...) has it written as an
HTML character reference.

>>> printable("Stud \\x1b[31mred\\x1b[0m")
'Stud \\\\x1b[31mred\\\\x1b[0m'
>>> printable("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
>>> printable("left\\u202eright")
'left\\\\u202eright'
>>> excerpt("root:x:0:0:root:/root:/bin/bash\\ndaemon:x:1:1", 20)
'root:x:0:0:root:/roo...'
>>> markdown("<img src=x onerror=alert(1)> [x](javascript:alert(1)) a|b")
'&lt;img src=x onerror=alert(1)&gt; \\\\[x\\\\](javascript:alert(1)) a\\\\|b'
>>> markdown("# not a heading"), markdown("1. not a list"), markdown("50.0%")
('&#35; not a heading', '1&#46; not a list', '50.0%')
>>> markdown("cell { onclick=alert(1) }")
'cell \\\\{ onclick=alert(1) \\\\}'
>>> markdown_code("stud audit hands/"), markdown_code("a`b")
('`stud audit hands/`', 'a\\\\`b')
>>> html_text('<b title="x">')
'&lt;b title=&quot;x&quot;&gt;'
>>> print(toml_string('🂡 "A"\\\\ \\x1b'))
"🂡 \\"A\\"\\\\ \\u001B"
"""

from __future__ import annotations

import html
import re
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


# --- Markdown and HTML ---------------------------------------------------------------------
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
_MARKUP = re.compile(r"[&<>\\`*_\[\]|{}]")
# what starts a block (heading, list item, admonition, fence, ...) at the start of a line
_BLOCK_START = re.compile(r"[#!~:]|(?:[+\-]|\d{1,9}[.)])(?=\s|$)")


def markdown(text: str) -> str:
    r"""``text`` for a line or a table cell of a Markdown document, shown as written: control
    characters escaped, Markdown and HTML marks escaped, no bare link.

    >>> markdown("Ann* <b>|x| see https://x.io")
    'Ann\\* &lt;b&gt;\\|x\\| see https:&#47;&#47;x.io'
    """
    one = printable(text, newlines=False)
    out = _MARKUP.sub(lambda m: _ENTITIES.get(m.group(), "\\" + m.group()), one)
    start = _BLOCK_START.match(out)
    if start:
        end = start.end() - 1
        out = f"{out[:end]}&#{ord(out[end])};{out[end + 1 :]}"
    return out.replace("://", ":&#47;&#47;")  # no bare link


def markdown_code(text: str) -> str:
    """``text`` as a Markdown code span, or as escaped text where a backtick or a table's
    ``|`` would end the span early (renderers differ on escapes inside spans)."""
    one = printable(text, newlines=False)
    if not one.strip() or "`" in one or "|" in one:
        return markdown(one)
    return f"`{one}`"


def html_text(text: str) -> str:
    """``text`` for HTML element content or a quoted attribute value."""
    return html.escape(printable(text), quote=True)


# --- TOML ----------------------------------------------------------------------------------
_TOML_SHORT = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_TOML_SHORT["\r"] = "\\r"


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped, the rest
    (emoji included) written as itself; a lone surrogate, which no UTF-8 file can hold,
    becomes U+FFFD."""
    out = ['"']
    for c in text:
        code = ord(c)
        if c in _TOML_SHORT:
            out.append(_TOML_SHORT[c])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\\uFFFD")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)
