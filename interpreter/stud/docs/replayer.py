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

import json
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stud.safetext import html_text

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
    calls: Sequence[Mapping[str, Any]], names: Mapping[int, str] | None = None
) -> list[Frame]:
    """Frames from recorded protocol calls (``new_hand``, ``next_hand``, ``act``...).

    A refused action becomes a frame of its own showing the unchanged state.
    """
    names = dict(names or {})
    frames: list[Frame] = []
    state: Mapping[str, Any] | None = None
    for call in calls:
        op, request = call.get("op"), call.get("request") or {}
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


def render_page(hands: Sequence[Mapping[str, Any]], title: str) -> str:
    """One page replaying ``hands`` (each ``{"key", "title", "frames"}``); the title and
    the data are put in one pass, so neither can carry a marker for the other."""
    values = {
        "__TITLE__": html_text(title),
        "__DATA__": _json_for_script([dict(h) for h in hands]),
    }
    page = resources.files("stud.docs").joinpath("assets/replayer.html").read_text("utf-8")
    return re.sub("__TITLE__|__DATA__", lambda m: values[m.group()], page)


def example_hands(features: Path, select: str | None = None) -> list[dict[str, Any]]:
    """Every rulebook example that deals a hand, as replayer hands keyed by scenario id
    (``seven-card-stud/bring-in.feature:Scenario name``), played on the reference."""
    from stud.protocol.recording import RecordingEngine
    from stud.spec.features import collect
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.runner import execute_all

    recorder = RecordingEngine(InProcessEngine())
    hands: list[dict[str, Any]] = []
    for execution in execute_all(collect(features, select), recorder):
        frames = frames_from_calls(recorder.take())
        if frames:
            result = execution.result
            hands.append({"key": result.id, "title": result.scenario, "frames": frames})
    return hands


MARK = "<!-- replay: "


def replay_marker(scenario_id: str) -> str:
    """The mark a rulebook page leaves where an example's replay link goes (the site's
    build turns it into a link when the example deals a hand, else drops it)."""
    return f"{MARK}{scenario_id.replace('--', '- -')} -->"
