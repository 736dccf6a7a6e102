"""The protocol v1 server: request handling as a pure in-memory :class:`Handler`.

:class:`Handler` turns one request (a parsed JSON value) into one reply dict and never
raises: a request that breaks ``schemas/protocol/request.json`` gets ``bad_request``, a
failure inside the engine ``internal``.  Subclasses implement ``op_<name>`` methods;
:class:`ReferenceHandler` is the reference interpreter (``stud serve``), and the PokerKit
adapter (``adapters/pokerkit``) is another.  :func:`serve_lines` is the stdio loop.

>>> handler = ReferenceHandler()
>>> handler.handle({"id": 1, "op": "state"})["error"]["code"]
'no_hand'
>>> handler.handle({"id": 2, "op": "fly"})["error"]["code"]
'bad_request'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import IO, Any

from stud import __version__
from stud.cards import format_cards, parse_cards
from stud.engine import Hand, Seat, Table, state_json
from stud.errors import (
    CardError,
    IllegalAction,
    MoneyError,
    RulesetError,
    StudError,
    UnsupportedError,
)
from stud.hands import evaluate
from stud.money import to_money
from stud.protocol.schemas import request_problems
from stud.rules import Ruleset, load_ruleset, ruleset_from_document, shipped_rulesets

Reply = dict[str, Any]


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

    def __init__(self) -> None:
        self.finished = False  # set by bye

    def handle(self, request: Any) -> Reply:
        request_id = request.get("id") if isinstance(request, dict) else None
        if not isinstance(request_id, int) or isinstance(request_id, bool) or request_id < 0:
            request_id = None
        found = request_problems(request)
        if found:
            return error_reply(request_id, "bad_request", "; ".join(found))
        method = getattr(self, f"op_{request['op']}")
        try:
            fields = method(request)
        except Refusal as exc:
            return error_reply(request_id, exc.code, exc.message, exc.legal)
        except IllegalAction as exc:
            return error_reply(request_id, "illegal_action", str(exc), self.legal_now())
        except UnsupportedError as exc:
            reply = error_reply(request_id, "unsupported", str(exc))
            if exc.values:
                reply["error"]["values"] = exc.values
            return reply
        except (RulesetError, CardError, MoneyError) as exc:
            return error_reply(request_id, "bad_request", str(exc))
        except StudError as exc:
            return error_reply(request_id, "bad_request", f"{type(exc).__name__}: {exc}")
        except Exception as exc:  # noqa: BLE001 - the server must answer, not crash
            return error_reply(request_id, "internal", f"{type(exc).__name__}: {exc}")
        return {"id": request_id, "ok": True, **fields}

    def handle_line(self, line: str) -> str:
        """One request line in, one reply line out (not JSON -> ``bad_request``)."""
        try:
            request = json.loads(line)
        except ValueError as exc:
            reply = error_reply(None, "bad_request", f"the request is not JSON: {exc}")
        else:
            reply = self.handle(request)
        return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))

    def legal_now(self) -> list[dict[str, Any]]:
        """The legal actions to list with an ``illegal_action`` refusal."""
        return []

    # --- ops every handler shares ----------------------------------------------------------
    def op_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "protocol": 1,
            "engine": {"name": self.name, "version": self.version},
            "rulesets": list(self.rulesets),
            "features": list(self.features),
        }

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


@lru_cache(maxsize=32)
def _ruleset_of(document: str) -> Ruleset:
    """The ruleset of a JSON document (rulesets are immutable, so one serves every hand)."""
    return ruleset_from_document(json.loads(document), source="<new_hand>")


def error_reply(
    request_id: int | None, code: str, message: str, legal: list[dict[str, Any]] | None = None
) -> Reply:
    error: dict[str, Any] = {"code": code, "message": message}
    if legal is not None:
        error["legal"] = legal
    return {"id": request_id, "ok": False, "error": error}


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
    )

    def __init__(self) -> None:
        super().__init__()
        self.hand: Hand | None = None
        self.table: Table | None = None

    @property
    def rulesets(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("*", *sorted(shipped_rulesets()))

    def legal_now(self) -> list[dict[str, Any]]:
        return [] if self.hand is None else list(state_json(self.hand)["legal"])

    def op_new_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        spec = request["ruleset"]
        if isinstance(spec, str):
            ruleset = load_ruleset(spec)
        else:  # a client sends the same document hand after hand: validate it once
            ruleset = _ruleset_of(json.dumps(spec, sort_keys=True, ensure_ascii=False))
        seats = [Seat(s["seat"], s["name"], to_money(s["stack"])) for s in request["seats"]]
        self.hand = self.table = None
        # an empty deck leaves the order to the engine: the reference shuffles with seed 0,
        # exactly as the in-process engine does
        table = Table(ruleset, seats, request["dealer"])
        self.hand = table.new_hand(parse_cards(request["deck"]) or None, seed=0)
        self.table = table
        return {"state": state_json(self.hand)}

    def op_next_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The next hand at the table: stacks carried over, the button moved (SHOW-07)."""
        if self.table is None:
            raise Refusal("no_hand", "no hand has been played: send new_hand first")
        if self.hand is not None and not self.hand.complete:
            raise Refusal("bad_request", "the current hand is not over yet")
        self.hand = self.table.new_hand(parse_cards(request["deck"]) or None, seed=0)
        return {"state": state_json(self.hand)}

    def _hand(self) -> Hand:
        if self.hand is None:
            raise Refusal("no_hand", "no hand in progress: send new_hand first")
        return self.hand

    def op_act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        hand = self._hand()
        amount = request.get("amount")
        cards = request.get("cards")
        hand.act(
            request["seat"],
            request["action"],
            None if amount is None else to_money(amount),
            declare=request.get("declare"),
            cards=list(cards) if cards else None,
        )
        return {"state": state_json(hand)}

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


def serve_lines(
    handler: Handler, lines: Iterable[str], out: IO[str], log: IO[str] | None = None
) -> int:
    """Answer each non-blank line; stop after ``bye`` or at the end of input.

    ``log`` receives every request (``> ``) and reply (``< ``) line.
    """
    for line in lines:
        if not line.strip():
            continue
        reply = handler.handle_line(line)
        out.write(reply + "\n")
        out.flush()
        if log is not None:
            log.write(f"> {line.rstrip()}\n< {reply}\n")
            log.flush()
        if handler.finished:
            break
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m stud.protocol.server``: the reference interpreter on stdin/stdout."""
    return serve_lines(ReferenceHandler(), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
