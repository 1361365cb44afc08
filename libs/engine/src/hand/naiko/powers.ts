import type { Card } from '../../cards/card';
import { randomInt } from '../../rng/random-source';
import type { ActionHandler } from '../apply';
import { potRaiseTo, type BoundsHook } from '../betting';
import { HandConfigError } from '../config-error';
import { finish, toDraft, type Draft } from '../draft';
import type { RuleModule, StartHook } from '../rule-module';
import type { ActionError, ApplyResult, HandEvent, HandState, LegalActions } from '../types';
import type { EventRedactor, Viewer } from '../view';
import { powerReplayInputs } from './replay';
import {
  CAROUSELS,
  MAX_SPARKS,
  POWER_COST,
  POWER_IDS,
  type PowerId,
  type PowerLegal,
  type PowersConfig,
  type PowersExt,
} from './types';

/**
 * Naiko mode's powers (docs/rules/naiko.de.txt §5 and the power pages), reached only through the machine's extension
 * points: a start hook (sparks, carousel), action handlers (one per power action), a bounds hook (Short
 * Anchor's cap), an event redactor and a view extension (a peek and a swap stay private).
 *
 * One validator: `check*` below decides legality; `legal` (shown in `legalActions(...).extensions`) and
 * `apply` both call it, so a refused attempt changes nothing and costs no sparks.
 *
 * The Seal Shield window is the phase 'shield-window': the anchored player is to act (`toAct`), with
 * only `shield` and `decline` (the table's timeout sends `decline`); every other action is refused
 * until it is resolved, then the attacker continues his turn.
 */

export const POWERS = 'powers';
export const SHIELD_WINDOW_PHASE = 'shield-window';
/** "Der Tisch erlaubt bis zu 3 normale Aktivierungen pro Setzrunde." */
export const MAX_ACTIVATIONS_PER_ROUND = 3;
const DEFAULT_SHIELD_MS = 8000;

export const powersExt = (s: HandState | Draft): PowersExt | undefined => s.ext[POWERS] as PowersExt | undefined;

function setExt(d: Draft, x: PowersExt): void {
  d.ext = { ...d.ext, [POWERS]: x };
}

const err = (code: ActionError['code'], message: string): { ok: false; error: ActionError } => ({
  ok: false,
  error: { code, message },
});

// ---------- start: sparks and the carousel ----------

function validCarousel(c: unknown): c is PowerId[] {
  return Array.isArray(c) && CAROUSELS.some((k) => k.length === c.length && k.every((p) => c.includes(p)));
}

const startPowers: StartHook = (d, source, ev) => {
  const cfg = d.config.powers as PowersConfig | undefined;
  if (cfg === undefined) return;
  const fail = (m: string): never => {
    throw new HandConfigError(m);
  };
  if (d.config.showdown !== 'show-all')
    fail("Naiko tables show every hand still in at showdown: showdown must be 'show-all'");
  if (cfg === null || typeof cfg !== 'object') fail('powers must be an object');
  const given = cfg.sparks ?? {};
  for (const [seat, n] of Object.entries(given)) {
    if (!d.seats.includes(Number(seat))) fail(`sparks for seat ${seat} who is not dealt in`);
    if (!Number.isInteger(n) || n < 0 || n > MAX_SPARKS)
      fail(`seat ${seat}: sparks must be an integer 0..${MAX_SPARKS}`);
  }
  let carousel: PowerId[];
  if (cfg.carousel !== undefined) {
    if (!validCarousel(cfg.carousel))
      fail(`not a carousel: ${JSON.stringify(cfg.carousel)} (3 of the 4 powers; Seal Shield only with Short Anchor)`);
    carousel = POWER_IDS.filter((p) => cfg.carousel!.includes(p));
  } else if ('rng' in source) {
    // Drawn after the deck's shuffle from the same source: a revealed seed verifies both.
    carousel = CAROUSELS[randomInt(source.rng, CAROUSELS.length)].slice();
  } else carousel = fail('a stacked deck needs a stacked carousel (powers.carousel)');
  const ms = cfg.shieldWindowMs ?? DEFAULT_SHIELD_MS;
  if (!Number.isInteger(ms) || ms <= 0) fail('shieldWindowMs must be a positive integer');
  const n = d.seats.length;
  const before = d.seats.map((seat) => given[seat] ?? 0);
  // "Du erhältst 1 Destello, wenn du in ein neues Austeilen einbezogen wirst, und kannst bis zu 3 aufbewahren."
  const sparks = before.map((b) => (cfg.dealSparkGranted ? b : Math.min(MAX_SPARKS, b + 1)));
  const x: PowersExt = {
    carousel,
    sparks,
    used: Array.from({ length: n }, () => []),
    turnMark: null,
    round: { street: 0, activations: 0 },
    anchorSlot: new Array<number>(n).fill(-1),
    anchorCap: new Array<number>(n).fill(-1),
    window: null,
    peeks: new Array(n).fill(null),
    discards: new Array(n).fill(null),
    shieldWindowMs: ms,
  };
  setExt(d, x);
  ev.push({
    type: 'x-powers-dealt',
    carousel: carousel.slice(),
    sparks: d.seats.map((seat, i) => ({ seat, before: before[i], sparks: sparks[i] })),
  });
};

