import type { Card } from '../../cards/card';
import { randomInt, type RandomSource } from '../../rng/random-source';
import type { DrawRules } from '../../variants/draw';
import type { DeckId, VariantSpec } from '../../variants/types';
import { decisionTurn, type ActionHandler } from '../apply';
import { deckFor } from '../decks';
import type { BoundsHook } from '../betting';
import { finish, setFolded, toDraft, type Draft } from '../draft';
import { afterAction, liveCount, resumeStreet, type DealStepHandler } from '../flow';
import { leftOfButton, openerIndex } from '../order';
import { randomLegalAction } from '../random-policy';
import type { Action, ApplyResult, HandEvent, HandState } from '../types';
import type { EventRedactor, ViewExtension } from '../view';
import { settleSplit } from './split';

/**
 * The draw module: draw phases as engine actions, reached only through the machine's extension points
 * (a pausing 'draw' deal step, action handlers, a bounds hook, an event redactor and a view extension).
 *
 * Actions (the player to draw, in seat order from the first player left of the button, the dealer last;
 * all-in players draw too):
 *  - `{ type: 'draw', seat, discard: Card[] }` — discard 0..max of his cards (none = stand pat) and get
 *    as many new ones; the cards stay private, the number is public (`x-draw` event, view).
 *  - `{ type: 'draw-timeout', seat }` — issued by the table when the draw clock runs out: he stands pat
 *    and may only check, call or fold until he next draws in time (one round in single-draw games; in
 *    2-7 Triple Draw a draw in time at the next draw restores him).
 * 32-Card Draw's split offer (`spec.draw.splitOffer`) lives in `split.ts`.
 *
 * The deck and reshuffles: replacements come from `state.deck` in order until the dealt deck is used
 * up (the variant's deck size, the end of a stacked deck, or a stacked deck's first repeated card).
 * Then the discards and mucks — every card not in the hand of a player still in — are reshuffled,
 * ordered by their position in the spare deck that follows in `state.deck` (a random start appends
 * `spec.spareDecks` independent shuffles, each reshuffle uses the next; a stacked deck lists the order,
 * e.g. the re-dealt cards of a PHH hand; cards not listed follow in card order). A player skips his own discards (of
 * this hand) in that stock; only if nothing else is left would he get them back, which these decks and seat limits
 * never reach. So the whole hand is a function of the deck and the actions: deterministic and replayable.
 */

export const DRAW = 'draw';

export interface SplitState {
  /** Player indices asked in order (everyone still in, from the post-draw opener). */
  order: number[];
  pos: number;
  accepted: boolean[];
}

export interface DrawExt {
  /** Players who draw in this phase, in order, and the next one's position. */
  order: number[];
  pos: number;
  max: number;
  /** Cards each player drew in the current (or last) draw phase; null = has not drawn in it. Public. */
  drawn: (number | null)[];
  /** Every card each player discarded this hand (never dealt back to him). */
  own: Card[][];
  /** The reshuffled stock once the deck ran out; null while dealing from the deck. */
  stock: Card[] | null;
  reshuffles: number;
  /** Timed out at his last draw: may only check, call or fold. */
  restricted: boolean[];
  /** 32-Card Draw: the split offer going round, null when none. */
  split: SplitState | null;
}

export const drawRules = (spec: VariantSpec): DrawRules | undefined =>
  (spec as VariantSpec & { draw?: DrawRules }).draw;
export const drawExt = (s: HandState | Draft): DrawExt | undefined => s.ext[DRAW] as DrawExt | undefined;

export { deckFor };
/** One read-only copy of each deck (the reshuffle filters it; nothing writes to it). */
const freshDecks = new Map<DeckId, readonly Card[]>();
function freshDeck(id: DeckId): readonly Card[] {
  let deck = freshDecks.get(id);
  if (!deck) freshDecks.set(id, (deck = deckFor(id)));
  return deck;
}
const deckSize = (id: DeckId): number => freshDeck(id).length;

