#!/usr/bin/env node
// Replays `stud dump-spec` against any engine speaking the stud engine protocol
// (docs/protocol.md): node run-spec.js spec.json --engine "CMD" [--timeout S] [-k TEXT] [-v]
// Exit status: 0 when at least one scenario passed and none failed, 1 otherwise, 2 on misuse.
'use strict';
const fs = require('fs'), { spawn } = require('child_process');
const opts = { timeout: 10, select: '', verbose: false };
const argv = process.argv.slice(2), flags = { '--engine': 'engine', '--timeout': 'timeout', '-k': 'select' };
for (let i = 0; i < argv.length; i++) {
  if (flags[argv[i]]) opts[flags[argv[i]]] = argv[++i];
  else if (argv[i] === '-v') opts.verbose = true;
  else opts.dump = argv[i];
}
if (!opts.dump || !opts.engine) { console.error('usage: node run-spec.js DUMP.json|DUMP.jsonl --engine "CMD" [--timeout S] [-k TEXT] [-v]'); process.exit(2); }
const LINE = 4 * 1024 * 1024, AHEAD = 16;  // as stud verify: a longer reply line stops the engine; 16 lines read ahead
const safe = (t) => String(t).replace(/[^\P{C}\n\t]|[\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);  // control characters shown
// --- the engine: one process, one JSON line per request, one per reply, with a timeout ---
class Engine {
  constructor(command, seconds) { this.command = command; this.ms = seconds * 1000; this.id = 0; this.proc = null; }
  start() {
    const proc = this.proc = spawn(this.command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.buffer = ''; this.lines = []; this.waiter = null; this.stderr = []; this.gone = null; this.fresh = true; proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk) => {
      if (proc !== this.proc) return;  // a process already replaced
      const parts = (this.buffer + chunk).split('\n'); this.buffer = parts.pop();
      if (this.buffer.length > LINE) { this.gone = `a reply line longer than ${LINE} characters`; this.buffer = ''; this.stop(); }
      if (parts.length) { this.lines.push(...parts); if (this.lines.length >= AHEAD) proc.stdout.pause(); } this.wake();
    });
    proc.stderr.on('data', (chunk) => { if (proc === this.proc) this.stderr = this.stderr.concat(String(chunk).split('\n')).slice(-5).map((l) => l.slice(-300)); });
    proc.on('exit', (code, signal) => { if (proc === this.proc) { this.gone = `the engine exited (${signal || code})`; this.wake(); } });
    proc.stdin.on('error', () => {});
  }
  wake() { const w = this.waiter; this.waiter = null; if (w) w(); }
  async request(op, fields) {
    if (!this.proc || this.gone) this.start();
    if (this.fresh && op !== 'hello') await this.request('hello', { protocol: 1 });  // a restarted engine says hello first
    this.fresh = false;
    const id = ++this.id;
    this.proc.stdin.write(JSON.stringify({ id, op, ...fields }) + '\n');
    const deadline = Date.now() + (op === 'hello' ? Math.max(this.ms, 30000) : this.ms);  // starting may be slow
    while (this.lines.length === 0) {
      if (this.gone) throw new Error(`${this.gone}; stderr: ${this.stderr.join(' | ')}`);
      const left = deadline - Date.now();
      if (left <= 0) { this.stop(); throw new Error(`no reply to ${op} in time`); }
      await new Promise((resolve) => { this.waiter = resolve; setTimeout(resolve, left); });
    }
    const line = this.lines.shift(); if (this.proc && this.lines.length < AHEAD) this.proc.stdout.resume();
    let reply = null; try { reply = JSON.parse(line); } catch (e) { /* not JSON: reported below */ }
    if (!reply || reply.id !== id) { this.stop(); throw new Error(`not the reply to request ${id}: ${line.slice(0, 200)}`); }
    return reply;
  }
  stop() { if (this.proc) try { process.kill(-this.proc.pid, 'SIGKILL'); } catch (e) { /* gone */ } this.proc = null; }  // its whole group
}
// --- reading a value from the replies and comparing it (as stud/spec/observe.py) ---
const canon = (a) => { let t = String(a); if (t.includes('.')) t = t.replace(/0+$/, '').replace(/\.$/, ''); return t || '0'; };
const BILLION = 1000000000n;
const units = (s) => { const [i, f = ''] = String(s).split('.'); return BigInt(i) * BILLION + BigInt(f.padEnd(9, '0').slice(0, 9)); };
const stable = (v) => Array.isArray(v) ? `[${v.map(stable).join(',')}]` : v && typeof v === 'object'
  ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stable(v[k])}`).join(',')}}` : JSON.stringify(v === undefined ? null : v);
