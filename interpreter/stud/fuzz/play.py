"""One fuzzed hand, played on the reference and on the engine side by side.

Every request goes to both; after each one the replies are compared field by field
(:func:`compare`: the cards, who acts, the legal set, the pot and pots, the stacks, the
players' status, the street, the result).  Where they differ, the difference is named by
:func:`stud.spec.blame.blame` (what differs and the rule it breaks, the same as
``stud verify`` names it): the first such finding is the hand's *class* of divergence.
The hand then goes on while both sides are on the same path (the same cards, the same
player to act): later states are compared net of the chips already found to differ
(:class:`stud.spec.diagnosis.SideBySide`), and the actions are drawn from what both sides
offer, so a second bug in the same hand is found too (``Outcome.findings``).  A later
finding that what came before cannot explain (``SideBySide.independent``: a round that
ends otherwise after chips alone, what the cards alone decide on the same path) is a cause
of its own, as ``stud verify`` counts it (``Outcome.independent``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from stud.errors import StudError
from stud.fuzz.fields import compare, view
from stud.fuzz.plan import Draw, Exhausted, FuzzConfig, Setup, choose_action, deal
from stud.money import to_money
from stud.protocol.server import ReferenceHandler
from stud.spec.blame import Finding
from stud.spec.diagnosis import SideBySide
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.profile import Profile

MAX_REQUESTS = 400


@dataclass
class Step:
    """One request of the hand and how the reference answered it."""

    request: dict[str, Any]
    ok: bool
    street: str
    state: dict[str, Any]


@dataclass
class Divergence:
    """Where the engine first answered differently from the reference, and what it is."""

    field: str
    street: str
    step: int  # index into Outcome.steps; -1: the deal (new_hand)
    wanted: Any
    got: Any
    others: tuple[str, ...] = ()  # further fields that differ at the same point
    rule: str = ""  # the catalogue id it breaks (stud.spec.blame)
    what: str = ""  # what differs, normalised: the divergence class
    detail: str = ""  # this instance, in protocol words

    @property
    def key(self) -> str:
        """The divergence class: what differs (the same wherever it shows)."""
        return self.what or f"{self.field} on {self.street}"

    def describe(self) -> str:
        return f"[{self.rule}] {self.what}: {self.detail}" if self.what else self.key


@dataclass
class Outcome:
    """A played hand: its table, the requests, and the first divergence (if any)."""

    setup: Setup | None
    steps: list[Step] = field(default_factory=list)
    divergence: Divergence | None = None
    unsupported: str = ""
    unsupported_values: list[Any] = field(default_factory=list)  # error.values of a refusal
    start: dict[str, Any] = field(default_factory=dict)
    engine_start: dict[str, Any] = field(default_factory=dict)  # the engine's deal
    findings: list[tuple[Finding, int]] = field(default_factory=list)  # each with its step
    # dealt again under another reading of who acts (stud.fuzz.readings): the values, the
    # choices of that deal (also of a hand played again one request at a time after a
    # pipelined difference), and which findings it made causes of their own
    reading: tuple[tuple[str, Any], ...] = ()
    choices: list[int] = field(default_factory=list)
    independent: frozenset[int] = frozenset()  # indices into findings
    # the order the reference's cards came off, where seat_cards moved them up the stub
    # to where they were dealt (the list grows true as the hand goes on); empty: the deck
    dealt: Sequence[object] = ()
    # ways of picking who opens that the engine's right picks in this hand rule out
    # (stud.spec.blame.opener_refutes): read across the campaign when the classes settle
    refuted: set[str] = field(default_factory=set)

    @property
    def keys(self) -> list[str]:
        """Every class the hand shows, the first (its own) first."""
        return [f.what for f, _ in self.findings]


class Reference:
    """The trusted reference: the protocol handler called with dicts (no JSON, no reply
    check, and no check of the requests, which the fuzzer builds itself: a test checks
    they meet the request schemas)."""

    def __init__(self) -> None:
        self.handler = ReferenceHandler()
        self.next_id = 0

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        return self.handler.dispatch({"id": self.next_id, "op": op, **fields}, self.next_id)


# --- playing ------------------------------------------------------------------------------------
def _reply(call: Any) -> tuple[dict[str, Any], Any]:
    """The engine's answer as a protocol reply (and the refusal, if it refused)."""
    try:
        return {"ok": True, "state": call()}, None
    except EngineRefusal as refusal:
        error = {"code": refusal.code, "message": refusal.message}
        return {"ok": False, "error": error}, refusal
    except StudError as exc:
        return {"failure": str(exc)}, None


