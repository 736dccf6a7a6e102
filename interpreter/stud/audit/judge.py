"""One hand's verdict: legal, illegal (the first divergence and the rule it breaks),
incomplete (the history stops before the hand ends), unreadable, unsupported (a stud game
with no ruleset) or skipped (another game); for an illegal hand, the known ruleset
alternative that would make it legal.

The replay (:func:`stud.play.replay.check`) checks who acts, each action and amount, and
the cards dealt against the deal order; then the room's awards are compared with the
ruleset's *before rake* (:mod:`stud.audit.awards`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from stud.audit.awards import NOTE
from stud.engine import Hand
from stud.errors import StudError
from stud.play.replay import Recording, Report, check

VERDICTS = ("legal", "illegal", "incomplete", "unreadable", "unsupported", "skipped")

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
    ("bring_in.all_in", "next-seat"),
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
    verdict: str  # one of VERDICTS
    ruleset: str = ""
    divergence: Divergence | None = None
    error: str = ""  # why the hand is unreadable, incomplete, unsupported or skipped
    notes: list[str] = field(default_factory=list)
    room: str = ""  # the room and format the hand was read from ("PokerStars", "text")
    format: str = ""

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
            "room": self.room or None,
            "format": self.format or None,
        }

    def line(self) -> str:
        head = f"{self.file} {self.hand} ({self.game}): {self.verdict}"
        if self.error:
            return f"{head}: {self.error}"
        d = self.divergence
        if d is None:
            notes = [n for n in self.notes if not n.startswith(INFORMATION) and "dealer" not in n]
            caveat = any(n.startswith(CAVEATS) for n in notes)
            return "; ".join([head if caveat else f"{head} (result matches)", *notes])
        text = f"{head}: {d.where} ({d.text}): {d.reason} [{d.rule}]"
        if d.explained_by:
            text += f"; legal under `{d.explained_by}`"
        return text


# notes that say what could not be checked, and notes that only inform
CAVEATS = ("showdown not checked", "no fill", "the bring-in could not", "who opened")
INFORMATION = ("PHH variant",)
ResultCheck = Callable[[Hand], str]  # "" when the result matches; NOTE + text: unchecked


@dataclass
class Case:
    """One hand to audit: ``build(extra)`` reads it under the ruleset with extra values."""

    file: str
    hand: str
    game: str
    build: Callable[[Mapping[str, Any]], Recording]
    result: ResultCheck | None = None
    finished: bool = True  # the history records the end of the hand
    room: str = ""
    format: str = ""


def _rule(rec: Recording, report: Report) -> tuple[str, str, list[str]]:
    """The rule a failed replay breaks, a plain reason and the legal actions then."""
    hand = report.hand
    message = report.message
    if hand is None or report.where in ("deal", ""):
        if "(DEAL-01)" in message:
            return "DEAL-01", message, []
        return ("DEAL-02" if "deal" in message else "SETUP-01"), message, []
    legal = [str(a) for a in hand.legal_actions()]
    reason = message.split("): ", 1)[-1].removeprefix("illegal: ")
    rs = rec.ruleset
    if report.where == "result":
        return "SHOW-01", reason, []
    if report.where == "end" or "already over" in message or report.steps >= len(rec.steps):
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
    except (StudError, ValueError, ArithmeticError, LookupError) as exc:  # odd input
        return Verdict(
            case.file,
            case.hand,
            case.game,
            "unreadable",
            error=str(exc),
            room=case.room,
            format=case.format,
        )
    verdict = Verdict(
        case.file,
        case.hand,
        case.game,
        "legal",
        rec.ruleset.name,
        notes=list(rec.notes),
        room=case.room,
        format=case.format,
    )
    if not case.finished and (report.ok or report.where == "end"):
        verdict.verdict = "incomplete"
        verdict.error = (
            "the history stops before the hand is over: " + report.message.split(": ", 1)[-1]
            if not report.ok
            else "the history stops before the hand's result"
        )
        return verdict
    verdict.notes += report.caveats
    if problem.startswith(NOTE):
        verdict.notes.append(problem[len(NOTE) :])
        problem = ""
    if report.ok and not problem:
        return verdict
    if not report.ok:
        rule, reason, legal = _rule(rec, report)
        where = report.where if report.where else "start"
        text = rec.steps[report.steps].text if report.steps < len(rec.steps) else where
        if where in ("deal", "result", "end"):
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
        except (StudError, ValueError, ArithmeticError, LookupError):
            continue
        if alt.ok and not alt_problem:
            shown = "null" if value is None else str(value).lower()
            divergence.explained_by = f"{path}: {shown}"
            break
    return verdict
