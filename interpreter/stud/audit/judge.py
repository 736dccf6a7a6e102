"""One hand's verdict: legal, illegal (the first divergence and the rule it breaks), or
unreadable; for an illegal hand, the known ruleset alternative that would make it legal.

The replay (:func:`stud.play.replay.check`) checks who acts, each action and amount, and
the cards dealt against the deal order; then the room's awards are compared with the
ruleset's *before rake*: every player gets back from the pot what the ruleset awards them
(plus uncalled bets), less a share of the rake, and the shares add up to the rake.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.engine import Hand
from stud.engine import events as ev
from stud.errors import StudError
from stud.histories.model import RoomHand
from stud.money import fmt
from stud.play.replay import Recording, Report, check

# (dotted path, value): the ruleset alternatives rooms are known to differ on
ALTERNATIVES: tuple[tuple[str, Any], ...] = (
    ("board.ties", "position"),
    ("board.ties", "suit"),
    ("betting.fold_when_check", "allowed"),
    ("betting.max_raises", 4),
    ("betting.max_raises", None),
    ("betting.uncapped_heads_up", "round-start"),
    ("betting.uncapped_heads_up", "never"),
    ("betting.big_bet_locks", False),
    ("pot.odd_chip_tie", "high-card"),
)


@dataclass
class Divergence:
    where: str  # "line 12", "result", "end"
    text: str  # the recorded line or what was compared
    rule: str  # catalogue id (or the ruleset value) the hand breaks
    reason: str
    legal: list[str] = field(default_factory=list)
    explained_by: str = ""  # "board.ties: position" when that alternative makes it legal

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "where": self.where,
            "text": self.text,
            "rule": self.rule,
            "reason": self.reason,
        }
        if self.legal:
            out["legal"] = self.legal
        if self.explained_by:
            out["explained_by"] = self.explained_by
        return out


@dataclass
class Verdict:
    file: str
    hand: str
    game: str
    verdict: str  # legal | illegal | unreadable
    ruleset: str = ""
    divergence: Divergence | None = None
    error: str = ""  # why the hand is unreadable
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "hand": self.hand,
            "game": self.game,
            "verdict": self.verdict,
            "ruleset": self.ruleset,
            "divergence": self.divergence.as_json() if self.divergence else None,
            "error": self.error or None,
            "notes": self.notes,
        }

    def line(self) -> str:
        head = f"{self.file} {self.hand} ({self.game}): {self.verdict}"
        if self.error:
            return f"{head}: {self.error}"
        d = self.divergence
        if d is None:
            notes = [n for n in self.notes if "dealer" not in n and "checked against" not in n]
            return "; ".join([f"{head} (result matches)" if not notes else head, *notes])
        text = f"{head}: {d.where} ({d.text}): {d.reason} [{d.rule}]"
        if d.explained_by:
            text += f"; legal under `{d.explained_by}`"
        return text


ResultCheck = Callable[[Hand], str]  # "" when the result matches; NOTE + text: unchecked
NOTE = "note: "


@dataclass
class Case:
    """One hand to audit: ``build(extra)`` reads it under the ruleset with extra values."""

    file: str
    hand: str
    game: str
    build: Callable[[Mapping[str, Any]], Recording]
    result: ResultCheck | None = None


def _rule(rec: Recording, report: Report) -> tuple[str, str, list[str]]:
    """The rule a failed replay breaks, a plain reason and the legal actions then."""
    hand = report.hand
    message = report.message
    if hand is None or report.where in ("deal", ""):
        return ("DEAL-02" if "deal" in message else "SETUP-01"), message, []
    if report.where == "result":  # every step was legal; what was paid differs
        return "SHOW-01", message, []
    legal = [str(a) for a in hand.legal_actions()]
    reason = message.split("): ", 1)[-1].removeprefix("illegal: ")
    rs = rec.ruleset
    if report.where == "end" or "already over" in message:
        return "ROUND-02", reason, legal
    step = rec.steps[report.steps]
    if "cannot act now" in message:
        first = not hand.betting.acted
        if first and hand.street == rs.streets[0].name:
            return ("BRING-13" if rs.bring_in.card == "highest" else "BRING-01"), reason, legal
        if first:
            if rs.board.ranking != "high":
                return "ROUND-12", reason, legal
            return "ROUND-03", reason, legal
        return "ROUND-01", reason, legal
    names = {a.action for a in hand.legal_actions()}
    if step.action == "fold" and "check" in names:
        return "betting.fold_when_check", "fold while checking is free: " + reason, legal
    if step.action == "check" and "call" in names:
        return ("BRING-07" if hand.street == rs.streets[0].name else "ROUND-10"), reason, legal
    if "not a legal amount" in message or "not legal now" in message:
        if step.action in ("check", "call", "fold"):
            return "ROUND-10", reason, legal
        if not any(n in names for n in ("bet", "complete", "raise")) and "call" in names:
            return "CAP-03", reason, legal
        if hand.street == rs.streets[0].name:
            return "BRING-09", reason, legal
        return "LIMIT-01", reason, legal
    return "ROUND-10", reason, legal


def _replay(case: Case, extra: Mapping[str, Any]) -> tuple[Recording, Report, str]:
    rec = case.build(extra)
    report = check(rec)
    problem = ""
    if report.ok and case.result is not None and report.hand is not None:
        problem = case.result(report.hand)
    return rec, report, problem


def judge(case: Case) -> Verdict:
    try:
        rec, report, problem = _replay(case, {})
    except StudError as exc:
        return Verdict(case.file, case.hand, case.game, "unreadable", error=str(exc))
    verdict = Verdict(
        case.file, case.hand, case.game, "legal", rec.ruleset.name, notes=list(rec.notes)
    )
    if problem.startswith(NOTE):
        verdict.notes.append(problem[len(NOTE) :])
        problem = ""
    if report.ok and not problem:
        return verdict
    if not report.ok:
        rule, reason, legal = _rule(rec, report)
        where = report.where if report.where else "start"
        text = rec.steps[report.steps].text if report.steps < len(rec.steps) else where
        if where in ("deal", "result"):
            text = where
        divergence = Divergence(where, text, rule, reason, legal)
    else:
        divergence = Divergence("result", "awards", "SHOW-01", problem)
    verdict.verdict = "illegal"
    verdict.divergence = divergence
    document = rec.ruleset.document
    for path, value in ALTERNATIVES:
        section, key = path.split(".")
        if document.get(section, {}).get(key) == value:
            continue
        try:
            _, alt, alt_problem = _replay(case, {path: value})
        except StudError:
            continue
        if alt.ok and not alt_problem:
            shown = "null" if value is None else str(value).lower()
            divergence.explained_by = f"{path}: {shown}"
            break
    return verdict


# --- the room's awards against the ruleset's ---------------------------------------------


def room_result(room: RoomHand, hand: Hand) -> str:
    """ "" when the room's collected amounts plus the rake are the ruleset's awards."""
    result = hand.result
    if result is None:
        return "the hand has no result"
    by_name = {p.seat: p.name for p in hand.players}
    engine: dict[str, Decimal] = {}
    for award in result.awards:
        name = by_name[award.seat]
        engine[name] = engine.get(name, Decimal(0)) + award.amount
    for e in hand.events:
        if isinstance(e, ev.UncalledReturned):
            name = by_name[e.seat]
            engine[name] = engine.get(name, Decimal(0)) + e.amount
    recorded: dict[str, Decimal] = {}
    for mapping in (room.collected, room.returned):
        for name, amount in mapping.items():
            recorded[name] = recorded.get(name, Decimal(0)) + amount
    names = sorted(set(engine) | set(recorded))
    diffs = {n: engine.get(n, Decimal(0)) - recorded.get(n, Decimal(0)) for n in names}
    if all(d >= 0 for d in diffs.values()) and sum(diffs.values()) == room.rake:
        return ""
    hidden = sorted(
        by_name[h.seat]
        for h in result.hands
        if by_name[h.seat] not in room.shown
        and any(None in d.down + d.up for d in room.deals if d.name == by_name[h.seat])
    )
    if hidden:
        return (
            f"{NOTE}showdown not checked: {', '.join(hidden)} went to showdown but the room "
            "did not show their cards"
        )
    ruleset = ", ".join(f"{n} {fmt(engine[n])}" for n in names if engine.get(n))
    room_text = ", ".join(f"{n} {fmt(recorded[n])}" for n in names if recorded.get(n))
    return (
        f"the room paid {room_text} (rake {fmt(room.rake)}); before rake the ruleset "
        f"awards {ruleset or 'nothing'}"
    )