class _Hand:
    """The comparison of one hand: findings and the divergence they make."""

    def __init__(
        self,
        outcome: Outcome,
        doc: Mapping[str, Any],
        deck: list[str],
        deal: Mapping[str, Any],
        by_seat: bool = False,
    ) -> None:
        self.outcome = outcome
        self.doc, self.deal = doc, {k: v for k, v in deal.items() if k != "op"}
        self.side = SideBySide()
        self.side.refuted = outcome.refuted  # gathered straight into the outcome
        self.side.begin(doc, deck, by_seat)
        # parted in a round of choices (a flip shown before everyone chose): the hand is
        # played on while both sides take the reference's moves, and compared again where
        # the two meet by themselves (as stud verify's replay does)
        self.healing = False

    def _named(self, finding: Finding, index: int, engine: Any) -> Finding:
        """A difference that may come from the wild rank, charged to the way of naming it
        the engine plays (:mod:`stud.fuzz.wildread`); the hand's reference state is kept."""
        from stud.fuzz.wildread import concerns_wild, name_wild

        if not self.doc.get("events") or not concerns_wild(finding):
            return finding
        steps = [(s.request, s.ok) for s in self.outcome.steps[: index + 1]]
        named = name_wild(finding, self.doc, self.deal, steps, engine)
        self.side.seen.add(named.key)
        return named

    def see(
        self,
        index: int,
        request: dict[str, Any],
        ref: Mapping[str, Any],
        eng: Mapping[str, Any],
        street: str,
    ) -> None:
        if self.healing:
            self._heal(index, request, ref, eng)
            return
        ref_state, eng_state = ref.get("state"), eng.get("state")
        same = ref.get("ok") == eng.get("ok") and "failure" not in eng
        fields: list[str] = []
        if same and isinstance(ref_state, Mapping) and isinstance(eng_state, Mapping):
            fields = compare(ref_state, eng_state)
        if same and not fields and not self.side.found:
            self.side.agree(request, ref, eng, same=True)  # no difference: the bookkeeping
            return
        finding = self.side.step(request, ref, eng, beside=True)
        if finding is None:
            return
        finding = self._named(finding, index, eng_state)
        if self.side.stopped and (self.side.before or {}).get("phase") not in (None, "betting"):
            self.healing = True  # (where it parted: a betting round never meets again so)
        if self.outcome.findings and self.side.independent:  # what came before cannot
            self.outcome.independent |= {len(self.outcome.findings)}  # explain it
        self.outcome.findings.append((finding, index))
        also = self.side.also  # a second difference in the same offer
        if also is not None:
            also = self._named(also, index, eng_state)
            if self.side.also_alone:
                self.outcome.independent |= {len(self.outcome.findings)}
            self.outcome.findings.append((also, index))
        if self.outcome.divergence is None:
            kind = fields[0] if fields else _kind(ref, eng)
            wanted = view(ref.get("state") or {}, kind) if fields else ref.get("ok")
            got = (
                view(eng.get("state") or {}, kind) if fields else eng.get("ok", eng.get("failure"))
            )
            self.outcome.divergence = Divergence(
                kind,
                street,
                index,
                wanted,
                got,
                tuple(fields[1:]),
                finding.rule,
                finding.what,
                finding.detail,
            )

    def _heal(
        self, index: int, request: dict[str, Any], ref: Mapping[str, Any], eng: Mapping[str, Any]
    ) -> None:
        """A request played while the parted sides may meet again: where they do, compared
        on from there (what differs then is a cause of its own); an engine that refuses
        the reference's move, or a hand over, ends it."""
        side = self.side
        if not (ref.get("ok") and eng.get("ok")) or (ref.get("state") or {}).get("result"):
            self.healing = False
            return
        if not side.heals(ref, eng):
            side.agree(request, ref, eng)
            return
        self.healing = side.stopped = False
        side.rejoin()
        finding = side.step(request, ref, eng)
        if finding is not None:
            self.outcome.independent |= {len(self.outcome.findings)}
            self.outcome.findings.append((self._named(finding, index, eng.get("state")), index))
            if side.stopped and (side.before or {}).get("phase") not in (None, "betting"):
                self.healing = True

    @property
    def stopped(self) -> bool:
        return self.side.stopped and not self.healing


