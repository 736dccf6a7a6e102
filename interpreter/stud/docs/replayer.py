"""The visual hand replayer: a static, offline HTML page that steps through hands.

A hand is a list of *frames*, each a protocol ``state`` (docs/protocol.md) and a caption
saying what led to it ("Ann raises to 1.00").  Frames come from the protocol calls of a
rulebook example (:func:`frames_from_calls`) or from replaying a recorded hand
(:func:`frames_from_recording`); :func:`render_page` writes one self-contained page
(inline CSS and script, no network) with buttons and arrow keys to step through them.

>>> calls = [{"op": "new_hand", "request": {}, "reply": {"street": "third"}},
...          {"op": "act", "request": {"seat": 2, "action": "bring_in", "amount": "0.10"},
...           "reply": {"street": "third"}},
...          {"op": "act", "request": {"seat": 3, "action": "check"},
...           "refused": {"code": "illegal_action", "message": "no"}}]
>>> [f["caption"] for f in frames_from_calls(calls, {2: "Bob", 3: "Cat"})]
['The cards are dealt', 'Bob: bring in 0.10', 'Cat: check (refused: no)']
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from stud.play.replay import Recording

Frame = dict[str, Any]


def _caption(request: Mapping[str, Any], names: Mapping[int, str]) -> str:
    seat = request.get("seat")
    who = names.get(seat, f"seat {seat}") if isinstance(seat, int) else "?"
    words = [str(request.get("action", "?")).replace("_", " ")]
    if request.get("amount") is not None:
        words.append(str(request["amount"]))
    if request.get("declare"):
        words.append(str(request["declare"]))
    if request.get("cards"):
        words.append(" ".join(request["cards"]))
    return f"{who}: {' '.join(words)}"


def frames_from_calls(
    calls: Sequence[Mapping[str, Any]],
    names: Mapping[int, str] | None = None,
    *,
    strip: bool = True,
) -> list[Frame]:
    """Frames from recorded protocol calls (``new_hand``, ``next_hand``, ``act``...).

    A refused action becomes a frame of its own showing the unchanged state.
    """
    names = dict(names or {})
    frames: list[Frame] = []
    state: Mapping[str, Any] | None = None
    for index, call in enumerate(calls):
        op, request = call.get("op"), call.get("request") or {}
        count = len(frames)
        if op in ("new_hand", "next_hand"):
            for s in request.get("seats") or []:
                names[int(s["seat"])] = str(s.get("name", s["seat"]))
            if "reply" in call:
                state = call["reply"]
                for s in state.get("seats") or []:
                    names.setdefault(int(s["seat"]), str(s.get("name", s["seat"])))
                label = "The cards are dealt" if op == "new_hand" else "The next hand is dealt"
                frames.append({"caption": label, "state": state})
        elif op == "act":
            caption = _caption(request, names)
            if "reply" in call:
                state = call["reply"]
                frames.append({"caption": caption, "state": state})
            elif "refused" in call and state is not None:
                why = call["refused"].get("message", "")
                frames.append({"caption": f"{caption} (refused: {why})", "state": state})
            if len(frames) > count:
                frames[-1]["act"] = {k: v for k, v in request.items() if v is not None}
        if len(frames) > count:
            frames[-1]["_call"] = index
            if call.get("step"):
                frames[-1]["step"] = call["step"]
    if strip:
        for frame in frames:
            del frame["_call"]
    return frames


def frames_from_recording(rec: Recording) -> list[Frame]:
    """Frames of a recorded hand replayed on the reference interpreter, up to its end or
    its first illegal step (shown as the last frame's caption)."""
    from stud.engine import Hand
    from stud.engine.snapshot import state_json
    from stud.errors import StudError
    from stud.play.replay import _resolve

    hand = Hand(rec.ruleset, rec.seats, rec.dealer, deck=rec.deck)
    names = {s.seat: s.name for s in rec.seats}
    frames: list[Frame] = [{"caption": "The cards are dealt", "state": state_json(hand)}]
    for step in rec.steps:
        if hand.complete:
            break
        action, amount = _resolve(hand, step)
        request = {"seat": step.seat, "action": action, "amount": amount}
        caption = _caption(request, names)
        try:
            hand.act(step.seat, action, amount, declare=step.declare, cards=step.cards)
        except StudError as exc:
            frames.append({"caption": f"{caption} (illegal: {exc})", "state": state_json(hand)})
            break
        frames.append({"caption": caption, "state": state_json(hand)})
    return frames


def _json_for_script(data: Any) -> str:
    """JSON safe inside a ``<script>`` element (no ``</``, no ``<!--``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _template() -> str:
    return resources.files("stud.docs").joinpath("assets/replayer.html").read_text("utf-8")


def render_page(hands: Sequence[Mapping[str, Any]], title: str) -> str:
    """One page replaying ``hands`` (each ``{"key", "title", "frames"}``)."""
    data = _json_for_script([dict(h) for h in hands])
    return _template().replace("__TITLE__", html.escape(title)).replace("__DATA__", data)


def render_site_page(hands: Sequence[Mapping[str, Any]], title: str, intro: str) -> str:
    """The replayer as a Markdown page of the documentation site: the site's theme and
    navigation around it, the replayer's own styles scoped to it (the standalone page's
    body styles left out).  Each hand may carry ``back`` (its example in the rulebook)
    and ``index`` (the rules index) links, relative to this page."""
    template = _template()
    style = re.search(r'<style id="replayer-style">.*?</style>', template, re.S)
    body = re.search(r"<!-- replayer: begin -->\n(.*?)<!-- replayer: end -->", template, re.S)
    if style is None or body is None:  # pragma: no cover - the template ships with both
        raise ValueError("assets/replayer.html lacks its replayer-style block or its markers")
    data = _json_for_script([dict(h) for h in hands])
    html_part = body.group(1).replace("__DATA__", data)
    # raw HTML blocks of Markdown end at a blank line: keep the blocks whole
    html_part = "\n".join(line for line in html_part.splitlines() if line.strip())
    return f"# {html.escape(title)}\n\n{intro}\n\n{style.group(0)}\n\n{html_part}\n"


def example_hands(features: Path, select: str | None = None) -> list[dict[str, Any]]:
    """Every rulebook example that deals a hand, as replayer hands keyed by scenario id
    (``seven-card-stud/bring-in.feature:Scenario name``), played on the reference.

    Each frame names the Gherkin step that made it (``step``), and the Then steps checked
    while it was the latest (``checks``); each hand its ``rule`` and catalogue ``ids``.
    """
    from stud.docs.markdown import cards_to_symbols
    from stud.protocol.recording import RecordingEngine
    from stud.spec.context import ScenarioContext
    from stud.spec.features import collect
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.seam import CheckedEngine
    from stud.spec.vocabulary import run_step

    recorder = RecordingEngine(InProcessEngine())
    engine = CheckedEngine(recorder)
    hello = engine.hello()
    hands: list[dict[str, Any]] = []
    for scenario in collect(features, select):
        ctx = ScenarioContext(engine=engine, hello=dict(hello))
        calls: list[dict[str, Any]] = []
        checked: dict[int, list[str]] = {}  # call count -> Then steps checked after them
        try:
            for step in scenario.steps:
                run_step(ctx, step.kind, step.text, step.table)
                made = recorder.take()
                for call in made:
                    call["step"] = str(step)
                calls += made
                if step.kind == "then":
                    checked.setdefault(len(calls), []).append(str(step))
        except Exception:  # noqa: BLE001 - a failing example is replayed up to its failure
            calls += recorder.take()
        frames = _frames_with_checks(calls, checked)
        if frames:
            hands.append(
                {
                    "key": scenario.id,
                    "title": cards_to_symbols(scenario.name),
                    "rule": cards_to_symbols(scenario.rule),
                    "ids": list(scenario.catalogue_ids),
                    "frames": frames,
                }
            )
    return hands


def _frames_with_checks(
    calls: list[dict[str, Any]], checked: Mapping[int, list[str]]
) -> list[Frame]:
    """Frames of ``calls``, each Then step attached to the frame shown when it ran
    (``checked`` maps a number of calls made to the Then steps run after them)."""
    frames = frames_from_calls(calls, strip=False)
    for made, steps in sorted(checked.items()):
        shown = [f for f in frames if f["_call"] < made]
        if shown:
            shown[-1].setdefault("checks", []).extend(steps)
    for frame in frames:
        del frame["_call"]
    return frames


MARK = "<!-- replay: "


def replay_marker(scenario_id: str, anchor: str = "") -> str:
    """The mark a rulebook page leaves where an example's replay link goes (the site's
    build turns it into a link when the example deals a hand, else drops it); ``anchor``
    is the example's heading, where the replayer links back to.

    >>> replay_marker("razz/razz.feature:A king", "a-king")
    '<!-- replay: #a-king razz/razz.feature:A king -->'
    """
    where = f"#{anchor} " if anchor else ""
    return f"{MARK}{where}{scenario_id.replace('--', '- -')} -->"