/** A copy with the same shape every time (object spreads make new hidden classes and slow every later read). */
function cloneExt(ext: DrawExt): DrawExt {
  return {
    order: ext.order,
    pos: ext.pos,
    max: ext.max,
    drawn: ext.drawn,
    own: ext.own,
    stock: ext.stock,
    reshuffles: ext.reshuffles,
    restricted: ext.restricted,
    split: ext.split,
  };
}

function setExt(draft: Draft, drawExt: DrawExt): void {
  draft.ext = { ...draft.ext, [DRAW]: drawExt };
}

function freshExt(seatCount: number): DrawExt {
  return {
    order: [],
    pos: 0,
    max: 0,
    drawn: new Array<number | null>(seatCount).fill(null),
    own: Array.from({ length: seatCount }, () => []),
    stock: null,
    reshuffles: 0,
    restricted: new Array<boolean>(seatCount).fill(false),
    split: null,
  };
}

/** Players still in, clockwise from player `from`. */
export function liveFrom(state: HandState | Draft, from: number): number[] {
  const seatCount = state.seats.length;
  const out: number[] = [];
  for (let k = 0; k < seatCount; k++) {
    const player = (from + k) % seatCount;
    if (!state.folded[player]) out.push(player);
  }
  return out;
}

// ---------- the draw phase ----------

export const dealDraw: DealStepHandler = (draft, step, ev) => {
  if (step.kind !== 'draw') return false;
  const ext = cloneExt(drawExt(draft) ?? freshExt(draft.seats.length));
  const order = liveFrom(draft, leftOfButton(draft));
  ext.order = order;
  ext.pos = 0;
  ext.max = step.max;
  ext.drawn = new Array<number | null>(draft.seats.length).fill(null);
  setExt(draft, ext);
  draft.phase = 'draw';
  draft.toAct = order[0];
  ev.push({ type: 'x-draw-started', street: draft.street, max: step.max, order: order.map((i) => draft.seats[i]) });
  return 'pause';
};

/** Orders the reshuffled pile by the next spare deck of `state.deck`; cards it does not list follow in card order. */
function reshuffle(draft: Draft, ext: DrawExt, taking: Card[]): Card[] {
  const size = deckSize(draft.spec.deck);
  const held = new Set<Card>(taking);
  for (let i = 0; i < draft.seats.length; i++) if (!draft.folded[i]) for (const card of draft.hole[i]) held.add(card);
  if (drawRules(draft.spec)?.keepBottomCard && draft.deck.length >= size) {
    // Classic draw: the bottom card stays where it is, undealt; the spare decks start after it.
    held.add(draft.deck[size - 1]);
    if (draft.deckPos < size) draft.deckPos = size;
  }
  const pile = freshDeck(draft.spec.deck).filter((c) => !held.has(c));
  ext.reshuffles++;
  // The next spare deck starts where the dealt cards end; the one after it follows.
  const spare = draft.deck.slice(draft.deckPos, draft.deckPos + size);
  draft.deckPos = Math.min(draft.deckPos + size, draft.deck.length);
  const pos = new Map<Card, number>();
  spare.forEach((card, position) => {
    if (!pos.has(card)) pos.set(card, position);
  });
  const key = (c: Card): number => pos.get(c) ?? size + c;
  return pile.sort((a, b) => key(a) - key(b));
}

/** Deals `count` replacement cards to player `player` (deck, then reshuffled stock without his own discards). */
function replacements(draft: Draft, ext: DrawExt, player: number, count: number, ev: HandEvent[]): Card[] {
  const out: Card[] = [];
  const size = deckSize(draft.spec.deck);
  const own = new Set(ext.own[player]);
  const dealable = drawRules(draft.spec)?.keepBottomCard ? size - 1 : size;
  let fresh = false;
  while (out.length < count) {
    if (ext.stock === null) {
      // The dealt deck ends after the variant's deck size, at the end of a stacked deck, or where a stacked
      // deck repeats a card already dealt (a recorded hand's reshuffle: PHH records no burn cards).
      if (
        draft.deckPos < dealable &&
        draft.deckPos < draft.deck.length &&
        !(draft.deckPos > 0 && draft.deck.lastIndexOf(draft.deck[draft.deckPos], draft.deckPos - 1) >= 0)
      ) {
        out.push(draft.deck[draft.deckPos++]);
        continue;
      }
    } else {
      const at = ext.stock.findIndex((c) => !own.has(c));
      if (at >= 0) {
        out.push(ext.stock[at]);
        ext.stock = ext.stock.slice(0, at).concat(ext.stock.slice(at + 1));
        continue;
      }
      if (fresh) {
        // Only his own discards are left: the rule cannot be kept, so he gets them rather than too few cards.
        if (!ext.stock.length) throw new Error('no cards left to draw');
        out.push(ext.stock[0]);
        ext.stock = ext.stock.slice(1);
        continue;
      }
    }
    ext.stock = reshuffle(draft, ext, out);
    fresh = true;
    // `dealtBefore`: the cards he got before it (replaying a log splits his draw there).
    ev.push({ type: 'x-reshuffle', street: draft.street, cards: ext.stock.length, dealtBefore: out.length });
  }
  return out;
}