def _kind(ref: Mapping[str, Any], eng: Mapping[str, Any]) -> str:
    if "failure" in eng:
        return "error"
    return "refused" if ref.get("ok") else "accepted"


def _steer(ref_state: dict[str, Any], eng_state: Any) -> dict[str, Any]:
    """After a difference, the reference's options the engine offers too (by action), so
    the hand stays on a path both sides can follow."""
    if not isinstance(eng_state, Mapping):
        return ref_state
    offered = {str(e.get("action")) for e in eng_state.get("legal") or () if isinstance(e, Mapping)}
    both = [e for e in ref_state.get("legal") or () if e.get("action") in offered]
    return dict(ref_state, legal=both) if both else ref_state


def _start(begin: Callable[[], Callable[[], dict[str, Any]]]) -> Callable[[], dict[str, Any]]:
    """Send the engine a request at once (``begin``); the returned call reads the reply
    (or raises what sending raised)."""
    try:
        return begin()
    except StudError as exc:
        failed = exc

        def fail() -> dict[str, Any]:
            raise failed

        return fail


def _start_act(engine: Engine, request: Mapping[str, Any]) -> Callable[[], dict[str, Any]]:
    """Send the engine its ``act`` at once (see :func:`_start`)."""
    return _start(
        lambda: engine.begin_act(
            request["seat"],
            request["action"],
            request.get("amount"),
            request.get("declare"),
            request.get("cards"),
        )
    )


@dataclass
class _Sent:
    """An ``act`` sent to the engine and played on the reference; the engine's reply unread."""

    index: int  # into Outcome.steps
    request: dict[str, Any]
    reply: dict[str, Any]  # the reference's
    finish: Callable[[], dict[str, Any]]  # reads the engine's reply


def play_hand(
    draw: Draw,
    config: FuzzConfig,
    engine: Engine,
    reference: Reference | None = None,
    profile: Profile | None = None,
    read_again: bool = True,
    refuted: set[str] | None = None,
) -> Outcome:
    """Deal one hand from ``draw`` and play it on both sides until they part or it ends.

    With a ``profile`` (the values the engine declared it plays), both sides get the
    ruleset with those values in place, so only what the engine did not declare differs.
    A hand that parts at who acts is dealt again under another reading of who acts
    (``read_again``, :func:`_read_again`), so that what the engine gets wrong after that
    pick is compared too.

    An engine that announces ``pipelining`` (protocol 1.2, ``Engine.ahead``) is sent up to
    that many requests before their replies are read (when the draw can be forked, so that
    the hand can be dealt again), while both sides agree: the requests
    come from the reference's state alone until a first difference.  At a difference the
    hand goes on from what the engine offers, which requests already sent did not know,
    so the hand is dealt again and played one request at a time from the start: what is
    found is exactly what playing one request at a time finds.  ``refuted``: a set the
    hand adds the ways of picking who opens it rules out to (``Outcome.refuted``), shared
    by the hands of a shard so that what is ruled out is not read again.
    """
    reference = reference or Reference()
    ahead = engine.ahead
    fork = getattr(draw, "fork", None)  # a draw that cannot be forked plays one at a time
    retry = fork() if read_again and fork is not None else None
    outcome = None
    given = draw
    if ahead > 1 and fork is not None:
        again = fork()  # the same choices, should the hand be played again
        outcome = _play(draw, config, engine, reference, profile, ahead, refuted=refuted)
        draw = again  # (None: requests sent before a difference; played again below)
    if outcome is None:
        outcome = _play(draw, config, engine, reference, profile, 1, refuted=refuted)
        assert outcome is not None  # one request at a time, a hand is never played again
        if draw is not given:  # the caller's draw holds only the choices made until the
            outcome = replace(outcome, choices=list(getattr(draw, "choices", ())))  # difference
    assert outcome is not None
    if retry is not None:
        return _read_again(outcome, retry, config, engine, reference, profile)
    return outcome