const same = (a, b) => stable(a) === stable(b);
const NO_AMOUNT = ['fold', 'check', 'declare', 'exchange', 'stand_pat'];
function normalLegal(legal) {
  const out = new Set((legal || []).map((e) => {
    const item = e.cards_max == null ? { action: e.action } : { action: e.action, cards_min: String(e.cards_min), cards_max: String(e.cards_max) };
    if (e.cards_max == null && !NO_AMOUNT.includes(e.action)) {
      if (e.amount != null) item.amount = canon(e.amount);
      else if (e.min != null && canon(e.min) === canon(e.max)) item.amount = canon(e.min);
      else if (e.min != null) { item.min = canon(e.min); item.max = canon(e.max); }
    }
    return stable(item);
  }));
  return [...out].sort();
}
const lastState = (calls, after) => calls.slice(0, after + 1).reverse().find((c) => c.op !== 'evaluate' && c.reply)?.reply ?? null;
function shownHand(state, seat, share) {  // the seat's hand for share, else its high (or only) one
  const shown = ((state.result || {}).hands || []).filter((h) => h.seat === seat && (!share || h.share === share));
  return (share || shown.length < 2 ? shown : shown.filter((h) => h.share == null || h.share === 'high').concat(shown))[0] || null;
}
function dealt(state, ruleset, street) {
  const streets = (ruleset && ruleset.streets) || [], index = streets.findIndex((s) => s.name === street);
  if (index < 0) return [];
  const count = (faces, face) => faces.filter((f) => f === face).length;
  const before = streets.slice(0, index).flatMap((s) => s.deal || []), deal = streets[index].deal || [];
  const downs = count(before, 'down'), ups = count(before, 'up'), nDown = count(deal, 'down'), nUp = count(deal, 'up');
  const cards = state.seats.filter((s) => !s.folded)
    .flatMap((s) => s.down.slice(downs, downs + nDown).concat(s.up.slice(ups, ups + nUp)));
  return cards.concat(state.community || []);
}
function observe(kind, exp, calls, after, ruleset) {
  const state = lastState(calls, after) || {};
  const seat = exp && exp.seat != null ? (state.seats || []).find((s) => s.seat === exp.seat) || {} : {};
  const centre = ((ruleset || {}).deck || {}).centre || [];
  switch (kind) {
    case 'to_act': case 'street': case 'dealer': case 'pot': case 'legal': return state[kind] ?? null;
    case 'community': return exp && exp.runout ? { runout: (state.community || []).filter((c) => !centre.includes(c)) } : state.community ?? null;
    case 'declaration': { const d = (state.declarations || []).find((x) => x.seat === exp.seat); return { ...exp, declaration: !d ? 'not made yet' : d.declare ?? 'hidden' }; }
    case 'no_hand': return { ...exp, shown: ((state.result || {}).hands || []).filter((h) => h.seat === exp.seat && (h.share || 'high') === exp.share).map((h) => (h.cards || []).join(' ') || h.name) };
    case 'no_card': {
      const streets = ruleset.streets, held = streets.slice(0, streets.findIndex((s) => s.name === exp.street)).flatMap((s) => s.deal || []).length;
      const more = state.seats.filter((s) => (exp.seat == null || s.seat === exp.seat) && s.down.length + s.up.length > held).map((s) => s.seat);
      return { ...exp, more: exp.seat == null ? more.concat((state.community || []).filter((c) => !centre.includes(c))) : more };
    }
    case 'pots': return (state.pots || []).map((p) => ({ amount: p.amount, eligible: [...p.eligible].sort((a, b) => a - b) }));
    case 'over': return state.to_act == null && state.result != null;
    case 'show_order': return [...new Set(((state.result || {}).hands || []).map((h) => h.seat))];
    case 'stack': return { seat: exp.seat, amount: seat.stack ?? null };
    case 'all_in': return { seat: exp.seat, all_in: Boolean(seat.all_in) };
    case 'split': return { seat: exp.seat, split: seat.split || [] };
    case 'cards': return { seat: exp.seat, down: seat.down ?? null, up: seat.up ?? null };
    case 'hand': { const h = shownHand(state, exp.seat, exp.share); return h && { name: h.name, cards: h.cards ?? null }; }
    case 'dealt_from': return dealt(state, ruleset, exp.street);
    case 'wild': return [...new Set((state.wild_ranks || []).map(Number))].sort((x, y) => x - y);  // protocol 1.2
    case 'blind': { const b = (state.blinds || []).find((x) => x.seat === exp.seat); return b ? { seat: exp.seat, blind: b.blind, amount: b.amount } : null; }
    case 'awards': {
      const totals = new Map();  // exact sums, in integers of 1e-9
      for (const a of (state.result || {}).awards || []) {
        const key = stable(exp.by.map((k) => a[k] ?? null)); totals.set(key, (totals.get(key) || 0n) + units(a.amount));
      }
      const rows = [...totals].filter(([, v]) => v).map(([k, v]) => Object.fromEntries(
        JSON.parse(k).map((x, i) => [exp.by[i], x]).concat([['amount', `${v / BILLION}.${String(v % BILLION).padStart(9, '0')}`]])));
      return { by: exp.by, awards: rows };
    }
    case 'refused': case 'unchanged': {  // the last act call, refused, and the state before it
      const last = calls.slice(0, after + 1).map((c) => c.op).lastIndexOf('act');
      return last < 0 ? null : kind === 'refused' ? (calls[last].refused || {}).code ?? null : same(lastState(calls, last - 1), state);
    }
    case 'best': case 'compare': case 'qualifies': {  // the evaluate call just made
      const r = calls[after] && calls[after].op === 'evaluate' ? calls[after].reply : null;
      if (!r || kind === 'qualifies') return r ? r[0].qualifies ?? true : null;
      return kind === 'best' ? { name: r[0].name, cards: r[0].best } : r[0].rank < r[1].rank ? 'beats' : r[0].rank > r[1].rank ? 'loses to' : 'ties with';
    }
    default: return undefined;
  }
}
const shape = (cards) => stable([cards.map((c) => c.slice(0, -1).replace('10', 'T')).sort(), new Set(cards.map((c) => c.slice(-1))).size === 1]);
const plain = (s) => String(s || '').toLowerCase().split(/\s+/).filter(Boolean).join(' ');
const money = (rows) => (rows || []).map((r) => stable({ ...r, amount: canon(r.amount) }));
function agrees(kind, exp, act) {
  switch (kind) {
    case 'pot': return act != null && canon(exp) === canon(act);
    case 'stack': case 'blind': return Boolean(act) && act.amount != null && act.blind === exp.blind && canon(exp.amount) === canon(act.amount);
    case 'legal': return act != null && same(normalLegal(exp), normalLegal(act));
    case 'pots': return same(money(exp), money(act));
    case 'awards': return act.awards.length > 0 && same(money(exp.awards).sort(), money(act.awards).sort());
    case 'hand': case 'best': return Boolean(act) && (exp.cards ? same([...(act.cards || [])].sort(), [...exp.cards].sort())
      : act.cards && act.cards.length ? act.cards.length === (exp.reference_cards || []).length && shape(act.cards) === shape(exp.reference_cards)
        : plain(act.name) === plain(exp.name));  // given cards: those; shown cards: as strong; else the name
    case 'dealt_from': return act.length >= exp.count && new Set(act).size === act.length && act.every((c) => exp.cards.includes(c));
    default: return same(exp, act);
  }
}
// --- running the scenarios ---
async function runScenario(engine, hello, s) {
  const calls = [];  // what this engine answered, shaped as the dump's calls
  if (!(hello.rulesets || []).includes('*') && !(hello.rulesets || []).includes(s.ruleset_name)) return ['not supported', `ruleset ${s.ruleset_name}`];
  const need = (c) => (c.op === 'next_hand' ? 'table' : c.op !== 'evaluate' ? null : !['high', 'ace-to-five', 'ace-to-six', ...(hello.rankings || [])].includes(c.request.ranking) ? `ranking ${c.request.ranking}` : c.request.wild || c.request.qualifier != null ? 'evaluate-options' : 'evaluate');
  for (const c of s.calls) if (need(c) && !(hello.features || []).includes(need(c))) return ['not supported', `capability ${need(c)}`];
  const judge = (after) => {
    for (const check of s.checks.filter((c) => c.after === after && c.protocol)) {
      let actual = null, ok = false;
      try { actual = observe(check.kind, check.expected, calls, after, s.ruleset); ok = agrees(check.kind, check.expected, actual); } catch (e) { actual = `unreadable state (${e.message})`; }
      if (!ok) return `${check.step}: ${check.kind} expected ${stable(check.expected)}, got ${stable(actual)}`;
    }
    return null;
  };
  let failed = judge(-1);
  for (let i = 0; i < s.calls.length && !failed; i++) {
    const want = s.calls[i];
    const reply = await engine.request(want.op, want.request).catch((e) => ({ lost: e.message }));
    if (reply.lost) return ['failed', `call ${i} (${want.op}): ${reply.lost}`];
    if (!reply.ok && reply.error && reply.error.code === 'unsupported') return ['not supported', reply.error.message];
    const got = { op: want.op, request: want.request };
    if (reply.ok) got.reply = want.op === 'evaluate' ? reply.results : reply.state; else got.refused = reply.error;
    calls.push(got);
    const where = `call ${i} (${want.op} ${stable(want.request)})`;
    if (want.refused && !got.refused) return ['failed', `${where}: the engine accepted an action the rules refuse`];
    if (!want.refused && got.refused) return ['failed', `${where}: refused: ${got.refused.code}: ${got.refused.message}`];
    failed = judge(i);
  }
  return failed ? ['failed', failed] : ['passed', ''];
}
async function main() {
  const text = fs.readFileSync(opts.dump, 'utf8');  // a dump document, or JSON Lines of scenarios
  const doc = /^\s*\{\s*"format"/.test(text) ? JSON.parse(text) : null;
  const scenarios = (doc ? doc.scenarios : text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)))
    .filter((s) => !opts.select || s.id.includes(opts.select) || s.tags.includes(opts.select));
  const engine = new Engine(opts.engine, Number(opts.timeout));
  const counts = { passed: 0, failed: 0, 'not supported': 0 };
  const hello = await engine.request('hello', { protocol: 1 }).catch((e) => { console.error(safe(`hello: ${e.message}`)); process.exit(1); });
  for (const s of scenarios) {
    const [status, why] = await runScenario(engine, hello, s);
    counts[status]++;
    if (status === 'failed' || opts.verbose) console.log(safe(`[${status.toUpperCase()}] ${s.id}${why ? `\n    ${why}` : ''}`));
  }
  await engine.request('bye', {}).catch(() => null);  // the engine may already be gone
  engine.stop();
  console.log(`${scenarios.length} scenarios: ${counts.passed} passed, ${counts.failed} failed, ${counts['not supported']} not supported`);
  process.exit(counts.failed === 0 && counts.passed > 0 ? 0 : 1);
}
main();