function checkTurn(state: HandState, action: Action, phase: string): ApplyResult | null {
  if (state.phase !== phase || state.toAct < 0)
    return { ok: false, error: { code: 'NOT_YOUR_TURN', message: `no ${phase} decision is expected now` } };
  if (action.seat !== state.seats[state.toAct]) {
    return {
      ok: false,
      error: { code: 'NOT_YOUR_TURN', message: `seat ${state.seats[state.toAct]} is to act, not ${action.seat}` },
    };
  }
  return null;
}

function applyDraw(state: HandState, action: Action, timeout: boolean): ApplyResult {
  const bad = checkTurn(state, action, 'draw');
  if (bad) return bad;
  const x0 = drawExt(state) as DrawExt;
  const actor = state.toAct;
  const hand = state.hole[actor];
  const discard = timeout ? [] : ((action.discard ?? []) as unknown);
  if (!Array.isArray(discard) || discard.some((c) => !Number.isInteger(c))) {
    return { ok: false, error: { code: 'ILLEGAL_ACTION', message: 'discard must be a list of cards' } };
  }
  if (discard.length > x0.max)
    return { ok: false, error: { code: 'ILLEGAL_ACTION', message: `at most ${x0.max} cards may be exchanged` } };
  if (new Set(discard).size !== discard.length || discard.some((c) => !hand.includes(c))) {
    return { ok: false, error: { code: 'ILLEGAL_ACTION', message: 'discard only cards of your hand, each once' } };
  }
  const draft = toDraft(state);
  draft.version++;
  const ev: HandEvent[] = [];
  const ext = cloneExt(x0);
  ext.drawn = x0.drawn.slice();
  ext.own = x0.own.slice();
  ext.restricted = x0.restricted.slice();
  const kept = hand.filter((c) => !discard.includes(c));
  draft.hole = draft.hole.slice();
  draft.hole[actor] = kept;
  // His discards count as his own before he is served: a reshuffle now must not give them back.
  ext.own[actor] = ext.own[actor].concat(discard as Card[]);
  const dealt = replacements(draft, ext, actor, discard.length, ev);
  draft.hole[actor] = kept.concat(dealt);
  ext.drawn[actor] = discard.length;
  ext.restricted[actor] = timeout;
  ext.pos++;
  ev.push({
    type: 'x-draw',
    seat: action.seat,
    count: discard.length,
    timeout,
    discarded: (discard as Card[]).slice(),
    dealt,
  });
  setExt(draft, ext);
  if (ext.pos < ext.order.length) draft.toAct = ext.order[ext.pos];
  else afterDraws(draft, ext, ev);
  return { ok: true, state: finish(draft), events: ev };
}

/**
 * A fold in his turn to draw (docs/rules/README.md: folding is always allowed on one's turn; classic draw 001:
 * "in jeder Spielphase"). He leaves the draw order; the next player draws, or the betting round
 * follows; the last player left wins the pot without a showdown.
 */