def _read_again(
    outcome: Outcome,
    draw: Any,
    config: FuzzConfig,
    engine: Engine,
    reference: Reference,
    profile: Profile | None,
) -> Outcome:
    """The hand dealt again under the first reading of who acts that explains where it
    parted (:mod:`stud.fuzz.readings`): the first difference stays the hand's class, and
    the first that deal finds after it is a cause of its own (what comes after that one
    may follow from it, as in any hand).  A hand that parted at the cards of a later
    street for a burn (an engine without ``seat-cards`` that burns otherwise) is read
    again the same way with the rules' burning the other way round, and one that parted
    at the antes, the engine taking one other amount from every seat, with that ante.  A
    hand that did not part so, or that no reading carries further, is kept."""
    from stud.fuzz.readings import burning, candidates

    d = outcome.divergence
    if not outcome.findings or outcome.setup is None or d is None:
        return outcome
    doc = profile.apply(outcome.setup.document) if profile else outcome.setup.document
    pick = _pick_ante(outcome) or _pick(outcome, doc) or _pick_burn(outcome)
    if pick is None:
        return outcome
    n, kind = pick
    first, at = outcome.findings[n]
    earlier = [f.key for f, _ in outcome.findings[:n]]  # chips alone, netted out
    readings = (
        candidates(doc, kind)
        if isinstance(kind, bool)
        else burning(doc)
        if kind is None
        else iter(((("stakes.ante", kind),),))
    )
    for values in readings:
        reading = Profile(values)
        tried_draw = draw.fork()
        both = reading if profile is None else profile.merged(reading)
        try:
            tried = play_hand(tried_draw, config, engine, reference, both, read_again=False)
        except StudError:  # a value the ruleset cannot take beside the others
            continue
        if tried.unsupported or not _explains(tried, first, at, earlier, kind is None):
            continue  # refused, or parted at the same point: this reading explains nothing
        later = _pick_ante(tried) or _pick(tried, doc) or _pick_burn(tried)
        if later is not None and later[1] == kind:
            continue  # the engine picks otherwise again later: not its reading after all
        after = tried.findings[n:]  # what that deal finds after the pick
        decided = {rule for path, _ in values for rule in ALSO_DECIDES.get(path, ())}
        if any(f.rule in decided for f, _ in after):
            continue  # the engine reads the value sent there too, where it played the
            # ruleset's before: not its reading after all
        if any(path.endswith(".opener") for path, _ in values):  # it opens by position,
            first = _beside_plain_opener(first, doc)  # whatever the boards: tied or not
        if kind is None and first.rule != "DEAL-06":  # cards dealt to other seats than the
            first = _as_burn(first, values)  # rules give, all for a burn
            d = replace(d, rule=first.rule, what=first.what) if n == 0 else d
        return replace(
            tried,
            divergence=d,
            findings=[*outcome.findings[:n], (first, at), *after],
            reading=reading.values,
            choices=list(tried.choices or tried_draw.choices),
            independent=frozenset(k for k in outcome.independent if k <= n)
            | frozenset({1} if after and n == 0 else ())  # nothing before it differed
            | {k + 1 for k in tried.independent if k >= n},
        )
    return outcome


def _explains(tried: Outcome, first: Finding, at: int, earlier: list[str], burn: bool) -> bool:
    """Whether the hand dealt again under a reading goes past request ``at``, where it
    parted at ``first``, finding nothing new before it.  Read for a burn, another
    difference at that very request is the next cause (several streets dealt at once
    show their bets' and the showdown's differences with their cards); a reading of who
    acts must find nothing new there."""
    if not burn:
        return [f.key for f, i in tried.findings if i <= at] == earlier
    head, rest = tried.findings[: len(earlier)], tried.findings[len(earlier) :]
    if [f.key for f, _ in head] != earlier or any(i >= at for _, i in head):
        return False
    return all(i == at and f.key != first.key for f, i in rest if i <= at)


def _pick_ante(outcome: Outcome) -> tuple[int, str] | None:
    """Where the hand parted first, at the deal, for an ante the engine takes otherwise:
    index 0 and the one amount it took from every seat (None when it parted otherwise,
    or took other amounts from different seats)."""
    from stud.money import fmt
    from stud.spec.blame_bets import ANTES_OTHERWISE

    if not outcome.findings or outcome.setup is None:
        return None
    finding, at = outcome.findings[0]
    if finding.what != ANTES_OTHERWISE or at >= 0:
        return None
    sent = {s.get("seat"): to_money(s.get("stack")) for s in outcome.setup.seats}
    seats = outcome.engine_start.get("seats") or ()
    try:
        taken = {sent[s["seat"]] - to_money(s["stack"]) for s in seats if not s.get("all_in")}
    except (KeyError, TypeError, ValueError, StudError):
        return None
    if len(taken) != 1 or min(taken) < 0:
        return None
    return 0, fmt(min(taken))


