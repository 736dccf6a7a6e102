"""The documentation site and the hand replayer in a real headless browser.

Builds the site with mkdocs, serves it on 127.0.0.1, and drives Chromium (Debian's
``chromium`` and ``chromium-driver``, through Selenium: the ``browser`` extra) to click
through one rulebook hand street by street. Screenshots of the rulebook, a ruleset page,
the glossary and the replayer go to ``$STUD_SCREENSHOTS`` (default: a temporary folder).

Skipped when the browser or Selenium is missing, unless ``STUD_REQUIRE_BROWSER=1`` (CI
sets it, so there the test must run).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def _need(ok: bool, why: str) -> None:
    if not ok:
        if os.environ.get("STUD_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser test required (STUD_REQUIRE_BROWSER=1) but {why}")
        pytest.skip(why)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert build.returncode == 0, build.stderr[-3000:]
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    _need(CHROMIUM is not None and DRIVER is not None, "chromium/chromedriver not installed")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _need(False, "selenium not installed (pip install '.[browser]')")
        raise
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.add_argument("--window-size=1280,1600")
    options.binary_location = str(CHROMIUM)
    driver = webdriver.Chrome(service=Service(executable_path=str(DRIVER)), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def _shots() -> Path:
    folder = Path(os.environ.get("STUD_SCREENSHOTS") or ROOT / "out" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_click_through_a_rulebook_hand_street_by_street(site: str, browser) -> None:
    from selenium.webdriver.common.by import By

    hands = _hands()
    # a hand that reaches a showdown over several streets
    hand = next(
        h
        for h in hands
        if len(h["frames"]) >= 6 and (h["frames"][-1]["state"].get("result") or {}).get("showdown")
    )
    browser.get(f"{site}/replayer/#{quote(hand['key'], safe='')}")
    find = functools.partial(browser.find_element, By.ID)
    n = len(hand["frames"])
    assert find("counter").text == f"1 / {n}"
    assert find("hand-title").text == hand["title"]
    streets = {find("street").text.lower()}
    for i in range(1, n):
        find("next").click()
        frame = hand["frames"][i]
        assert find("counter").text == f"{i + 1} / {n}"
        assert find("caption").text == frame["caption"]
        assert find("pot").text == frame["state"]["pot"]
        streets.add(find("street").text.lower().split(" (")[0])
    assert len(streets) >= 3, streets  # it really went street by street
    assert not find("next").is_enabled()
    winners = browser.find_elements(By.CSS_SELECTOR, "#result .award")
    awards = hand["frames"][-1]["state"]["result"]["awards"]
    assert len(winners) == len(awards) and all(" wins " in w.text for w in winners)
    browser.save_screenshot(str(_shots() / "replayer.png"))
    find("first").click()
    assert find("counter").text == f"1 / {n}"


def test_rulebook_links_each_example_to_its_replay(site: str, browser) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{site}/rulebook/seven-card-stud/")
    assert "ruleset:" not in browser.find_element(By.TAG_NAME, "article").text
    browser.save_screenshot(str(_shots() / "rulebook.png"))
    links = browser.find_elements(By.CSS_SELECTOR, "a.replay")
    link = links[len(links) // 2]  # not the first hand: the page must open on this one
    heading = link.find_element(By.XPATH, "preceding::h4[1]")
    title = heading.text.split(": ", 1)[1].rstrip("¶").strip()
    anchor = heading.get_attribute("id")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    assert browser.find_element(By.ID, "hand-title").text == title
    assert browser.find_element(By.ID, "pick").get_attribute("value") != "0"
    # the replayer says which rule the example shows, and leads back to it
    rule = browser.find_element(By.ID, "rule").text
    assert rule.startswith("Rule: "), rule
    browser.find_element(By.ID, "back").click()
    assert browser.current_url.split("#")[1] == anchor
    assert "/rulebook/seven-card-stud/" in browser.current_url


def test_reader_pages_render(site: str, browser) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{site}/rulesets/seven-card-stud/")
    summaries = browser.find_elements(By.CSS_SELECTOR, "article details summary")
    assert any(s.text.startswith("The bring-in") for s in summaries)
    browser.save_screenshot(str(_shots() / "ruleset.png"))
    browser.get(f"{site}/glossary/")
    assert browser.find_element(By.ID, "bring-in").is_displayed()
    browser.save_screenshot(str(_shots() / "glossary.png"))


def test_the_replayer_is_a_page_of_the_site(site: str, browser) -> None:
    """In the site's theme, with its navigation back to the rulebook, and each step saying
    which line of the example made it and what the example checks there."""
    from selenium.webdriver.common.by import By

    hands = [h for h in _hands() if any(f.get("checks") for f in h["frames"])]
    hand = hands[0]
    browser.get(f"{site}/replayer/#{quote(hand['key'], safe='')}")
    assert browser.find_elements(By.CSS_SELECTOR, "header.md-header")  # the theme's header
    nav = browser.find_elements(By.CSS_SELECTOR, "nav.md-nav a.md-nav__link")
    assert any(a.get_attribute("href").rstrip("/").endswith("/rulebook") for a in nav)
    find = functools.partial(browser.find_element, By.ID)
    assert find("hand-title").text == hand["title"]
    for i, frame in enumerate(hand["frames"]):
        if i:
            find("next").click()
        assert find("step").text == (f"Step: {frame['step']}" if frame.get("step") else "")
        shown = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#checks li")]
        assert shown == [f"Checked here: {c}" for c in frame.get("checks", [])]
    browser.save_screenshot(str(_shots() / "replayer-in-site.png"))
    # the page's own styles stay inside the replayer: the theme keeps its font
    family = browser.execute_script("return getComputedStyle(document.body).fontFamily")
    assert "system-ui" not in family


def _hands() -> list[dict]:
    from stud.docs.replayer import example_hands

    return example_hands(ROOT / "features")