function applyDrawFold(state: HandState, action: Action): ApplyResult | null {
  if (state.phase === 'split') return applySplitFold(state, action);
  if (state.phase !== 'draw') return null;
  const bad = checkTurn(state, action, 'draw');
  if (bad) return bad;
  const x0 = drawExt(state) as DrawExt;
  const actor = state.toAct;
  const draft = toDraft(state);
  draft.version++;
  const ev: HandEvent[] = [];
  setFolded(draft, actor);
  ev.push({ type: 'action', seat: action.seat, action: 'fold', amount: 0, to: draft.bets[actor], allIn: false });
  if (liveCount(draft) === 1) {
    afterAction(draft, ev); // the last one in wins without a showdown
    return { ok: true, state: finish(draft), events: ev };
  }
  const ext = cloneExt(x0);
  ext.order = x0.order.filter((k) => k !== actor);
  setExt(draft, ext);
  if (ext.pos < ext.order.length) draft.toAct = ext.order[ext.pos];
  else afterDraws(draft, ext, ev);
  return { ok: true, state: finish(draft), events: ev };
}

/**
 * A fold in his turn to answer the split offer (32-Card Draw): he leaves the hand and the offer passes
 * on to the next player; when nobody is left to answer, the pots every remaining player accepted are
 * divided (the folder plays for none); the last one in wins without a showdown.
 */
function applySplitFold(state: HandState, action: Action): ApplyResult {
  const bad = checkTurn(state, action, 'split');
  if (bad) return bad;
  const x0 = drawExt(state) as DrawExt;
  const sp = x0.split as SplitState;
  const actor = state.toAct;
  const draft = toDraft(state);
  draft.version++;
  const ev: HandEvent[] = [];
  setFolded(draft, actor);
  ev.push({ type: 'action', seat: action.seat, action: 'fold', amount: 0, to: draft.bets[actor], allIn: false });
  if (liveCount(draft) === 1) {
    afterAction(draft, ev);
    return { ok: true, state: finish(draft), events: ev };
  }
  const split: SplitState = { ...sp, order: sp.order.filter((k) => k !== actor), accepted: sp.accepted.slice() };
  // Everyone left may already have accepted: then the pots they all play for are divided.
  return continueSplit(draft, cloneExt(x0), split, split.pos < split.order.length, ev);
}

/**
 * After an answer to the split offer (or a fold there): ask the next player while `askNext`, else
 * close the offer — the pots every player in them accepted are divided, the hand goes on otherwise.
 */
function continueSplit(draft: Draft, ext: DrawExt, split: SplitState, askNext: boolean, ev: HandEvent[]): ApplyResult {
  ext.split = split;
  setExt(draft, ext);
  if (askNext) {
    draft.toAct = split.order[split.pos];
    return { ok: true, state: finish(draft), events: ev };
  }
  ext.split = null;
  draft.toAct = -1;
  if (!settleSplit(draft, split.accepted, ev)) resumeStreet(draft, ev);
  return { ok: true, state: finish(draft), events: ev };
}

/** Every player has drawn: the split offer (32-Card Draw), else the street's betting round. */
function afterDraws(draft: Draft, ext: DrawExt, ev: HandEvent[]): void {
  if (drawRules(draft.spec)?.splitOffer && draft.street === draft.spec.streets.length - 1) {
    const order = liveFrom(draft, openerIndex(draft as HandState, draft.spec.streets[draft.street].opener));
    const next = cloneExt(ext);
    next.split = { order, pos: 0, accepted: new Array<boolean>(draft.seats.length).fill(false) };
    setExt(draft, next);
    draft.phase = 'split';
    draft.toAct = order[0];
    return;
  }
  resumeStreet(draft, ev);
}

function applySplit(state: HandState, action: Action, accept: boolean): ApplyResult {
  const bad = checkTurn(state, action, 'split');
  if (bad) return bad;
  const x0 = drawExt(state) as DrawExt;
  const sp = x0.split as SplitState;
  const draft = toDraft(state);
  draft.version++;
  const ev: HandEvent[] = [];
  const actor = state.toAct;
  const split: SplitState = { ...sp, pos: sp.pos + 1, accepted: sp.accepted.slice() };
  split.accepted[actor] = accept;
  ev.push({ type: 'x-split', seat: action.seat, accept });
  // Everyone accepted, or one refusal ended the offer: the pots all their players accepted are divided.
  return continueSplit(draft, cloneExt(x0), split, accept && split.pos < split.order.length, ev);
}