// ---------- the one validator ----------

type Check = { ok: true; x: PowersExt; p: number } | { ok: false; error: ActionError };

const activations = (s: HandState, x: PowersExt): number => (x.round.street === s.street ? x.round.activations : 0);

/** Shared limits of a normal activation by the player to act. */
function checkActivation(s: HandState, seat: number, power: PowerId): Check {
  const x = powersExt(s);
  if (!x) return err('UNKNOWN_ACTION', 'this hand is played without powers');
  if (s.phase === 'complete' || s.phase === 'cancelled') return err('HAND_OVER', 'the hand is over');
  if (x.window) return err('NOT_YOUR_TURN', 'a Seal Shield window is open');
  const p = s.toAct;
  if (p < 0 || s.phase !== 'betting')
    return err('NOT_YOUR_TURN', 'powers are used in your turn, before your poker action');
  if (s.seats[p] !== seat) return err('NOT_YOUR_TURN', `seat ${s.seats[p]} is to act, not ${seat}`);
  if (!x.carousel.includes(power)) return err('ILLEGAL_ACTION', `${power} is not in this hand's carousel`);
  if (x.used[p].includes(power)) return err('ILLEGAL_ACTION', `${power} can be used once per hand`);
  if (x.turnMark && x.turnMark.player === p && x.turnMark.version === s.version)
    return err('ILLEGAL_ACTION', 'at most one power per turn');
  if (activations(s, x) >= MAX_ACTIVATIONS_PER_ROUND)
    return err('ILLEGAL_ACTION', `the table allows ${MAX_ACTIVATIONS_PER_ROUND} activations per betting round`);
  if (x.sparks[p] < POWER_COST[power])
    return err('ILLEGAL_ACTION', `${power} costs ${POWER_COST[power]} sparks, you hold ${x.sparks[p]}`);
  return { ok: true, x, p };
}

/** Whether the next street deals a community card (Sneak Peek shows its first). */
function nextBoardStreet(s: HandState): boolean {
  const next = s.spec.streets[s.street + 1];
  return !!next && next.deal.some((step) => step.kind === 'board');
}

function checkPeek(s: HandState, seat: number): Check {
  const c = checkActivation(s, seat, 'sneak-peek');
  if (!c.ok) return c;
  if (!nextBoardStreet(s)) return err('ILLEGAL_ACTION', 'Sneak Peek is not usable on the river');
  if (s.deckPos >= s.deck.length) return err('ILLEGAL_ACTION', 'no card left to peek at');
  return c;
}

function checkSwap(s: HandState, seat: number, card: unknown): Check {
  const c = checkActivation(s, seat, 'sleeve-swap');
  if (!c.ok) return c;
  if (s.street !== 0) return err('ILLEGAL_ACTION', 'Sleeve Swap only preflop');
  // A posted blind does not set `acted`: only a betting action does.
  if (s.acted[c.p]) return err('ILLEGAL_ACTION', 'Sleeve Swap only before your first betting action');
  if (s.deckPos >= s.deck.length) return err('ILLEGAL_ACTION', 'no card left to swap in');
  if (card !== undefined && !s.hole[c.p].includes(card as Card))
    return err('ILLEGAL_ACTION', 'choose one of your own hole cards to discard');
  return c;
}

/** Opponents who can act, have not acted this round and have no anchor slot used this round. */
function anchorTargets(s: HandState, p: number, x: PowersExt): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.seats.length; i++) {
    if (i === p || s.folded[i] || s.allIn[i] || s.acted[i] || x.anchorSlot[i] === s.street) continue;
    out.push(i);
  }
  return out;
}

