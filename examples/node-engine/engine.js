#!/usr/bin/env node
// A small seven-card stud engine speaking the stud engine protocol 1.1 (docs/protocol.md)
// on stdin/stdout, with no npm packages: a starting point for your own engine.
//
// It plays high-only, fixed-limit stud from the ruleset document it is sent: any stakes,
// streets and deal patterns, burns or not, the bring-in (lowest or highest card, aces high
// or low, any suit order), boards ranked high with suit or position ties, the open-pair
// big-bet option, raise caps (also uncapped heads-up), short all-in raises and
// completions, side pots, odd chips by position.  It declares in `hello` the one thing it
// always plays its own way (no run-out when the pack is short: `dealing.reuse_burns` and
// `dealing.community_card` false, so at most six seats) and refuses, with the values (`error.values`), any other
// rule it does not play: wild cards, jokers, low or split pots, declarations, exchanges,
// decision rounds (discard, expose, draw, split) and rolled faces, spread, pot and no limit.
// It does not deal consecutive hands (no `table` capability).
// It is as strict as `stud serve` on what it reads (see "Reading requests" below): every
// field is checked before anything changes, and a refused request changes nothing.
'use strict';

// --- money: integers of a millionth, never floats (below 10^9: exact in a double) --------
const SCALE = 1000000;
function units(text) {
  const m = typeof text === 'string' ? /^0*(\d{1,9})(?:\.(\d{1,6}))?$/.exec(text) : null;
  if (!m) throw new Refusal('bad_request', `not an amount (a decimal string below 10^9, 6 places at most): ${quote(text)}`);
  return Number(m[1]) * SCALE + Number((m[2] || '').padEnd(6, '0'));
}
function money(u) {
  const whole = Math.floor(u / SCALE), frac = String(u % SCALE).padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac.padEnd(2, '0')}` : String(whole);
}

// --- cards: "As" -> {rank: 14, suit: 3}; the pack in new-deck order -----------------------
const RANKS = '23456789TJQKA', SUITS = 'cdhs', SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
const PACK = [...RANKS].flatMap((r) => [...SUITS].map((s) => r + s));
function card(text) {
  const t = typeof text === 'string' ? text.replace(/^10/, 'T') : '';
  if (!PACK.includes(t)) throw new Refusal('bad_request', `not a card: ${quote(text)}`);
  return { text: t, rank: RANKS.indexOf(t[0]) + 2, suit: SUITS.indexOf(t[1]) };
}
function distinct(list, what) { // cards (as text), each once
  const cards = list.map(card);
  if (new Set(cards.map((c) => c.text)).size !== cards.length) throw new Refusal('bad_request', `a card appears twice in ${what}`);
  return cards;
}

// --- hands: the best five of up to eight cards, high ----------------------------------------
function five(cards) { // [category, tie-break ranks...]: bigger is better
  const ranks = cards.map((c) => c.rank).sort((a, b) => b - a);
  const counts = new Map();
  ranks.forEach((r) => counts.set(r, (counts.get(r) || 0) + 1));
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const flush = cards.every((c) => c.suit === cards[0].suit);
  const distinct = [...new Set(ranks)];
  let top = 0;
  if (distinct.length === 5 && ranks[0] - ranks[4] === 4) top = ranks[0];
  if (distinct.join() === '14,5,4,3,2') top = 5;
  if (top && flush) return [8, top];
  if (groups[0][1] === 4) return [7, groups[0][0], groups[1][0]];
  if (groups[0][1] === 3 && groups[1][1] === 2) return [6, groups[0][0], groups[1][0]];
  if (flush) return [5, ...ranks];
  if (top) return [4, top];
  const category = groups[0][1] === 3 ? 3 : groups[0][1] === 2 ? (groups[1][1] === 2 ? 2 : 1) : 0;
  return [category, ...groups.map((g) => g[0])];
}
const compare = (a, b) => { for (let i = 0; i < Math.max(a.length, b.length); i++) { if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) - (b[i] || 0); } return 0; };
function best(cards) {
  let found = null;
  const pick = (start, chosen) => {
    if (chosen.length === 5) {
      const value = five(chosen);
      if (!found || compare(value, found.value) > 0) found = { value, cards: chosen };
      return;
    }
    for (let i = start; i < cards.length; i++) pick(i + 1, chosen.concat([cards[i]]));
  };
  pick(0, []);
  return { value: found.value, cards: found.cards, name: handName(found.value) };
}
const WORDS = ['', '', 'deuce', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
const plural = (r) => (r === 6 ? 'sixes' : `${WORDS[r]}s`);
function handName([category, a, b]) { // informative only: the spec judges the five cards
  switch (category) {
    case 8: return a === 14 ? 'royal flush' : `${WORDS[a]}-high straight flush`;
    case 7: return `four of a kind, ${plural(a)}`;
    case 6: return `full house, ${plural(a)} over ${plural(b)}`;
    case 5: return `${WORDS[a]}-high flush`;
    case 4: return `${WORDS[a]}-high straight`;
    case 3: return `three of a kind, ${plural(a)}`;
    case 2: return `two pair, ${plural(a)} and ${plural(b)}`;
    case 1: return `pair of ${plural(a)}`;
    default: return `high card, ${WORDS[a]}`;
  }
}

class Refusal extends Error {
  constructor(code, message, extra = {}) { super(message); this.code = code; this.extra = extra; }
}

// --- which rules this engine plays ------------------------------------------------------------
const PROFILE = { 'dealing.reuse_burns': false, 'dealing.community_card': false, 'seats.max': 6 };  // no run-out, so six seats at most
function unsupportedValues(doc) {
  const out = [];
  const want = (path, wanted, plays, ok) => { if (!ok) out.push({ path, wanted: wanted ?? null, plays }); };
  const get = (path) => path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), doc);
  want('deck.jokers', get('deck.jokers'), 0, !get('deck.jokers'));
  want('deck.centre', get('deck.centre'), [], !(get('deck.centre') || []).length);
  want('wild.ranks', get('wild.ranks'), [], !(get('wild.ranks') || []).length);
  want('wild.low_hole', get('wild.low_hole'), false, !get('wild.low_hole'));
  want('wild.joker', get('wild.joker'), 'none', (get('wild.joker') || 'none') === 'none');
  // protocol 1.2's house games: no blinds, stripped pack, event table or centre cards here
  want('stakes.big_blind', get('stakes.big_blind') ?? null, null, get('stakes.big_blind') == null);
  want('deck.stripped', get('deck.stripped'), [], !(get('deck.stripped') || []).length);
  want('events', get('events'), [], !(get('events') || []).length);
  const high = [{ name: 'high', ranking: 'high', qualifier: null }];
  const shares = (get('pot.shares') || []).map((s) => ({ name: s.name, ranking: s.ranking, qualifier: s.qualifier ?? null }));
  want('pot.shares', get('pot.shares'), high, JSON.stringify(shares) === JSON.stringify(high));
  want('pot.odd_chip_tie', get('pot.odd_chip_tie'), 'position', get('pot.odd_chip_tie') === 'position');
  want('showdown.method', get('showdown.method'), 'cards-speak', get('showdown.method') === 'cards-speak');
  want('board.ranking', get('board.ranking'), 'high', get('board.ranking') === 'high');
  want('betting.structure', get('betting.structure'), 'fixed-limit', get('betting.structure') === 'fixed-limit');
  want('betting.fold_when_check', get('betting.fold_when_check'), 'refused', (get('betting.fold_when_check') || 'refused') === 'refused');
  want('bring_in.all_in', get('bring_in.all_in'), 'next-card', (get('bring_in.all_in') || 'next-card') === 'next-card');
  for (const row of get('streets') || []) {
    const at = `streets.${row.name}`;
    want(`${at}.exchange`, row.exchange, null, row.exchange == null);
    want(`${at}.decide`, row.decide, [], !(row.decide || []).length);  // no decision rounds (protocol 1.2)
    want(`${at}.deal`, row.deal, (row.deal || []).map((f) => (f === 'up' ? 'up' : 'down')), (row.deal || []).every((f) => f === 'up' || f === 'down'));
    want(`${at}.deal_if_players_at_most`, row.deal_if_players_at_most, null, row.deal_if_players_at_most == null);
    want(`${at}.opener`, row.opener, 'best-board', ['bring-in', 'best-board', 'first-left'].includes(row.opener));
    want(`${at}.big_bet_when`, row.big_bet_when, 'never', ['never', 'open-pair'].includes(row.big_bet_when));
    want(`${at}.deal`, row.deal, (row.deal || []).filter((d) => d !== 'centre'), (row.deal || []).every((d) => d === 'down' || d === 'up'));
  }
  return out;
}

// --- one hand ----------------------------------------------------------------------------------
const NO_BET = 0, BRING_IN_ONLY = 1, BET_MADE = 2;
class Hand {
  constructor(doc, seats, dealer, deck) {
    this.doc = doc;
    this.dealer = dealer;
    const sorted = [...seats].sort((a, b) => a.seat - b.seat);
    const start = Math.max(0, sorted.findIndex((s) => s.seat > dealer));
    this.order = sorted.slice(start).concat(sorted.slice(0, start)).map((s, index) => ({
      seat: s.seat, name: s.name, stack: units(s.stack), bet: 0, committed: 0, folded: false,
      allIn: false, down: [], up: [], acted: false, seen: 0, index,
    }));
    const given = distinct(deck, 'the deck').map((c) => c.text);
    const rest = PACK.filter((c) => !given.includes(c));
    if (!given.length) shuffle(rest);
    this.stub = given.concat(rest).map(card);
    this.dealt = 0; this.streetIndex = -1; this.row = null; this.result = null;
    const stakes = doc.stakes || {};
    this.chip = units(stakes.chip || '0.01');
    this.ante = units(stakes.ante || '0');
    this.bringIn = stakes.bring_in == null ? null : units(stakes.bring_in);
    this.small = units(stakes.small_bet); this.big = units(stakes.big_bet);
    this.fraction = fraction(doc.betting.reopen_fraction ?? '0.5');  // data, so a hand can be copied
    this.postAntes();
    this.advance();
  }
  get live() { return this.order.filter((p) => !p.folded); }
  reopen(size, full) { const [num, den] = this.fraction; return size * den >= full * num; }
  postAntes() {
    for (const p of this.order) {
      const paid = Math.min(this.ante, p.stack);
      p.stack -= paid; p.committed += paid;
      if (this.ante > 0 && p.stack === 0) p.allIn = true;
    }
  }
  advance() { // run streets until someone must act or the hand is over
    for (;;) {
      if (this.live.length <= 1) return this.finish(false);
      this.streetIndex += 1;
      if (this.streetIndex >= this.doc.streets.length) return this.finish(true);
      this.row = this.doc.streets[this.streetIndex];
      this.deal(this.row.deal || []);
      if (this.row.bet != null && this.startRound()) return;
    }
  }
  take() {
    if (!this.stub.length) throw new Refusal('unsupported', 'the pack ran out: no run-out here', { values: [{ path: 'dealing.community_card', wanted: true, plays: false }] });
    return this.stub.shift();
  }
  deal(faces) {
    if (faces.length && this.dealt && this.doc.dealing.burn && this.stub.length) this.stub.shift();
    for (const face of faces) {
      for (const p of this.live) { (face === 'up' ? p.up : p.down).push(this.take()); this.dealt += 1; }
    }
  }
  startRound() {
    for (const p of this.order) { p.acted = false; p.seen = 0; }
    Object.assign(this, { cur: 0, state: NO_BET, raises: 0, fullLevel: 0, bigLocked: false, forced: -1, lastAggressor: -1 });
    this.unit = this.row.bet === 'big' ? this.big : this.small;
    const able = this.order.filter((p) => !p.folded && !p.allIn);
    this.roundStartActive = able.length;
    if (able.length < 2) return false;
    if (this.row.opener === 'bring-in') { this.forced = this.bringInIndex(); this.toAct = this.forced; return true; }
    const opener = this.row.opener === 'best-board' ? this.bestBoard() : this.live[0].index;
    for (let i = 0; i < this.order.length; i++) {
      const p = this.order[(opener + i) % this.order.length];
      if (!p.folded && !p.allIn) { this.toAct = p.index; return true; }
    }
    return false;
  }
  bringInIndex() {
    const rule = this.doc.bring_in, order = rule.suit_order || SUIT_NAMES;
    const key = (c) => [rule.aces === 'low' && c.rank === 14 ? 1 : c.rank, order.indexOf(SUIT_NAMES[c.suit])];
    let found = -1, foundKey = null;
    for (const p of this.order) {
      if (p.folded || p.allIn || !p.up.length) continue;
      const k = key(p.up[p.up.length - 1]);
      if (!foundKey || (rule.card === 'highest' ? compare(k, foundKey) > 0 : compare(k, foundKey) < 0)) { found = p.index; foundKey = k; }
    }
    return found >= 0 ? found : this.live[0].index;
  }
  bestBoard() { // pairs and better, by rank; then (ties: suit) the best suit of each group
    const key = (up) => {
      const groups = new Map();
      up.forEach((c) => groups.set(c.rank, (groups.get(c.rank) || []).concat([c])));
      const ordered = [...groups.values()].sort((a, b) => b.length - a.length || b[0].rank - a[0].rank);
      const value = ordered.map((g) => g.length).concat(ordered.map((g) => g[0].rank));
      return (this.row.ties || this.doc.board.ties) === 'suit' ? value.concat(ordered.map((g) => Math.max(...g.map((c) => c.suit)))) : value;
    };
    let found = -1, foundKey = null;
    for (const p of this.live) { const k = key(p.up); if (!foundKey || compare(k, foundKey) > 0) { found = p.index; foundKey = k; } }
    return found;
  }
  // --- betting, as the reference interpreter (stud/engine/betting.py) -----------------------
  unitsNow() {
    const paired = this.live.some((p) => new Set(p.up.map((c) => c.rank)).size < p.up.length);
    if (this.unit === this.small && this.row.big_bet_when === 'open-pair') {
      if (this.bigLocked) return [this.big]; // LIMIT-05: a big bet made stays, pair folded or not
      if (paired) return this.small !== this.big ? [this.small, this.big] : [this.small];
    }
    return [this.unit];
  }
  ranges(kind) {
    const us = this.unitsNow();
    if (kind === 'bet') return us;
    // past the bring-in before it is posted (nothing past a full one), then past what is in:
    // a full-small-bet bring-in posted all in for less is completed like any short one
    if (kind === 'complete') return us.filter((u) => u > (this.cur || this.bringIn || 0));
    return us.map((u) => this.cur + u);
  }
  capped() {
    const cap = this.doc.betting.max_raises;
    if (cap == null || this.raises < cap) return false;
    const mode = this.doc.betting.uncapped_heads_up;
    if (mode === 'in-hand') return this.live.length > 2;
    if (mode === 'round-start') return this.roundStartActive > 2;
    return true;
  }
  mayAggress(p) {
    if (this.state === BET_MADE && ((p.acted && p.seen >= this.fullLevel) || this.capped())) return false;
    return this.order.some((q) => q !== p && !q.folded && !q.allIn && q.bet + q.stack > this.cur);  // someone could answer
  }
  options() { // [[action, amount|null]]
    if (this.result) return [];
    const p = this.order[this.toAct], allIn = p.bet + p.stack, out = [];
    const add = (kind, tos) => tos.forEach((to) => { const t = Math.min(to, allIn); if (!out.some((o) => o[0] === kind && o[1] === t)) out.push([kind, t]); });
    if (this.forced === p.index) {
      const bring = Math.min(this.bringIn, allIn);
      out.push(['bring_in', bring]);
      if (allIn > bring) add('complete', this.ranges('complete'));
      return out;
    }
    if (this.cur > p.bet) out.push(['fold', null], ['call', Math.min(this.cur, allIn)]);
    else out.push(['check', null]);
    if (allIn > this.cur && this.mayAggress(p)) {
      const kind = ['bet', 'complete', 'raise'][this.state];
      add(kind, this.ranges(kind));
    }
    return out;
  }
  legal() { return this.options().map(([action, to]) => (to == null ? { action } : { action, amount: money(to) })); }
  act(seat, action, amount) {
    if (this.result) throw new Refusal('illegal_action', 'the hand is over', { legal: [] });
    const p = this.order[this.toAct];
    const refuse = (why) => { throw new Refusal('illegal_action', why, { legal: this.legal() }); };
    if (seat !== p.seat) refuse(`seat ${seat} cannot act now: seat ${p.seat} is to act`);
    const offered = this.options().filter((o) => o[0] === action);
    if (!offered.length) refuse(`${action} is not allowed now`);
    let to = offered[0][1];
    if (amount != null && to != null) {
      to = units(amount);
      if (!offered.some((o) => o[1] === to)) refuse(`${action} ${amount} is not allowed now`);
    } else if (amount == null && offered.length > 1) refuse(`${action}: say which amount`);
    const fullTo = to == null ? 0 : Math.min(...this.ranges(action === 'bring_in' ? 'bet' : action));
    if (action === 'fold') p.folded = true;
    else if (action === 'call') this.put(p, to - p.bet);
    else if (action === 'bring_in') { // a bring-in of a full small bet is the bet itself
      this.put(p, to - p.bet); this.cur = to; this.forced = -1;
      if (to >= this.unit) Object.assign(this, { state: BET_MADE, raises: 0, fullLevel: to }); else this.state = BRING_IN_ONLY;
    }
    else if (action !== 'check') this.aggress(p, action, to, fullTo);
    p.acted = true; p.seen = this.fullLevel;
    if (p.stack === 0 && !p.folded) p.allIn = true;
    if (this.live.length > 1) {
      for (let i = 1; i < this.order.length; i++) {
        const q = this.order[(p.index + i) % this.order.length];
        if (!q.folded && !q.allIn && (!q.acted || q.bet < this.cur)) { this.toAct = q.index; return; }
      }
    }
    this.endRound();
    this.advance();
  }
  aggress(p, action, to, fullTo) {
    const size = action === 'raise' ? to - this.cur : to;
    const open = () => { this.state = BET_MADE; this.raises = 0; this.fullLevel = to; };
    if (action === 'complete') {
      this.forced = -1;
      if (to >= fullTo || this.reopen(to, fullTo)) open(); else this.state = BRING_IN_ONLY;
    } else if (action === 'bet') open();
    else if (size >= fullTo - this.cur || this.reopen(size, fullTo - this.cur)) { this.raises += 1; this.fullLevel = to; }
    if (this.row.big_bet_when === 'open-pair' && this.doc.betting.big_bet_locks && this.small !== this.big && size >= this.big) this.bigLocked = true;
    this.put(p, to - p.bet);
    this.cur = to;
    this.lastAggressor = p.index;
  }
  put(p, chips) { p.stack -= chips; p.bet += chips; p.committed += chips; }
  endRound() { // give back what nobody called, then clear the street's bets
    const bets = this.order.map((p) => p.bet).sort((a, b) => b - a);
    const top = this.order.find((p) => p.bet === bets[0]);
    if (top && bets[0] > (bets[1] || 0)) {
      const back = bets[0] - (bets[1] || 0);
      top.stack += back; top.committed -= back;
      if (top.stack > 0) top.allIn = false;
    }
    for (const p of this.order) p.bet = 0;
  }
  pots() { // main pot first: a level at every all-in of a player still in
    const contenders = this.live, total = this.order.reduce((s, p) => s + p.committed, 0);
    if (!contenders.length) return total ? [[total, []]] : [];
    const top = Math.max(...contenders.map((p) => p.committed));
    const levels = [...new Set(contenders.filter((p) => p.allIn && p.committed < top).map((p) => p.committed))].sort((a, b) => a - b).concat([top]);
    const out = [];
    let previous = 0, counted = 0;
    for (const level of levels) {
      const amount = this.order.reduce((s, p) => s + Math.max(0, Math.min(p.committed, level) - previous), 0);
      if (amount > 0 || !out.length) out.push([amount, contenders.filter((p) => p.committed >= level || !p.allIn)]);
      previous = level; counted += amount;
    }
    out[out.length - 1][0] += total - counted;
    return out;
  }
  showOrder() { // the last to bet or raise on the final round, else who acted first on it; then clockwise
    let first = this.lastAggressor ?? -1;
    if (first < 0 && this.row && this.row.opener !== 'bring-in') first = this.row.opener === 'best-board' ? this.bestBoard() : this.live[0].index;
    if (first < 0) return this.live;
    return this.order.map((_, k) => this.order[(first + k) % this.order.length]).filter((p) => !p.folded);
  }
  finish(showdown) {
    const awards = [], pay = (p, chips, pot, share) => { p.stack += chips; awards.push({ seat: p.seat, amount: money(chips), pot, share }); };
    const shown = showdown ? this.showOrder().map((p) => ({ p, hand: best(p.down.concat(p.up)) })) : [];
    this.pots().forEach(([amount, eligible], pot) => {
      if (amount <= 0) return;
      if (!showdown) return pay(this.live[0], amount, pot, null);
      const hands = shown.filter((s) => eligible.includes(s.p));
      const top = hands.reduce((b, s) => (compare(s.hand.value, b) > 0 ? s.hand.value : b), [-1]);
      const winners = hands.filter((s) => compare(s.hand.value, top) === 0).map((s) => s.p).sort((a, b) => a.index - b.index);
      const chips = amount / this.chip, each = Math.floor(chips / winners.length), odd = chips - each * winners.length;
      winners.forEach((p, i) => pay(p, (each + (i < odd ? 1 : 0)) * this.chip, pot, 'high'));
    });
    for (const p of this.order) p.bet = 0;
    this.toAct = -1;
    this.result = { awards, showdown, hands: shown.map((s) => ({ seat: s.p.seat, share: 'high', name: s.hand.name, cards: s.hand.cards.map((c) => c.text) })) };
  }
  json() {
    const over = Boolean(this.result);
    return {
      street: this.row ? this.row.name : null, phase: over ? 'complete' : 'betting',
      to_act: over ? null : this.order[this.toAct].seat, legal: over ? [] : this.legal(),
      pot: money(this.order.reduce((s, p) => s + p.committed, 0)),
      pots: this.pots().map(([amount, eligible]) => ({ amount: money(amount), eligible: eligible.map((p) => p.seat).sort((a, b) => a - b) })),
      dealer: this.dealer,
      seats: [...this.order].sort((a, b) => a.seat - b.seat).map((p) => ({
        seat: p.seat, name: p.name, stack: money(p.stack), bet: money(p.bet), folded: p.folded,
        all_in: p.allIn, down: p.down.map((c) => c.text), up: p.up.map((c) => c.text),
      })),
      community: [], result: this.result,
    };
  }
}
function fraction(text) { const [i, f = ''] = String(text).split('.'); return [Number(i + f), 10 ** f.length]; }
function shuffle(cards) { // deterministic (a small LCG), for a deck left to the engine
  let seed = 12345;
  for (let i = cards.length - 1; i > 0; i--) { seed = (seed * 1103515245 + 12345) % 2147483648; const j = seed % (i + 1); [cards[i], cards[j]] = [cards[j], cards[i]]; }
}

// --- reading requests: as strict as `stud serve` (docs/protocol.md, "limits of a request") ---
const LIMITS = { line: 1024 * 1024, depth: 32, items: 256, name: 100, hands: 100 };
const bad = (message) => new Refusal('bad_request', message);
function quote(value) { let t; try { t = JSON.stringify(value); } catch (e) { t = '?'; } return String(t).slice(0, 60); }
function bounded(value, depth = 0) { // nesting, sizes and lone surrogates, checked before anything is read
  if (typeof value === 'string') { if (/\p{Cs}/u.test(value)) throw bad('a string holds a lone surrogate'); return; }
  if (value === null || typeof value !== 'object') return;
  if (depth >= LIMITS.depth) throw bad(`nested deeper than ${LIMITS.depth} levels`);
  const keys = Object.keys(value);
  if (keys.length > LIMITS.items) throw bad(`more than ${LIMITS.items} items in one array or object`);
  for (const key of keys) { bounded(key); bounded(value[key], depth + 1); }
}
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isSeat = (v) => Number.isSafeInteger(v) && v >= 1;
function need(ok, where, what, value) { if (!ok) throw bad(`${where}: expected ${what}, got ${quote(value)}`); }
function oneOf(value, where, allowed) { need(allowed.includes(value), where, allowed.map(quote).join(', '), value); }
function checkSeats(seats) {
  need(Array.isArray(seats) && seats.length >= 2, 'seats', 'a list of at least two seats', seats);
  for (const s of seats) {
    need(isObject(s) && isSeat(s.seat), 'seats', '{seat: a number from 1, name, stack}', s);
    need(typeof s.name === 'string' && s.name.length <= LIMITS.name, `seat ${s.seat}: name`, `text of ${LIMITS.name} characters at most`, s.name);
    if (units(s.stack) <= 0) throw bad(`seat ${s.seat} has no chips; stacks must be > 0`);
  }
  if (new Set(seats.map((s) => s.seat)).size !== seats.length) throw bad('a seat number appears twice');
}
function checkRuleset(doc) { // the values this engine reads, each of the type it reads
  need(isObject(doc), 'ruleset', 'a ruleset document (an object)', doc);
  for (const key of ['stakes', 'betting', 'dealing', 'bring_in', 'board', 'pot']) need(isObject(doc[key]), `ruleset.${key}`, 'an object', doc[key]);
  const st = doc.stakes, money = (key) => units(st[key]);
  const chip = st.chip == null ? 10000 : money('chip'), small = money('small_bet'), big = money('big_bet');
  const bring = st.bring_in == null ? 0 : money('bring_in');
  if (st.ante != null) money('ante');
  if (!(chip > 0 && small > 0 && big >= small && bring <= small)) throw bad('ruleset.stakes: expected chip and small bet > 0, big bet >= small bet >= bring-in');
  const b = doc.betting;
  need(/^(0(\.\d{1,6})?|1)$/.test(String(b.reopen_fraction ?? '0.5')), 'ruleset.betting.reopen_fraction', 'a fraction from 0 to 1', b.reopen_fraction);
  need(b.max_raises == null || (Number.isSafeInteger(b.max_raises) && b.max_raises >= 0), 'ruleset.betting.max_raises', 'null or a count', b.max_raises);
  oneOf(b.uncapped_heads_up ?? 'never', 'ruleset.betting.uncapped_heads_up', ['in-hand', 'round-start', 'never']);
  oneOf(b.big_bet_locks ?? false, 'ruleset.betting.big_bet_locks', [true, false]);
  oneOf(doc.dealing.burn, 'ruleset.dealing.burn', [true, false]);
  oneOf(doc.bring_in.card, 'ruleset.bring_in.card', ['lowest', 'highest']);
  oneOf(doc.bring_in.aces ?? 'high', 'ruleset.bring_in.aces', ['high', 'low']);
  const order = doc.bring_in.suit_order ?? SUIT_NAMES;
  need(Array.isArray(order) && order.length === 4 && SUIT_NAMES.every((n) => order.includes(n)), 'ruleset.bring_in.suit_order', 'the four suits, lowest first', order);
  oneOf(doc.board.ties ?? 'suit', 'ruleset.board.ties', ['suit', 'position']);
  need(doc.pot.shares == null || (Array.isArray(doc.pot.shares) && doc.pot.shares.every(isObject)), 'ruleset.pot.shares', 'a list of shares', doc.pot.shares);
  const streets = doc.streets;
  need(Array.isArray(streets) && streets.length >= 1 && streets.length <= 10 && streets.every(isObject), 'ruleset.streets', 'a list of 1 to 10 streets', streets);
  for (const row of streets) {
    need(typeof row.name === 'string' && row.name.length <= 40, 'ruleset.streets[].name', 'a name', row.name);
    need(Array.isArray(row.deal ?? []) && (row.deal ?? []).every((f) => FACES.includes(f)), `ruleset.streets.${row.name}.deal`, 'a list of "up", "down", "down-if-all-up" and "centre"', row.deal);
    oneOf(row.bet ?? null, `ruleset.streets.${row.name}.bet`, [null, 'small', 'big']);
    oneOf(row.ties ?? null, `ruleset.streets.${row.name}.ties`, [null, 'suit', 'position']);
  }
  const decides = streets.some((row) => (row.decide ?? []).length);  // refused as unsupported: discards may leave fewer cards than dealt
  const own = (row) => (row.deal ?? []).filter((d) => d !== 'centre').length;  // a centre card is everyone's
  if (!decides && streets.reduce((n, row) => n + own(row), 0) > 12) throw bad('ruleset.streets: more than 12 cards dealt to a player');
}
const ACTIONS = ['bring_in', 'complete', 'bet', 'raise', 'call', 'check', 'fold', 'declare', 'exchange', 'stand_pat'];
const FACES = ['up', 'down', 'down-if-all-up', 'centre'];  // the 1.2 faces are read, then refused as unsupported
function copy(h) { return Object.setPrototypeOf(structuredClone({ ...h }), Hand.prototype); }  // a hand to try an action on

// --- the protocol ------------------------------------------------------------------------------
let hand = null;
const OPS = {
  hello: () => ({ protocol: 1, engine: { name: 'node-starter', version: '0.1' }, rulesets: ['*'], features: ['evaluate'], profile: PROFILE }),
  new_hand: (r) => {
    if (typeof r.ruleset !== 'object') throw new Refusal('unsupported', 'send the ruleset document, not a name');
    checkRuleset(r.ruleset);
    checkSeats(r.seats);
    need(isSeat(r.dealer), 'dealer', 'a seat number', r.dealer);
    need(Array.isArray(r.deck ?? []) && (r.deck ?? []).length <= 53, 'deck', 'a list of cards', r.deck);
    const values = unsupportedValues(r.ruleset);
    if (r.seats.length > PROFILE['seats.max']) values.push({ path: 'seats.max', wanted: (r.ruleset.seats || {}).max ?? null, plays: PROFILE['seats.max'] });
    if (values.length) throw new Refusal('unsupported', values.map((v) => `${v.path} = ${quote(v.wanted)}`).join('; '), { values });
    hand = new Hand(r.ruleset, r.seats, r.dealer, r.deck || []);  // only once it is dealt
    return { state: hand.json() };
  },
  act: (r) => {
    need(isSeat(r.seat), 'seat', 'a seat number', r.seat);
    oneOf(r.action, 'action', ACTIONS);
    if (r.amount != null) units(r.amount);
    if (!hand) throw new Refusal('no_hand', 'send new_hand first');
    const next = copy(hand);  // the action is tried on a copy: a refusal changes nothing
    next.act(r.seat, r.action, r.amount);
    hand = next;
    return { state: hand.json() };
  },
  state: () => { if (!hand) throw new Refusal('no_hand', 'send new_hand first'); return { state: hand.json() }; },
  evaluate: (r) => {
    oneOf(r.ranking, 'ranking', ['high', 'ace-to-five', 'ace-to-six']);
    need(Array.isArray(r.hands) && r.hands.length >= 1 && r.hands.length <= LIMITS.hands, 'hands', `a list of 1 to ${LIMITS.hands} hands`, r.hands);
    for (const h of r.hands) need(Array.isArray(h) && h.length >= 5 && h.length <= 8, 'hands', 'hands of 5 to 8 cards', h);
    const cards = r.hands.map((h) => distinct(h, quote(h)));
    if (r.ranking !== 'high') throw new Refusal('unsupported', `ranking ${r.ranking}: this engine ranks high hands only`);
    if (r.wild || r.qualifier != null) throw new Refusal('unsupported', 'no wild cards or qualifiers here (no evaluate-options capability)');
    const found = cards.map(best);
    return { results: found.map((f) => ({ best: f.cards.map((c) => c.text), name: f.name, rank: 1 + found.filter((o) => compare(o.value, f.value) > 0).length })) };
  },
  next_hand: () => { throw new Refusal('unsupported', 'this engine deals one hand at a time (no table capability)'); },
  bye: () => ({}),
};
const ascii = (text) => text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const utf8 = new TextDecoder('utf-8', { fatal: true });
function answer(bytes, long) { // one reply for one line, whatever it holds
  let request = null, id = null;
  try {
    if (long || bytes.length > LIMITS.line) throw bad(`a request line longer than ${LIMITS.line} bytes`);
    let line;
    try { line = utf8.decode(bytes); } catch (e) { throw bad('a request line that is not UTF-8'); }
    request = JSON.parse(line);
    need(isObject(request), 'request', 'a JSON object', request);
    need(Number.isSafeInteger(request.id) && request.id >= 0, 'id', 'a non-negative whole number', request.id);
    id = request.id;
    bounded(request);
    const op = typeof request.op === 'string' && Object.hasOwn(OPS, request.op) ? OPS[request.op] : null;
    if (!op) throw bad(`unknown op ${quote(request.op)}`);
    return { reply: { id, ok: true, ...op(request) }, bye: request.op === 'bye' };
  } catch (e) {
    const code = e instanceof Refusal ? e.code : e instanceof SyntaxError ? 'bad_request' : 'internal';
    const message = String(e.message).slice(0, 2000);
    return { reply: { id, ok: false, error: { code, message, ...(e.extra || {}) } }, bye: false };
  }
}
function handle(bytes, long) {
  const end = bytes.length && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;  // CR LF
  if (!long && bytes.subarray(0, end).every((b) => b === 32 || (b >= 9 && b <= 13))) return;  // blank (ASCII spaces only)
  const { reply, bye } = answer(bytes.subarray(0, end), long);
  process.stdout.write(ascii(JSON.stringify(reply)) + '\n');
  if (bye) process.exit(0);
}
// stdin in lines of at most LIMITS.line bytes: the rest of a longer line is read and dropped
let pending = [], size = 0, dropping = false;
process.stdin.on('data', (chunk) => {
  let start = 0;
  for (let at = chunk.indexOf(10); at >= 0; start = at + 1, at = chunk.indexOf(10, start)) {
    pending.push(chunk.subarray(start, at));
    handle(Buffer.concat(pending), dropping);
    pending = []; size = 0; dropping = false;
  }
  if (!dropping) { pending.push(chunk.subarray(start)); size += chunk.length - start; }
  if (size > LIMITS.line) { pending = []; size = 0; dropping = true; }
});
process.stdin.on('end', () => { if (size || dropping) handle(Buffer.concat(pending), dropping); process.exit(0); });
