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

function setExt(draft: Draft, powersExt: PowersExt): void {
  draft.ext = { ...draft.ext, [POWERS]: powersExt };
}

const err = (code: ActionError['code'], message: string): { ok: false; error: ActionError } => ({
  ok: false,
  error: { code, message },
});

// ---------- start: sparks and the carousel ----------

function validCarousel(carousel: unknown): carousel is PowerId[] {
  return (
    Array.isArray(carousel) &&
    CAROUSELS.some((k) => k.length === carousel.length && k.every((p) => carousel.includes(p)))
  );
}

const startPowers: StartHook = (draft, source, ev) => {
  const cfg = draft.config.powers as PowersConfig | undefined;
  if (cfg === undefined) return;
  const fail = (message: string): never => {
    throw new HandConfigError(message);
  };
  if (draft.config.showdown !== 'show-all')
    fail("Naiko tables show every hand still in at showdown: showdown must be 'show-all'");
  if (cfg === null || typeof cfg !== 'object') fail('powers must be an object');
  const given = cfg.sparks ?? {};
  for (const [seat, sparks] of Object.entries(given)) {
    if (!draft.seats.includes(Number(seat))) fail(`sparks for seat ${seat} who is not dealt in`);
    if (!Number.isInteger(sparks) || sparks < 0 || sparks > MAX_SPARKS)
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
  const seatCount = draft.seats.length;
  const before = draft.seats.map((seat) => given[seat] ?? 0);
  // "Du erhältst 1 Destello, wenn du in ein neues Austeilen einbezogen wirst, und kannst bis zu 3 aufbewahren."
  const sparks = before.map((b) => (cfg.dealSparkGranted ? b : Math.min(MAX_SPARKS, b + 1)));
  const ext: PowersExt = {
    carousel,
    sparks,
    used: Array.from({ length: seatCount }, () => []),
    turnMark: null,
    round: { street: 0, activations: 0 },
    anchorSlot: new Array<number>(seatCount).fill(-1),
    anchorCap: new Array<number>(seatCount).fill(-1),
    window: null,
    peeks: new Array(seatCount).fill(null),
    discards: new Array(seatCount).fill(null),
    shieldWindowMs: ms,
  };
  setExt(draft, ext);
  ev.push({
    type: 'x-powers-dealt',
    carousel: carousel.slice(),
    sparks: draft.seats.map((seat, i) => ({ seat, before: before[i], sparks: sparks[i] })),
  });
};

// ---------- the one validator ----------

type Check = { ok: true; x: PowersExt; p: number } | { ok: false; error: ActionError };

const activations = (s: HandState, x: PowersExt): number => (x.round.street === s.street ? x.round.activations : 0);

/** Shared limits of a normal activation by the player to act. */
function checkActivation(state: HandState, seat: number, power: PowerId): Check {
  const ext = powersExt(state);
  if (!ext) return err('UNKNOWN_ACTION', 'this hand is played without powers');
  if (state.phase === 'complete' || state.phase === 'cancelled') return err('HAND_OVER', 'the hand is over');
  if (ext.window) return err('NOT_YOUR_TURN', 'a Seal Shield window is open');
  const actor = state.toAct;
  if (actor < 0 || state.phase !== 'betting')
    return err('NOT_YOUR_TURN', 'powers are used in your turn, before your poker action');
  if (state.seats[actor] !== seat) return err('NOT_YOUR_TURN', `seat ${state.seats[actor]} is to act, not ${seat}`);
  if (!ext.carousel.includes(power)) return err('ILLEGAL_ACTION', `${power} is not in this hand's carousel`);
  if (ext.used[actor].includes(power)) return err('ILLEGAL_ACTION', `${power} can be used once per hand`);
  if (ext.turnMark && ext.turnMark.player === actor && ext.turnMark.version === state.version)
    return err('ILLEGAL_ACTION', 'at most one power per turn');
  if (activations(state, ext) >= MAX_ACTIVATIONS_PER_ROUND)
    return err('ILLEGAL_ACTION', `the table allows ${MAX_ACTIVATIONS_PER_ROUND} activations per betting round`);
  if (ext.sparks[actor] < POWER_COST[power])
    return err('ILLEGAL_ACTION', `${power} costs ${POWER_COST[power]} sparks, you hold ${ext.sparks[actor]}`);
  return { ok: true, x: ext, p: actor };
}

/** Whether the next street deals a community card (Sneak Peek shows its first). */
function nextBoardStreet(state: HandState): boolean {
  const next = state.spec.streets[state.street + 1];
  return !!next && next.deal.some((step) => step.kind === 'board');
}

function checkPeek(state: HandState, seat: number): Check {
  const check = checkActivation(state, seat, 'sneak-peek');
  if (!check.ok) return check;
  if (!nextBoardStreet(state)) return err('ILLEGAL_ACTION', 'Sneak Peek is not usable on the river');
  if (state.deckPos >= state.deck.length) return err('ILLEGAL_ACTION', 'no card left to peek at');
  return check;
}

function checkSwap(state: HandState, seat: number, card: unknown): Check {
  const check = checkActivation(state, seat, 'sleeve-swap');
  if (!check.ok) return check;
  if (state.street !== 0) return err('ILLEGAL_ACTION', 'Sleeve Swap only preflop');
  // A posted blind does not set `acted`: only a betting action does.
  if (state.acted[check.p]) return err('ILLEGAL_ACTION', 'Sleeve Swap only before your first betting action');
  if (state.deckPos >= state.deck.length) return err('ILLEGAL_ACTION', 'no card left to swap in');
  if (card !== undefined && !state.hole[check.p].includes(card as Card))
    return err('ILLEGAL_ACTION', 'choose one of your own hole cards to discard');
  return check;
}

/** Opponents who can act, have not acted this round and have no anchor slot used this round. */
function anchorTargets(state: HandState, player: number, ext: PowersExt): number[] {
  const out: number[] = [];
  for (let i = 0; i < state.seats.length; i++) {
    if (i === player || state.folded[i] || state.allIn[i] || state.acted[i] || ext.anchorSlot[i] === state.street)
      continue;
    out.push(i);
  }
  return out;
}

function checkAnchor(state: HandState, seat: number, target: unknown): Check & { t?: number } {
  const check = checkActivation(state, seat, 'short-anchor');
  if (!check.ok) return check;
  const targets = anchorTargets(state, check.p, check.x);
  if (target === undefined) return targets.length ? check : err('ILLEGAL_ACTION', 'no opponent can be anchored now');
  const targetIndex = state.seats.indexOf(target as number);
  if (targetIndex < 0 || targetIndex === check.p)
    return err('ILLEGAL_ACTION', 'Short Anchor targets an opponent in the hand');
  if (check.x.anchorSlot[targetIndex] === state.street)
    return err('ILLEGAL_ACTION', 'that player already received a valid anchor this round');
  if (!targets.includes(targetIndex))
    return err('ILLEGAL_ACTION', 'the target must be able to act and must not have acted this round');
  return { ...check, t: targetIndex };
}

function checkResponse(state: HandState, seat: number, shield: boolean): Check {
  const ext = powersExt(state);
  if (!ext) return err('UNKNOWN_ACTION', 'this hand is played without powers');
  if (state.phase === 'complete' || state.phase === 'cancelled') return err('HAND_OVER', 'the hand is over');
  if (!ext.window)
    return err('ILLEGAL_ACTION', 'no Seal Shield window is open (the shield is never used preventively)');
  const target = ext.window.target;
  if (state.seats[target] !== seat) return err('NOT_YOUR_TURN', 'only the anchored player answers the window');
  if (shield && (ext.sparks[target] < POWER_COST['seal-shield'] || ext.used[target].includes('seal-shield')))
    return err('ILLEGAL_ACTION', 'cannot pay the Seal Shield');
  return { ok: true, x: ext, p: target };
}

// ---------- applying (the core has already refused a finished hand and a stale version) ----------

function copyExt(ext: PowersExt): PowersExt {
  return { ...ext, sparks: ext.sparks.slice(), used: ext.used.slice() };
}

/** Pays and records a normal activation by player p. */
function activate(state: HandState, x0: PowersExt, player: number, power: PowerId): { d: Draft; x: PowersExt } {
  const draft = toDraft(state);
  draft.version++;
  const ext = copyExt(x0);
  ext.sparks[player] -= POWER_COST[power];
  ext.used[player] = ext.used[player].concat(power);
  ext.turnMark = { player: player, version: draft.version };
  ext.round = { street: state.street, activations: activations(state, x0) + 1 };
  return { d: draft, x: ext };
}

const powerEvent = (
  draft: Draft,
  player: number,
  ext: PowersExt,
  power: PowerId,
  extra: Record<string, unknown> = {},
): HandEvent => ({
  type: 'x-power',
  seat: draft.seats[player],
  power,
  cost: POWER_COST[power],
  sparks: ext.sparks[player],
  street: draft.street,
  ...extra,
});

function done(draft: Draft, ext: PowersExt, events: HandEvent[]): ApplyResult {
  setExt(draft, ext);
  return { ok: true, state: finish(draft), events };
}

const legalOf = (c: { ok: boolean }, l: () => PowerLegal): PowerLegal | undefined => (c.ok ? l() : undefined);
/** `legal` runs on every `legalActions` call of every variant: nothing (and no allocation) without powers. */
const inPlay = (s: HandState): boolean => s.ext[POWERS] !== undefined;

const sneakPeekAction: ActionHandler = {
  apply(state, action) {
    const check = checkPeek(state, action.seat);
    if (!check.ok) return check;
    const { d: draft, x: ext } = activate(state, check.x, check.p, 'sneak-peek');
    // The next community card is the next card of the deck (no burn cards); moves nothing.
    const card = draft.deck[draft.deckPos];
    ext.peeks = ext.peeks.slice();
    ext.peeks[check.p] = { street: draft.street + 1, card };
    return done(draft, ext, [powerEvent(draft, check.p, ext, 'sneak-peek', { card, peekStreet: draft.street + 1 })]);
  },
  legal: (s) =>
    inPlay(s) ? legalOf(checkPeek(s, s.seats[s.toAct]), () => ({ cost: POWER_COST['sneak-peek'] })) : undefined,
};

const sleeveSwapAction: ActionHandler = {
  apply(state, action) {
    if (typeof action.card !== 'number') return err('ILLEGAL_ACTION', 'Sleeve Swap needs the card to discard');
    const check = checkSwap(state, action.seat, action.card);
    if (!check.ok) return check;
    const { d: draft, x: ext } = activate(state, check.x, check.p, 'sleeve-swap');
    const discarded = action.card as Card;
    const card = draft.deck[draft.deckPos++];
    const hole = draft.hole.slice();
    hole[check.p] = hole[check.p].map((h) => (h === discarded ? card : h));
    draft.hole = hole;
    ext.discards = ext.discards.slice();
    ext.discards[check.p] = discarded;
    return done(draft, ext, [powerEvent(draft, check.p, ext, 'sleeve-swap', { discarded, card })]);
  },
  legal: (state) => {
    if (!inPlay(state)) return undefined;
    const actor = state.toAct;
    return legalOf(checkSwap(state, state.seats[actor], undefined), () => ({
      cost: POWER_COST['sleeve-swap'],
      cards: state.hole[actor].slice(),
    }));
  },
};

const shortAnchorAction: ActionHandler = {
  apply(state, action) {
    if (typeof action.target !== 'number') return err('ILLEGAL_ACTION', 'Short Anchor needs a target seat');
    const check = checkAnchor(state, action.seat, action.target);
    if (!check.ok) return check;
    const targetIndex = check.t as number;
    const { d: draft, x: ext } = activate(state, check.x, check.p, 'short-anchor');
    // A valid anchor occupies the target's slot for this round and is paid, even if shielded.
    ext.anchorSlot = ext.anchorSlot.slice();
    ext.anchorSlot[targetIndex] = draft.street;
    const events: HandEvent[] = [powerEvent(draft, check.p, ext, 'short-anchor', { target: draft.seats[targetIndex] })];
    const canShield =
      ext.carousel.includes('seal-shield') &&
      ext.sparks[targetIndex] >= POWER_COST['seal-shield'] &&
      !ext.used[targetIndex].includes('seal-shield');
    if (canShield) {
      ext.window = { attacker: check.p, target: targetIndex };
      draft.phase = SHIELD_WINDOW_PHASE;
      draft.toAct = targetIndex;
      events.push({
        type: 'x-shield-window',
        seat: draft.seats[targetIndex],
        attacker: draft.seats[check.p],
        ms: ext.shieldWindowMs,
      });
    } else {
      ext.anchorCap = ext.anchorCap.slice();
      ext.anchorCap[targetIndex] = draft.street;
      events.push({
        type: 'x-anchor-applied',
        seat: draft.seats[targetIndex],
        by: draft.seats[check.p],
        via: 'no-window',
      });
    }
    return done(draft, ext, events);
  },
  legal: (state) => {
    if (!inPlay(state)) return undefined;
    const actor = state.toAct;
    const check = checkAnchor(state, state.seats[actor], undefined);
    return legalOf(check, () => ({
      cost: POWER_COST['short-anchor'],
      targets: check.ok ? anchorTargets(state, actor, check.x).map((i) => state.seats[i]) : [],
    }));
  },
};

/** Closes the window: the attacker continues his turn (still with no second power). */
function closeWindow(state: HandState, x0: PowersExt, shielded: boolean, timeout: boolean): ApplyResult {
  const shieldWindow = x0.window!;
  const draft = toDraft(state);
  draft.version++;
  const ext = copyExt(x0);
  const events: HandEvent[] = [];
  if (shielded) {
    ext.sparks[shieldWindow.target] -= POWER_COST['seal-shield'];
    ext.used[shieldWindow.target] = ext.used[shieldWindow.target].concat('seal-shield');
    events.push(
      powerEvent(draft, shieldWindow.target, ext, 'seal-shield', { against: draft.seats[shieldWindow.attacker] }),
    );
  } else {
    ext.anchorCap = ext.anchorCap.slice();
    ext.anchorCap[shieldWindow.target] = draft.street;
    events.push({
      type: 'x-anchor-applied',
      seat: draft.seats[shieldWindow.target],
      by: draft.seats[shieldWindow.attacker],
      via: timeout ? 'timeout' : 'decline',
    });
  }
  ext.window = null;
  ext.turnMark = { player: shieldWindow.attacker, version: draft.version };
  draft.phase = 'betting';
  draft.toAct = shieldWindow.attacker;
  return done(draft, ext, events);
}

function windowTurn(state: HandState): (LegalActions & { extensions?: Record<string, unknown> }) | null {
  const ext = powersExt(state);
  if (!ext || !ext.window || state.phase !== SHIELD_WINDOW_PHASE) return null;
  const target = ext.window.target;
  return {
    seat: state.seats[target],
    version: state.version,
    actions: ['shield', 'decline'],
    callAmount: 0,
    minTo: 0,
    maxTo: 0,
    allInTo: state.bets[target] + state.stacks[target],
    // Like the draw module's: what the table sends when the window's clock runs out (with `timeout: true`).
    extensions: {
      timeoutAction: 'decline',
      shieldWindowMs: ext.shieldWindowMs,
      attacker: state.seats[ext.window.attacker],
    },
  };
}

const shieldAction: ActionHandler = {
  apply(state, action) {
    const check = checkResponse(state, action.seat, true);
    if (!check.ok) return check;
    return closeWindow(state, check.x, true, false);
  },
  turn: windowTurn,
};

const declineAction: ActionHandler = {
  apply(state, action) {
    const check = checkResponse(state, action.seat, false);
    if (!check.ok) return check;
    return closeWindow(state, check.x, false, action.timeout === true);
  },
};

// ---------- Short Anchor's cap ----------

/**
 * The anchored player's maximum raise is a pot-size raise for the rest of the round; it never goes
 * above his stack (the bounds already cap at all-in) nor below an otherwise legal minimum raise.
 */
const anchorBounds: BoundsHook = (state, bounds) => {
  const ext = state.ext[POWERS] as PowersExt | undefined;
  if (!ext || !bounds.canRaise || ext.anchorCap[bounds.player] !== state.street) return bounds;
  const cap = Math.max(potRaiseTo(state, bounds.player, 1), bounds.minTo);
  return cap < bounds.maxTo ? { ...bounds, maxTo: cap } : bounds;
};

// ---------- views ----------

/** Public activations stay; a peek's card and a swap's cards go only to their user. */
const redactPower: EventRedactor = (event, viewer) => {
  const ev = event as HandEvent & { seat: number; card?: Card; discarded?: Card };
  if (ev.seat === viewer || (ev.card === undefined && ev.discarded === undefined)) return event;
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

export function powersView(state: HandState, viewer: Viewer): PowersView | undefined {
  const ext = powersExt(state);
  if (!ext) return undefined;
  const me = typeof viewer === 'number' ? state.seats.indexOf(viewer) : -1;
  return {
    carousel: ext.carousel.slice(),
    sparks: state.seats.map((seat, i) => ({ seat, sparks: ext.sparks[i] })),
    used: state.seats.map((seat, i) => ({ seat, powers: ext.used[i].slice() })),
    activationsLeft: MAX_ACTIVATIONS_PER_ROUND - activations(state, ext),
    anchored: state.seats.filter((_, i) => ext.anchorCap[i] === state.street),
    window: ext.window
      ? { attacker: state.seats[ext.window.attacker], target: state.seats[ext.window.target], ms: ext.shieldWindowMs }
      : null,
    peek: me >= 0 && ext.peeks[me] ? { ...ext.peeks[me]! } : null,
    discarded: me >= 0 ? ext.discards[me] : null,
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
export function sparksOf(state: HandState): { seat: number; sparks: number }[] | undefined {
  const ext = powersExt(state);
  return ext ? state.seats.map((seat, i) => ({ seat, sparks: ext.sparks[i] })) : undefined;
}

/** What a power attempt would cost if it were legal now (for clients and bots). */
export function legalPowers(state: HandState): Partial<Record<PowerId, PowerLegal>> {
  const out: Partial<Record<PowerId, PowerLegal>> = {};
  if (state.toAct < 0 || state.phase !== 'betting' || !powersExt(state)) return out;
  const seat = state.seats[state.toAct];
  if (checkPeek(state, seat).ok) out['sneak-peek'] = { cost: POWER_COST['sneak-peek'] };
  if (checkSwap(state, seat, undefined).ok)
    out['sleeve-swap'] = { cost: POWER_COST['sleeve-swap'], cards: state.hole[state.toAct].slice() };
  const anchor = checkAnchor(state, seat, undefined);
  if (anchor.ok)
    out['short-anchor'] = {
      cost: POWER_COST['short-anchor'],
      targets: anchorTargets(state, state.toAct, anchor.x).map((i) => state.seats[i]),
    };
  return out;
}