function checkAnchor(s: HandState, seat: number, target: unknown): Check & { t?: number } {
  const c = checkActivation(s, seat, 'short-anchor');
  if (!c.ok) return c;
  const targets = anchorTargets(s, c.p, c.x);
  if (target === undefined) return targets.length ? c : err('ILLEGAL_ACTION', 'no opponent can be anchored now');
  const t = s.seats.indexOf(target as number);
  if (t < 0 || t === c.p) return err('ILLEGAL_ACTION', 'Short Anchor targets an opponent in the hand');
  if (c.x.anchorSlot[t] === s.street)
    return err('ILLEGAL_ACTION', 'that player already received a valid anchor this round');
  if (!targets.includes(t))
    return err('ILLEGAL_ACTION', 'the target must be able to act and must not have acted this round');
  return { ...c, t };
}

function checkResponse(s: HandState, seat: number, shield: boolean): Check {
  const x = powersExt(s);
  if (!x) return err('UNKNOWN_ACTION', 'this hand is played without powers');
  if (s.phase === 'complete' || s.phase === 'cancelled') return err('HAND_OVER', 'the hand is over');
  if (!x.window) return err('ILLEGAL_ACTION', 'no Seal Shield window is open (the shield is never used preventively)');
  const p = x.window.target;
  if (s.seats[p] !== seat) return err('NOT_YOUR_TURN', 'only the anchored player answers the window');
  if (shield && (x.sparks[p] < POWER_COST['seal-shield'] || x.used[p].includes('seal-shield')))
    return err('ILLEGAL_ACTION', 'cannot pay the Seal Shield');
  return { ok: true, x, p };
}

// ---------- applying (the core has already refused a finished hand and a stale version) ----------

function copyExt(x: PowersExt): PowersExt {
  return { ...x, sparks: x.sparks.slice(), used: x.used.slice() };
}

/** Pays and records a normal activation by player p. */
function activate(s: HandState, x0: PowersExt, p: number, power: PowerId): { d: Draft; x: PowersExt } {
  const d = toDraft(s);
  d.version++;
  const x = copyExt(x0);
  x.sparks[p] -= POWER_COST[power];
  x.used[p] = x.used[p].concat(power);
  x.turnMark = { player: p, version: d.version };
  x.round = { street: s.street, activations: activations(s, x0) + 1 };
  return { d, x };
}

const powerEvent = (
  s: Draft,
  p: number,
  x: PowersExt,
  power: PowerId,
  extra: Record<string, unknown> = {},
): HandEvent => ({
  type: 'x-power',
  seat: s.seats[p],
  power,
  cost: POWER_COST[power],
  sparks: x.sparks[p],
  street: s.street,
  ...extra,
});

function done(d: Draft, x: PowersExt, events: HandEvent[]): ApplyResult {
  setExt(d, x);
  return { ok: true, state: finish(d), events };
}

const legalOf = (c: { ok: boolean }, l: () => PowerLegal): PowerLegal | undefined => (c.ok ? l() : undefined);
/** `legal` runs on every `legalActions` call of every variant: nothing (and no allocation) without powers. */
const inPlay = (s: HandState): boolean => s.ext[POWERS] !== undefined;

const sneakPeekAction: ActionHandler = {
  apply(s, a) {
    const c = checkPeek(s, a.seat);
    if (!c.ok) return c;
    const { d, x } = activate(s, c.x, c.p, 'sneak-peek');
    // The next community card is the next card of the deck (no burn cards); moves nothing.
    const card = d.deck[d.deckPos];
    x.peeks = x.peeks.slice();
    x.peeks[c.p] = { street: d.street + 1, card };
    return done(d, x, [powerEvent(d, c.p, x, 'sneak-peek', { card, peekStreet: d.street + 1 })]);
  },
  legal: (s) =>
    inPlay(s) ? legalOf(checkPeek(s, s.seats[s.toAct]), () => ({ cost: POWER_COST['sneak-peek'] })) : undefined,
};

const sleeveSwapAction: ActionHandler = {
  apply(s, a) {
    if (typeof a.card !== 'number') return err('ILLEGAL_ACTION', 'Sleeve Swap needs the card to discard');
    const c = checkSwap(s, a.seat, a.card);
    if (!c.ok) return c;
    const { d, x } = activate(s, c.x, c.p, 'sleeve-swap');
    const discarded = a.card as Card;
    const card = d.deck[d.deckPos++];
    const hole = d.hole.slice();
    hole[c.p] = hole[c.p].map((h) => (h === discarded ? card : h));
    d.hole = hole;
    x.discards = x.discards.slice();
    x.discards[c.p] = discarded;
    return done(d, x, [powerEvent(d, c.p, x, 'sleeve-swap', { discarded, card })]);
  },
  legal: (s) => {
    if (!inPlay(s)) return undefined;
    const p = s.toAct;
    return legalOf(checkSwap(s, s.seats[p], undefined), () => ({
      cost: POWER_COST['sleeve-swap'],
      cards: s.hole[p].slice(),
    }));
  },
};