def _pick_burn(outcome: Outcome) -> tuple[int, None] | None:
    """Where the hand parted at the cards for a burn, after nothing but chips: the index
    of that finding (None when it parted otherwise first).  Cards of a later street dealt
    to other seats may be a burn too: several streets dealt at once, or a pack that runs
    short (the burns go under it), mix the cards of the seats."""
    for n, (finding, at) in enumerate(outcome.findings):
        if finding.breaks_path:
            later = finding.rule in ("DEAL-02", "DEAL-05") and _past_first_street(outcome, at)
            return (n, None) if finding.rule == "DEAL-06" or later else None
    return None


def _past_first_street(outcome: Outcome, at: int) -> bool:
    """Whether the rules' state after request ``at`` is past the first street."""
    from stud.spec.blame import first_street

    state = outcome.steps[at].state if at >= 0 else outcome.start
    first = first_street(outcome.setup.document) if outcome.setup else None
    return state.get("street") not in (None, first)


def _as_burn(finding: Finding, values: tuple[tuple[str, Any], ...]) -> Finding:
    """A difference in the cards that the rules' burning read the other way round explains:
    no card burned where the rules burn one, or one burned where they burn none."""
    from stud.spec.blame import EXTRA_BURN, NO_BURN

    burns = dict(values).get("dealing.burn")
    return replace(finding, rule="DEAL-06", what=EXTRA_BURN if burns else NO_BURN, alternatives=())


def _pick(outcome: Outcome, doc: Mapping[str, Any]) -> tuple[int, bool] | None:
    """Where the hand parted at who acts as a street starts, after nothing but chips
    (netted out): the index of that finding and whether it is who brings in (True) or who
    opens a later street (False); None when the hand parted otherwise first."""
    for n, (finding, _) in enumerate(outcome.findings):
        if not finding.breaks_path:
            continue
        if n == 0:
            kind = _who_acts(outcome, doc)
            return None if kind is None else (0, kind)
        if finding.rule in PICKS_BRING_IN:
            return n, True
        if finding.rule in PICKS_OPENER:
            return n, False
        return None
    return None


# a value a reading of who brings in changes that an engine may read in another pick as
# well: the suits' order sent for the bring-in, in its ties between equal boards (ROUND-06;
# the rules break those by the plain order of the suits): a difference there comes from the
# reading sent, where the engine plays the ruleset's value alike on both picks
ALSO_DECIDES = {"bring_in.suit_order": ("ROUND-06",)}

# who acts as a street starts, by the rule a difference there is charged to (stud.spec.blame)
PICKS_BRING_IN = frozenset({"BRING-01", "BRING-02", "BRING-03", "BRING-13"})
PICKS_OPENER = frozenset({"ROUND-03", "ROUND-06", "ROUND-11", "ROUND-12"})


def _beside_plain_opener(finding: Finding, doc: Mapping[str, Any]) -> Finding:
    """A pick between equal boards, in a hand the engine plays as opened by position
    whatever the boards: read beside the plain difference of who opens (the tie was where
    its pick happened to land), so that it is charged with the hands it plays so."""
    from stud.spec.blame import opens_otherwise

    plain = opens_otherwise(doc, first=False)
    if finding.what == plain[1] or plain in finding.alternatives:
        return finding
    return replace(finding, alternatives=(*finding.alternatives, plain))


def _who_acts(outcome: Outcome, doc: Mapping[str, Any]) -> bool | None:
    """Whether the hand's divergence is another player picked to act as a street starts:
    the first betting street (True: who brings in) or a later one (False: who opens);
    None when it is something else (the cards, a turn within a round, a round that ends
    otherwise: another street)."""
    d = outcome.divergence
    if d is None:
        return None
    fields = {d.field, *d.others}
    if "to_act" not in fields or "street" in fields:
        return None
    if d.step >= 0 and outcome.steps[d.step].street == d.street:
        return None  # within a round
    openers = {s.get("name"): s.get("opener") for s in doc.get("streets") or ()}
    return d.step < 0 or openers.get(d.street) == "bring-in"


