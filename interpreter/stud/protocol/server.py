"""The protocol v1 server: request handling as a pure in-memory :class:`Handler`.

:class:`Handler` turns one request (a parsed JSON value) into one reply dict and never
raises: a request that breaks ``schemas/protocol/request.json`` or the limits of
:mod:`stud.protocol.limits` gets ``bad_request``, a failure inside the engine ``internal``,
and a refused request of any kind leaves the hand as it was.  Subclasses implement
``op_<name>`` methods; :class:`ReferenceHandler` is the reference interpreter
(``stud serve``), and the PokerKit adapter (``adapters/pokerkit``) is another.
:func:`serve_lines` is the stdio loop: bounded lines in, one ASCII JSON line out for each.

>>> handler = ReferenceHandler()
>>> handler.handle({"id": 1, "op": "state"})["error"]["code"]
'no_hand'
>>> handler.handle({"id": 2, "op": "fly"})["error"]["code"]
'bad_request'
>>> handler.handle_line('{"id": 1.0, "op": "bye"}')
'{"id":1.0,"ok":true}'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from decimal import DecimalException
from pathlib import Path
from typing import IO, Any

from stud import __version__
from stud.cards import Card, format_cards, parse_cards
from stud.engine import Hand, Seat, Table, replay, state_json, to_history
from stud.errors import (
    CardError,
    IllegalAction,
    MoneyError,
    RulesetError,
    StudError,
    UnsupportedError,
)
from stud.hands import RANKING_NAMES, evaluate
from stud.money import to_money
from stud.protocol.limits import bounds_problem, shape_problem
from stud.protocol.rulesource import RulesetSource, SourceError
from stud.protocol.schemas import request_problems
from stud.protocol.waiting import fd_lines
from stud.protocol.wire import encode_reply, parse_line, read_lines, request_id
from stud.rules import shipped_rulesets
from stud.rules.model import Ruleset

Reply = dict[str, Any]
MAX_MESSAGE = 2000  # characters of an error message


class Refusal(StudError):
    """Raised by an ``op_`` method to answer ``ok: false`` with ``code``."""

    def __init__(self, code: str, message: str, legal: list[dict[str, Any]] | None = None):
        self.code = code
        self.message = message
        self.legal = legal
        super().__init__(f"{code}: {message}")


def competition_ranks(strengths: Sequence[int]) -> list[int]:
    """1 for the best (highest strength); tied values share a rank; the next rank skips.

    >>> competition_ranks([5, 9, 5, 1])
    [2, 1, 2, 4]
    """
    return [1 + sum(other > s for other in strengths) for s in strengths]


class Handler:
    """Dispatches requests to ``op_<op>(request) -> fields`` and wraps the answer."""

    name = "stud"
    version = __version__
    rulesets: tuple[str, ...] = ("*",)
    features: tuple[str, ...] = ()
    rankings: tuple[str, ...] = ()  # protocol 1.2: rankings beyond high and the 1.1 lows

    def __init__(self) -> None:
        self.finished = False  # set by bye

    def handle(self, request: Any) -> Reply:
        rid = request_id(request)
        found = shape_problem(request)
        if found is None:
            found = "; ".join(request_problems(request)) or bounds_problem(request)
        if found:
            return error_reply(rid, "bad_request", found)
        return self.dispatch(request, rid)

    def dispatch(self, request: Mapping[str, Any], rid: int | float | None) -> Reply:
        """Answer a request that meets the schema and the limits (:meth:`handle` checks;
        the fuzzer's in-process reference calls this directly with requests it built)."""
        method = getattr(self, f"op_{request['op']}")
        try:
            fields = method(request)
        except Refusal as exc:
            return error_reply(rid, exc.code, exc.message, exc.legal)
        except IllegalAction as exc:
            state = self.refusal_state()
            legal = self.legal_now() if state is None else list(state["legal"])
            reply = error_reply(rid, "illegal_action", str(exc), legal)
            if state is not None:
                reply["error"]["state"] = state
            return reply
        except UnsupportedError as exc:
            reply = error_reply(rid, "unsupported", str(exc))
            if exc.values:
                reply["error"]["values"] = exc.values
            return reply
        except (RulesetError, CardError, MoneyError, SourceError) as exc:
            return error_reply(rid, "bad_request", str(exc))
        except StudError as exc:
            return error_reply(rid, "bad_request", f"{type(exc).__name__}: {exc}")
        except DecimalException as exc:
            return error_reply(
                rid, "bad_request", f"an amount is out of range ({type(exc).__name__})"
            )
        except Exception as exc:  # noqa: BLE001 - the server must answer, not crash
            return error_reply(rid, "internal", f"{type(exc).__name__}: {str(exc)[:300]}")
        return {"id": rid, "ok": True, **fields}

    def handle_line(self, line: str | bytes) -> str:
        """One request line in, one reply line out (unreadable -> ``bad_request``)."""
        request, why = parse_line(line)
        if why:
            return encode_reply(error_reply(None, "bad_request", why))
        return encode_reply(self.handle(request))

    def legal_now(self) -> list[dict[str, Any]]:
        """The legal actions to list with an ``illegal_action`` refusal."""
        return []

    def refusal_state(self) -> dict[str, Any] | None:
        """The state to send with an ``illegal_action`` refusal (protocol 1.2, feature
        ``refusal-state``), or None for a handler without the feature."""
        return None

    # --- ops every handler shares ----------------------------------------------------------
    def op_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        reply = {
            "protocol": 1,
            "engine": {"name": self.name, "version": self.version},
            "rulesets": list(self.rulesets),
            "features": list(self.features),
        }
        if self.rankings:
            reply["rankings"] = list(self.rankings)
        return reply

    def op_bye(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.finished = True
        return {}

    def op_new_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        raise Refusal("unsupported", "this engine does not play hands")

    def op_next_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        raise Refusal("unsupported", "this engine does not deal consecutive hands (no 'table')")

    def op_act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        raise Refusal("no_hand", "no hand in progress: send new_hand first")

    def op_state(self, request: Mapping[str, Any]) -> dict[str, Any]:
        raise Refusal("no_hand", "no hand in progress: send new_hand first")

    def op_evaluate(self, request: Mapping[str, Any]) -> dict[str, Any]:
        raise Refusal("unsupported", "this engine does not evaluate hands")


def seat_cards(request: Mapping[str, Any], seated: list[int]) -> dict[int, list[Card]] | None:
    """The optional ``seat_cards`` of a deal (protocol 1.2), read and checked.

    >>> seat_cards({"seat_cards": [{"seat": 2, "cards": ["As", "Kd"]}]}, [1, 2])
    {2: [As, Kd]}
    >>> seat_cards({"seat_cards": [{"seat": 3, "cards": ["As"]}]}, [1, 2])
    Traceback (most recent call last):
    stud.protocol.server.Refusal: bad_request: seat_cards: seat 3 is not at the table
    """
    given = request.get("seat_cards")
    if not given:
        return None
    out: dict[int, list[Card]] = {}
    seen: set[Card] = set()
    for entry in given:
        seat = entry["seat"]
        if seat not in seated:
            raise Refusal("bad_request", f"seat_cards: seat {seat} is not at the table")
        if seat in out:
            raise Refusal("bad_request", f"seat_cards: seat {seat} is listed twice")
        cards = parse_cards(entry["cards"])
        twice = [c for c in cards if c in seen or cards.count(c) > 1]
        if twice:
            raise Refusal("bad_request", f"seat_cards: {twice[0]} is given twice")
        seen.update(cards)
        out[seat] = cards
    return out


def error_reply(
    rid: int | float | None, code: str, message: str, legal: list[dict[str, Any]] | None = None
) -> Reply:
    """An ``ok: false`` reply; the message is cut to :data:`MAX_MESSAGE` characters."""
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE] + f"... ({len(message)} characters)"
    error: dict[str, Any] = {"code": code, "message": message}
    if legal is not None:
        error["legal"] = legal
    return {"id": rid, "ok": False, "error": error}


class ReferenceHandler(Handler):
    """The reference interpreter behind the protocol (what ``stud serve`` runs)."""

    features = (
        "evaluate",
        "declare",
        "exchange",
        "wild",
        "low-hole",
        "joker",
        "community-card",
        "spread-limit",
        "pot-limit",
        "no-limit",
        "hi-lo",
        "table",
        "evaluate-options",
        "seat-cards",
        "refusal-state",
        "pipelining",
        # protocol 1.2, the house games: blinds posted (state `blinds`), centre cards dealt
        # by a street, stripped packs, the event table (state `events`, `wild_ranks`)
        "blinds",
        "centre-cards",
        "stripped-pack",
        "events",
        "wild-ranks",
        "discard",
        "expose",
        "draw",
        "split",
        "roll",
    )
    rankings = RANKING_NAMES

    def __init__(self, allow_files: str | Path | None = None) -> None:
        super().__init__()
        self.hand: Hand | None = None
        self.table: Table | None = None
        self.source = RulesetSource(allow_files)

    @property
    def rulesets(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("*", *sorted(shipped_rulesets()))

    def legal_now(self) -> list[dict[str, Any]]:
        return [] if self.hand is None else list(state_json(self.hand)["legal"])

    def refusal_state(self) -> dict[str, Any] | None:
        return None if self.hand is None else state_json(self.hand)

    def load(self, spec: str | Mapping[str, Any]) -> Ruleset:
        """The ``new_hand`` ruleset: a shipped name, an inline document, an allowed file."""
        return self.source.load(spec)

    def op_new_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        ruleset = self.load(request["ruleset"])
        seats = [Seat(s["seat"], s["name"], to_money(s["stack"])) for s in request["seats"]]
        # everything is built first: a refused new_hand leaves the current hand in place.
        # An empty deck leaves the order to the engine: the reference shuffles with seed 0,
        # exactly as the in-process engine does
        table = Table(ruleset, seats, request["dealer"])
        own = seat_cards(request, [s.seat for s in seats])
        hand = table.new_hand(parse_cards(request["deck"]) or None, seed=0, seat_cards=own)
        self.table, self.hand = table, hand
        return {"state": state_json(hand)}

    def op_next_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The next hand at the table: stacks carried over, the button moved (SHOW-07)."""
        if self.table is None:
            raise Refusal("no_hand", "no hand has been played: send new_hand first")
        if self.hand is not None and not self.hand.complete:
            raise Refusal("bad_request", "the current hand is not over yet")
        deck = parse_cards(request["deck"]) or None
        own = seat_cards(request, [s.seat for s in self.table.seats])
        # the Table keeps its hand if this fails
        self.hand = self.table.new_hand(deck, seed=0, seat_cards=own)
        return {"state": state_json(self.hand)}

    def _hand(self) -> Hand:
        if self.hand is None:
            raise Refusal("no_hand", "no hand in progress: send new_hand first")
        return self.hand

    def op_act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        hand = self._hand()
        amount = request.get("amount")
        cards = request.get("cards")
        played = len(hand.actions)
        try:
            hand.act(
                request["seat"],
                request["action"],
                None if amount is None else to_money(amount),
                declare=request.get("declare"),
                cards=list(cards) if cards else None,
            )
        except IllegalAction:
            raise  # the hand refuses before it changes anything
        except Exception:
            self._restore(hand, played)
            raise
        return {"state": state_json(hand)}

    def _restore(self, hand: Hand, played: int) -> None:
        """Put the hand back as it was before a failed action (its first ``played``
        actions replayed), so that even an internal failure changes nothing."""
        try:
            history = to_history(hand)
            history["actions"] = history["actions"][:played]
            restored = replay(history, hand.ruleset)
        except Exception:  # noqa: BLE001 - cannot rebuild: the hand is lost, say so
            self.hand = None
            return
        self.hand = restored
        if self.table is not None and self.table.hand is hand:
            self.table.hand = restored

    def op_state(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {"state": state_json(self._hand())}

    def op_evaluate(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Rank the hands; ``qualifier`` and ``wild`` (capability ``evaluate-options``) apply a
        low qualifier and wild ranks.  A hand with no qualifying low is ``qualifies: false``
        and ranks below every hand that qualifies."""
        ranking = request["ranking"]
        qualifier, wild = request.get("qualifier"), tuple(request.get("wild") or ())
        try:
            values = [
                evaluate(parse_cards(cards), ranking, qualifier=qualifier, wild_ranks=wild)
                for cards in request["hands"]
            ]
        except ValueError as exc:  # e.g. a qualifier under high ranking
            raise Refusal("bad_request", str(exc)) from None
        floor = min((v.strength for v in values if v is not None), default=0) - 1
        ranks = competition_ranks([floor if v is None else v.strength for v in values])
        results = [
            {"best": [], "name": "no qualifying low", "rank": rank, "qualifies": False}
            if v is None
            else {"best": format_cards(v.cards).split(), "name": v.name, "rank": rank}
            for v, rank in zip(values, ranks, strict=True)
        ]
        return {"results": results}


def serve_lines(handler: Handler, lines: IO[Any], out: IO[Any], log: IO[str] | None = None) -> int:
    """Answer each non-blank line of ``lines``; stop after ``bye`` or at the end of input.

    ``lines`` and ``out`` are binary streams or text streams with a ``buffer`` (stdin and
    stdout): requests are read as bounded byte lines and replies written as ASCII, whatever
    the locale.  ``log`` receives every request (``> ``) and reply (``< ``) line.
    """
    source: IO[bytes] = getattr(lines, "buffer", lines)
    sink: IO[bytes] = getattr(out, "buffer", out)
    for line in _requests(source):
        if not line.strip():
            continue
        reply = handler.handle_line(line)
        try:
            sink.write(reply.encode("ascii") + b"\n")
            sink.flush()
        except (BrokenPipeError, ValueError):
            return 0  # the client has gone
        if log is not None:
            text = line[:10_000].decode("utf-8", "replace")
            log.write(f"> {text}\n< {reply}\n")
            log.flush()
        if handler.finished:
            break
    return 0


def _requests(source: IO[bytes]) -> Iterator[bytes]:
    """The request lines of ``source``: the process's own stdin is read straight from its
    descriptor (POSIX), spinning briefly before each wait (:mod:`stud.protocol.waiting`),
    so that a client taking turns with the server finds it with warm caches."""
    if os.name == "posix" and source is getattr(sys.stdin, "buffer", None):
        try:
            fd = source.fileno()
        except (OSError, ValueError):
            return read_lines(source)
        return fd_lines(fd)
    return read_lines(source)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m stud.protocol.server``: the reference interpreter on stdin/stdout."""
    return serve_lines(ReferenceHandler(), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
