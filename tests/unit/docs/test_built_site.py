"""The built site, as a reader gets it: no text eaten by Markdown, no link that goes nowhere.

``mkdocs build`` renders the hand-written pages (the protocol first: implementers copy from
it) with the site's own Markdown extensions and hook. Every word and every inline code
span of a page's source must reach the HTML (``{dotted.path: value}`` in a table cell was
once taken for an attribute list and vanished), and every link of every page must resolve
to a file of the built site.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[3]
# pages written by hand whose every word must survive rendering
CHECKED_PAGES = ("protocol.md", "index.md", "guide/house-rules.md", "guide/replay.md")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("material")
    mkdocs = shutil.which("mkdocs") or str(Path(sys.executable).parent / "mkdocs")
    if not Path(mkdocs).exists():
        pytest.skip("mkdocs is not installed")
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run(
        [mkdocs, "build", "--strict", "-q", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return out


class _Page(HTMLParser):
    """The article's text and the links of the whole page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.text: list[str] = []
        self._article = 0
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key in ("href", "src"):
            if found.get(key):
                self.links.append(str(found[key]))
        if tag == "article":
            self._article += 1
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._article and not self._skip:
            self.text.append(data)


def _read(site: Path, page: str) -> _Page:
    parser = _Page()
    built = site / re.sub(r"(index)?\.md$", "", page) / "index.html"
    parser.feed(built.read_text(encoding="utf-8"))
    return parser


def _source_words(markdown: str) -> list[str]:
    """The words a reader must see: link targets, HTML comments, headings' ``{ #id }``
    and ``{ .class }`` attribute lists and Markdown punctuation left out."""
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    text = re.sub(r"^\s*(```+|~~~+)\S*", " ", text, flags=re.M)  # fences and their language
    text = re.sub(r"^\s*\d+\.\s", " ", text, flags=re.M)  # numbers of ordered lists
    text = re.sub(r"\]\([^)]*\)", "] ", text)
    text = re.sub(r"\{\s*[#.][\w.-]+(\s+[#.][\w.-]+)*\s*\}", " ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.findall(r"[A-Za-z0-9_][A-Za-z0-9_.:\-]*[A-Za-z0-9_]", html.unescape(text))


@pytest.mark.parametrize("page", CHECKED_PAGES)
def test_no_text_is_lost_to_markdown(site: Path, page: str) -> None:
    source = (ROOT / "docs" / page).read_text(encoding="utf-8")
    shown = "".join(_read(site, page).text)
    lost = sorted({w for w in _source_words(source) if w not in shown})
    assert lost == [], f"docs/{page}: words missing from the built page: {lost}"
    spans = re.findall(r"(?<!`)`([^`\n]+)`(?!`)", source)
    missing = sorted({s for s in spans if html.unescape(s.strip()) not in shown})
    assert missing == [], f"docs/{page}: code spans missing from the built page: {missing}"


def test_every_link_of_every_page_resolves(site: Path) -> None:
    dead = []
    for built in sorted(site.rglob("*.html")):
        parser = _Page()
        parser.feed(built.read_text(encoding="utf-8"))
        for link in parser.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("#", "mailto:", "data:")):
                continue
            base = site if parts.path.startswith("/") else built.parent
            target = (base / unquote(parts.path).lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                dead.append(f"{built.relative_to(site)}: {link}")
    assert dead == [], "links that go nowhere:\n" + "\n".join(dead[:40])


def test_protocol_links_to_what_it_cites(site: Path) -> None:
    links = _read(site, "protocol.md").links
    for cited in (
        "schemas/protocol/",
        "interpreter/stud/spec/profile.py/",
        "interpreter/stud/rules/model.py/",
        "examples/node-engine/README.md/",
    ):
        assert any(link.endswith(cited) for link in links), cited
    page = site / "source" / "interpreter" / "stud" / "rules" / "model.py" / "index.html"
    assert "class Ruleset" in html.unescape(re.sub(r"<[^>]+>", "", page.read_text("utf-8")))