def _play(
    draw: Draw,
    config: FuzzConfig,
    engine: Engine,
    reference: Reference,
    profile: Profile | None,
    ahead: int,
    refuted: set[str] | None = None,
) -> Outcome | None:
    """:func:`play_hand` with up to ``ahead`` requests in flight; None when requests
    already sent were chosen before a difference (the hand must be played again)."""
    setup = deal(draw, config)
    doc = profile.apply(setup.document) if profile is not None else setup.document
    own = {"seat_cards": setup.seat_cards} if setup.seat_cards else {}
    deal_request = {
        "op": "new_hand",
        "ruleset": doc,
        "seats": setup.seats,
        "dealer": setup.dealer,
        "deck": setup.deck,
        **own,
    }
    dealt = _start(lambda: engine.begin_new_hand(doc, setup.seats, setup.dealer, setup.deck, **own))
    reply = reference.request("new_hand", **{k: v for k, v in deal_request.items() if k != "op"})
    if not reply.get("ok"):
        if engine.ahead > 1:  # sent already: its reply is read, the engine stays in step
            _reply(dealt)
        raise StudError(f"the reference refused the deal: {reply['error']['message']}")
    ref_state: dict[str, Any] = reply["state"]
    outcome = Outcome(setup, start=ref_state, refuted=set() if refuted is None else refuted)
    hand = reference.handler.hand
    if hand is not None and setup.seat_cards:
        outcome.dealt = hand.deck_order
    order = [str(c) for c in hand.deck_order] if hand is not None else []
    judge = _Hand(outcome, doc, order, deal_request, bool(setup.seat_cards))
    got, refusal = _reply(dealt)
    if refusal is not None and refusal.code == "unsupported":
        outcome.unsupported = refusal.message
        outcome.unsupported_values = list(getattr(refusal, "values", []))
        return outcome
    judge.see(-1, deal_request, reply, got, str(ref_state.get("street")))
    eng_state = got.get("state")
    outcome.engine_start = dict(eng_state) if isinstance(eng_state, Mapping) else {}
    chip = to_money((setup.document.get("stakes") or {}).get("chip") or "0.01")
    sent: deque[_Sent] = deque()
    while True:
        if outcome.findings:
            ahead = 1  # the next request depends on what the engine offers: one at a time
        going = (
            ref_state.get("to_act") is not None
            and len(outcome.steps) < MAX_REQUESTS
            and not judge.stopped
        )
        if going:
            offered = _steer(ref_state, eng_state) if outcome.findings else ref_state
            try:
                request = choose_action(draw, offered, chip, config.illegal_one_in)
            except Exhausted:
                going = False
        refused = False
        if going:
            street = str(ref_state.get("street"))
            finish = _start_act(engine, request)  # the engine works while the reference plays
            reply = reference.request("act", **request)
            refused = not reply.get("ok")
            if not refused:
                ref_state = reply["state"]
            outcome.steps.append(Step(request, not refused, street, ref_state))
            sent.append(_Sent(len(outcome.steps) - 1, request, reply, finish))
        elif not sent:
            return outcome
        # a refusal is checked with the engine's state: every reply is read first
        while sent and (len(sent) >= ahead or refused or not going):
            turn = sent.popleft()
            step = outcome.steps[turn.index]
            got, refusal = _reply(turn.finish)
            if refusal is not None and refusal.code == "unsupported":
                outcome.unsupported = refusal.message  # the engine stops where a value matters
                return _drained(sent, outcome, turn.index)
            act = {"op": "act", **turn.request}
            after = str(step.state.get("street") or step.street)
            judge.see(turn.index, act, turn.reply, got, after)
            if judge.stopped:
                return _drained(sent, outcome, turn.index)
            if outcome.findings and sent:
                return _drained(sent, None, turn.index)  # sent before this difference was known
            eng_state = got.get("state", eng_state)
            if not step.ok or refusal is not None:  # a refusal must leave the state as it was
                if sent:  # (a refusal the reference did not make is a difference)
                    return _drained(sent, None, turn.index)
                carried = getattr(refusal, "state", None)  # protocol 1.2 refusal-state
                if isinstance(carried, dict):  # the refusal says it: no round trip for it
                    now: dict[str, Any] = {"ok": True, "state": carried}
                else:
                    now, _ = _reply(engine.state)
                ref_now = {"ok": True, "state": step.state}
                judge.see(turn.index, {"op": "state"}, ref_now, now, step.street)
                eng_state = now.get("state", eng_state)


def _drained(sent: deque[_Sent], outcome: Outcome | None, last: int) -> Outcome | None:
    """Read the replies still owed (the engine stays in step for the next hand); the hand
    ends at step ``last``, as it does when each reply is read before the next request."""
    if outcome is not None:
        del outcome.steps[last + 1 :]
    while sent:
        try:
            sent.popleft().finish()
        except StudError:
            pass  # a refusal, or the engine gone: nothing more to read
    return outcome