const shortAnchorAction: ActionHandler = {
  apply(s, a) {
    if (typeof a.target !== 'number') return err('ILLEGAL_ACTION', 'Short Anchor needs a target seat');
    const c = checkAnchor(s, a.seat, a.target);
    if (!c.ok) return c;
    const t = c.t as number;
    const { d, x } = activate(s, c.x, c.p, 'short-anchor');
    // A valid anchor occupies the target's slot for this round and is paid, even if shielded.
    x.anchorSlot = x.anchorSlot.slice();
    x.anchorSlot[t] = d.street;
    const events: HandEvent[] = [powerEvent(d, c.p, x, 'short-anchor', { target: d.seats[t] })];
    const canShield =
      x.carousel.includes('seal-shield') &&
      x.sparks[t] >= POWER_COST['seal-shield'] &&
      !x.used[t].includes('seal-shield');
    if (canShield) {
      x.window = { attacker: c.p, target: t };
      d.phase = SHIELD_WINDOW_PHASE;
      d.toAct = t;
      events.push({ type: 'x-shield-window', seat: d.seats[t], attacker: d.seats[c.p], ms: x.shieldWindowMs });
    } else {
      x.anchorCap = x.anchorCap.slice();
      x.anchorCap[t] = d.street;
      events.push({ type: 'x-anchor-applied', seat: d.seats[t], by: d.seats[c.p], via: 'no-window' });
    }
    return done(d, x, events);
  },
  legal: (s) => {
    if (!inPlay(s)) return undefined;
    const p = s.toAct;
    const c = checkAnchor(s, s.seats[p], undefined);
    return legalOf(c, () => ({
      cost: POWER_COST['short-anchor'],
      targets: c.ok ? anchorTargets(s, p, c.x).map((i) => s.seats[i]) : [],
    }));
  },
};

/** Closes the window: the attacker continues his turn (still with no second power). */
function closeWindow(s: HandState, x0: PowersExt, shielded: boolean, timeout: boolean): ApplyResult {
  const w = x0.window!;
  const d = toDraft(s);
  d.version++;
  const x = copyExt(x0);
  const events: HandEvent[] = [];
  if (shielded) {
    x.sparks[w.target] -= POWER_COST['seal-shield'];
    x.used[w.target] = x.used[w.target].concat('seal-shield');
    events.push(powerEvent(d, w.target, x, 'seal-shield', { against: d.seats[w.attacker] }));
  } else {
    x.anchorCap = x.anchorCap.slice();
    x.anchorCap[w.target] = d.street;
    events.push({
      type: 'x-anchor-applied',
      seat: d.seats[w.target],
      by: d.seats[w.attacker],
      via: timeout ? 'timeout' : 'decline',
    });
  }
  x.window = null;
  x.turnMark = { player: w.attacker, version: d.version };
  d.phase = 'betting';
  d.toAct = w.attacker;
  return done(d, x, events);
}

function windowTurn(s: HandState): (LegalActions & { extensions?: Record<string, unknown> }) | null {
  const x = powersExt(s);
  if (!x || !x.window || s.phase !== SHIELD_WINDOW_PHASE) return null;
  const t = x.window.target;
  return {
    seat: s.seats[t],
    version: s.version,
    actions: ['shield', 'decline'],
    callAmount: 0,
    minTo: 0,
    maxTo: 0,
    allInTo: s.bets[t] + s.stacks[t],
    // Like the draw module's: what the table sends when the window's clock runs out (with `timeout: true`).
    extensions: { timeoutAction: 'decline', shieldWindowMs: x.shieldWindowMs, attacker: s.seats[x.window.attacker] },
  };
}

const shieldAction: ActionHandler = {
  apply(s, a) {
    const c = checkResponse(s, a.seat, true);
    if (!c.ok) return c;
    return closeWindow(s, c.x, true, false);
  },
  turn: windowTurn,
};

const declineAction: ActionHandler = {
  apply(s, a) {
    const c = checkResponse(s, a.seat, false);
    if (!c.ok) return c;
    return closeWindow(s, c.x, false, a.timeout === true);
  },
};

// ---------- Short Anchor's cap ----------

/**
 * The anchored player's maximum raise is a pot-size raise for the rest of the round; it never goes
 * above his stack (the bounds already cap at all-in) nor below an otherwise legal minimum raise.
 */
