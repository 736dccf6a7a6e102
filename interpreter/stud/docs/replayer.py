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
from collections.abc import Mapping, Sequence
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
    """One page replaying ``hands`` (each ``{"key", "title", "frames"}``)."""
    data = _json_for_script([dict(h) for h in hands])
    return _PAGE.replace("__TITLE__", html.escape(title)).replace("__DATA__", data)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
body { font: 16px/1.4 system-ui, sans-serif; margin: 1em auto; max-width: 60em; padding: 0 1em;
       color: #222; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
#pick { max-width: 100%; margin: .3em 0 .8em; font-size: .95em; }
.bar { display: flex; gap: .4em; align-items: center; flex-wrap: wrap; margin: .5em 0; }
.bar button { font-size: 1.1em; min-width: 2.6em; padding: .2em .5em; cursor: pointer; }
#caption { font-weight: 600; min-height: 1.4em; }
#street { color: #2e7d32; font-weight: 600; text-transform: capitalize; }
table { border-collapse: collapse; width: 100%; margin: .5em 0; }
th, td { text-align: left; padding: .35em .6em; border-bottom: 1px solid #ddd; }
tr.to-act { background: #fff8e1; }
tr.folded td { color: #999; }
.card { display: inline-block; border: 1px solid #bbb; border-radius: .2em;
        padding: 0 .25em; margin: 0 .08em; font-weight: 600; background: #fff; }
.card.red { color: #c62828; }
.down { opacity: .75; }
#legal, #result { margin: .4em 0; }
.muted { color: #777; }
</style></head>
<body>
<h1>__TITLE__</h1>
<select id="pick" aria-label="hand"></select>
<div id="hand-title" class="muted"></div>
<div class="bar">
  <button id="first" title="first (Home)">&laquo;</button>
  <button id="prev" title="previous (&larr;)">&#x25C0;</button>
  <button id="next" title="next (&rarr;)">&#x25B6;</button>
  <button id="last" title="last (End)">&raquo;</button>
  <span id="counter" class="muted"></span>
</div>
<div><span id="street"></span> &middot; pot <b id="pot"></b> <span id="pots" class="muted"></span></div>
<div id="caption"></div>
<table><thead><tr><th>Seat</th><th>Player</th><th>Stack</th><th>Bet</th><th>Cards</th>
<th></th></tr></thead><tbody id="seats"></tbody></table>
<div id="community"></div>
<div id="legal"></div>
<div id="result"></div>
<p class="muted">Cards in brackets are face down. Keys: &larr; &rarr; Home End.</p>
<script>
"use strict";
const HANDS = __DATA__;
const SUITS = {c: "\\u2663", d: "\\u2666", h: "\\u2665", s: "\\u2660"};
let hand = 0, frame = 0;
const $ = (id) => document.getElementById(id);
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function card(code) {
  if (code === "Jk") return el("span", "Jk", "card");
  const s = code.slice(-1), r = code.slice(0, -1);
  return el("span", r + (SUITS[s] || s), "card" + (s === "d" || s === "h" ? " red" : ""));
}
function cards(list, into) { (list || []).forEach((c) => into.appendChild(card(c))); }
function legalText(l) {
  const a = l.action.replace("_", " ") + (l.action === "complete" || l.action === "raise" ? " to" : "");
  if (l.amount !== undefined) return a + " " + l.amount;
  if (l.min !== undefined) return a + " " + l.min + (l.max !== l.min ? ".." + l.max : "");
  return a;
}
function show() {
  const h = HANDS[hand], f = h.frames[frame], st = f.state || {};
  $("hand-title").textContent = h.title || "";
  $("counter").textContent = (frame + 1) + " / " + h.frames.length;
  $("caption").textContent = f.caption;
  $("street").textContent = (st.street || "") + (st.phase && st.phase !== "betting" ? " (" + st.phase + ")" : "");
  $("pot").textContent = st.pot || "0";
  $("pots").textContent = (st.pots || []).length > 1
    ? "(" + st.pots.map((p) => p.amount).join(" + ") + ")" : "";
  const body = $("seats"); body.textContent = "";
  (st.seats || []).forEach((s) => {
    const tr = el("tr");
    if (s.seat === st.to_act) tr.className = "to-act";
    if (s.folded) tr.className = "folded";
    tr.appendChild(el("td", String(s.seat) + (s.seat === st.dealer ? " (D)" : "")));
    tr.appendChild(el("td", s.name));
    tr.appendChild(el("td", s.stack));
    tr.appendChild(el("td", s.bet && s.bet !== "0" ? s.bet : ""));
    const td = el("td");
    if ((s.down || []).length) {
      const d = el("span", undefined, "down");
      d.appendChild(document.createTextNode("["));
      cards(s.down, d);
      d.appendChild(document.createTextNode("]"));
      td.appendChild(d); td.appendChild(document.createTextNode(" "));
    }
    cards(s.up, td);
    tr.appendChild(td);
    tr.appendChild(el("td", s.folded ? "folded" : s.all_in ? "all in" : s.seat === st.to_act ? "to act" : ""));
    body.appendChild(tr);
  });
  const com = $("community"); com.textContent = "";
  if ((st.community || []).length) { com.appendChild(el("span", "Community: ")); cards(st.community, com); }
  const legal = $("legal"); legal.textContent = "";
  if (st.to_act !== null && st.to_act !== undefined && (st.legal || []).length) {
    const who = (st.seats || []).find((s) => s.seat === st.to_act);
    legal.textContent = (who ? who.name : "seat " + st.to_act) + " may: " + st.legal.map(legalText).join(", ");
  }
  const res = $("result"); res.textContent = "";
  if (st.result) {
    (st.result.hands || []).forEach((x) => {
      const who = (st.seats || []).find((s) => s.seat === x.seat);
      const line = el("div", (who ? who.name : x.seat) + " shows " + (x.name || "") + (x.share ? " (" + x.share + ") " : " "));
      cards(x.cards, line); res.appendChild(line);
    });
    (st.result.awards || []).forEach((w) => {
      const who = (st.seats || []).find((s) => s.seat === w.seat);
      res.appendChild(el("div", (who ? who.name : w.seat) + " wins " + w.amount + (w.share ? " (" + w.share + ")" : ""), "award"));
    });
  }
  $("prev").disabled = $("first").disabled = frame === 0;
  $("next").disabled = $("last").disabled = frame === h.frames.length - 1;
}
function go(n) { frame = Math.max(0, Math.min(HANDS[hand].frames.length - 1, n)); show(); }
function pick(i) { hand = i; frame = 0; $("pick").value = String(i); show(); }
HANDS.forEach((h, i) => { const o = el("option", h.title || h.key); o.value = String(i); $("pick").appendChild(o); });
$("pick").hidden = HANDS.length < 2;
$("pick").addEventListener("change", (e) => { pick(Number(e.target.value)); history.replaceState(null, "", "#" + encodeURIComponent(HANDS[hand].key)); });
$("first").onclick = () => go(0);
$("prev").onclick = () => go(frame - 1);
$("next").onclick = () => go(frame + 1);
$("last").onclick = () => go(1e9);
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") go(frame + 1);
  else if (e.key === "ArrowLeft") go(frame - 1);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(1e9);
});
function fromHash() {
  const key = decodeURIComponent(location.hash.slice(1));
  const i = HANDS.findIndex((h) => h.key === key);
  pick(i >= 0 ? i : 0);
}
window.addEventListener("hashchange", fromHash);
if (HANDS.length) fromHash(); else $("caption").textContent = "No hands.";
</script>
</body></html>
"""


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