const turn = (s: HandState, actions: string[], extra: Record<string, unknown>) =>
  decisionTurn(s, actions, { [DRAW]: extra });

/** The draw module's actions: the draw (and its timeout), the 32-Card Draw split offer's answers. */
export const DRAW_ACTIONS: Readonly<Record<string, ActionHandler>> = {
  draw: {
    apply: (s, a) => applyDraw(s, a, false),
    turn: (state) =>
      state.phase === 'draw'
        ? turn(state, ['fold', 'draw'], { max: (drawExt(state) as DrawExt).max, timeoutAction: 'draw-timeout' })
        : null,
    fold: applyDrawFold,
  },
  'draw-timeout': { apply: (s, a) => applyDraw(s, a, true) },
  split: {
    apply: (s, a) => applySplit(s, a, true),
    turn: (s) => (s.phase === 'split' ? turn(s, ['fold', 'split', 'no-split'], { splitOffer: true }) : null),
  },
  'no-split': { apply: (s, a) => applySplit(s, a, false) },
};

// ---------- betting limits ----------

export const drawBounds: BoundsHook = (state, bounds) => {
  const ext = drawExt(state);
  if (ext && ext.restricted[bounds.player] && bounds.canRaise) {
    // Stood pat by timeout: check, call or fold only.
    return { ...bounds, canRaise: false, minTo: 0, maxTo: 0, fullTo: 0 };
  }
  if (bounds.canRaise && drawRules(state.spec)?.anteToMaxBets) {
    // Classic draw: each bet or raise adds between the ante and the table maximum.
    const st = state.config.stakes;
    const min = st.ante || st.bigBlind;
    const minTo = Math.min(state.currentBet + min, bounds.allInTo);
    const maxTo = Math.min(st.maxBet ? state.currentBet + Math.max(st.maxBet, min) : bounds.allInTo, bounds.allInTo);
    return { ...bounds, minTo, maxTo, fullTo: minTo };
  }
  return bounds;
};

// ---------- what others may see ----------

/** `x-draw`: the discarded and dealt cards only for the drawer. */
export const redactDraw: EventRedactor = (e, viewer) =>
  (e as { seat?: number }).seat === viewer ? e : ({ ...e, discarded: null, dealt: null } as HandEvent);

export interface DrawView {
  /** Max cards per draw in the current (or last) draw phase. */
  max: number;
  /** Cards each player drew in the current (or last) draw (public), null = not yet. */
  drawn: { seat: number; count: number | null }[];
  /** Seats that stood pat by timeout and may only check, call or fold. */
  restricted: number[];
  /** 32-Card Draw: seats that accepted the running split offer. */
  splitAccepted: number[] | null;
}

export const drawView: ViewExtension = (state) => {
  const ext = drawExt(state);
  if (!ext) return null;
  const view: DrawView = {
    max: ext.max,
    drawn: state.seats.map((seat, i) => ({ seat, count: ext.drawn[i] })),
    restricted: state.seats.filter((_, i) => ext.restricted[i]),
    splitAccepted: ext.split ? state.seats.filter((_, i) => ext.split?.accepted[i]) : null,
  };
  return view;
};

// ---------- random play ----------

/**
 * A random legal action including draws (a random subset of at most `max` cards) and split answers;
 * for the benchmark and the property tests.
 */
export function randomDrawAction(state: HandState, rng: RandomSource): Action | null {
  if (state.toAct < 0) return null;
  const seat = state.seats[state.toAct];
  if (state.phase === 'draw') {
    const ext = drawExt(state) as DrawExt;
    const hand = state.hole[state.toAct];
    if (randomInt(rng, 10) === 0) return { type: 'draw-timeout', seat };
    const discardCount = randomInt(rng, Math.min(ext.max, hand.length) + 1);
    const pool = hand.slice();
    const discard: Card[] = [];
    for (let j = 0; j < discardCount; j++) discard.push(pool.splice(randomInt(rng, pool.length), 1)[0]);
    return { type: 'draw', seat, discard };
  }
  if (state.phase === 'split') return { type: randomInt(rng, 3) === 0 ? 'no-split' : 'split', seat };
  return randomLegalAction(state, rng);
}