const anchorBounds: BoundsHook = (s, b) => {
  const x = s.ext[POWERS] as PowersExt | undefined;
  if (!x || !b.canRaise || x.anchorCap[b.player] !== s.street) return b;
  const cap = Math.max(potRaiseTo(s, b.player, 1), b.minTo);
  return cap < b.maxTo ? { ...b, maxTo: cap } : b;
};

// ---------- views ----------

/** Public activations stay; a peek's card and a swap's cards go only to their user. */
const redactPower: EventRedactor = (e, viewer) => {
  const ev = e as HandEvent & { seat: number; card?: Card; discarded?: Card };
  if (ev.seat === viewer || (ev.card === undefined && ev.discarded === undefined)) return e;
  const { card: _c, discarded: _d, ...rest } = ev;
  return rest as HandEvent;
};

export interface PowersView {
  carousel: PowerId[];
  /** Sparks per table seat (public, like stacks). */
  sparks: { seat: number; sparks: number }[];
  used: { seat: number; powers: PowerId[] }[];
  /** Normal activations left at the table in this betting round. */
  activationsLeft: number;
  /** Seats whose raises are capped by an anchor this round. */
  anchored: number[];
  window: { attacker: number; target: number; ms: number } | null;
  /** The viewer's own Sneak Peek (never anyone else's). */
  peek: { street: number; card: Card } | null;
  /** The viewer's own Sleeve Swap discard. */
  discarded: Card | null;
}

export function powersView(s: HandState, viewer: Viewer): PowersView | undefined {
  const x = powersExt(s);
  if (!x) return undefined;
  const me = typeof viewer === 'number' ? s.seats.indexOf(viewer) : -1;
  return {
    carousel: x.carousel.slice(),
    sparks: s.seats.map((seat, i) => ({ seat, sparks: x.sparks[i] })),
    used: s.seats.map((seat, i) => ({ seat, powers: x.used[i].slice() })),
    activationsLeft: MAX_ACTIVATIONS_PER_ROUND - activations(s, x),
    anchored: s.seats.filter((_, i) => x.anchorCap[i] === s.street),
    window: x.window
      ? { attacker: s.seats[x.window.attacker], target: s.seats[x.window.target], ms: x.shieldWindowMs }
      : null,
    peek: me >= 0 && x.peeks[me] ? { ...x.peeks[me]! } : null,
    discarded: me >= 0 ? x.discards[me] : null,
  };
}

/**
 * Naiko mode's powers module (listed by the `naiko` spec): sparks and the carousel at the start, the
 * power actions, Short Anchor's cap, the private parts of `x-power` events and the view.
 */
export const POWERS_MODULE: RuleModule = {
  id: POWERS,
  start: startPowers,
  actions: {
    'sneak-peek': sneakPeekAction,
    'sleeve-swap': sleeveSwapAction,
    'short-anchor': shortAnchorAction,
    shield: shieldAction,
    decline: declineAction,
  },
  bounds: anchorBounds,
  redactors: { 'x-power': redactPower },
  view: powersView,
  replayInputs: (config, _spec, events) =>
    events.some((e) => e.type === 'x-powers-dealt') ? powerReplayInputs(config, events) : null,
};

// ---------- results ----------

/** Each seat's sparks now (after the hand: what the table keeps), or undefined for a hand without powers. */
export function sparksOf(s: HandState): { seat: number; sparks: number }[] | undefined {
  const x = powersExt(s);
  return x ? s.seats.map((seat, i) => ({ seat, sparks: x.sparks[i] })) : undefined;
}

/** What a power attempt would cost if it were legal now (for clients and bots). */
export function legalPowers(s: HandState): Partial<Record<PowerId, PowerLegal>> {
  const out: Partial<Record<PowerId, PowerLegal>> = {};
  if (s.toAct < 0 || s.phase !== 'betting' || !powersExt(s)) return out;
  const seat = s.seats[s.toAct];
  if (checkPeek(s, seat).ok) out['sneak-peek'] = { cost: POWER_COST['sneak-peek'] };
  if (checkSwap(s, seat, undefined).ok)
    out['sleeve-swap'] = { cost: POWER_COST['sleeve-swap'], cards: s.hole[s.toAct].slice() };
  const a = checkAnchor(s, seat, undefined);
  if (a.ok)
    out['short-anchor'] = {
      cost: POWER_COST['short-anchor'],
      targets: anchorTargets(s, s.toAct, a.x).map((i) => s.seats[i]),
    };
  return out;
}
