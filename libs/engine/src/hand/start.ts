import type { Card } from '../cards/card';
import { shuffle, type RandomSource } from '../rng/random-source';
import { getVariant } from '../variants/catalog';
import type { VariantSpec } from '../variants/types';
import { HandConfigError } from './config-error';
import { deckFor } from './decks';
import type { Draft } from './draft';
import { finish } from './draft';
import { dealStreet, openRound, post, resetRound } from './flow';
import { leftOfButton, clockwise } from './order';
import type { HandConfig, HandEvent, HandState } from './types';
import { freshHome, HOME, homeGameProblem } from './home/rules';
import { bindRules, type Rules } from './rule-module';
import { RULE_MODULES } from './rule-modules';

export { deckFor };

export const resolveVariant = (v: HandConfig['variant']): VariantSpec => (typeof v === 'string' ? getVariant(v) : v);

/** Where the cards come from: a random source (the deck is shuffled once, here) or a stacked deck in dealing order. */
export type CardSource = { rng: RandomSource } | { deck: readonly Card[] };

export { HandConfigError };

function validateConfig(config: HandConfig, spec: VariantSpec): void {
  const fail = (message: string): never => {
    throw new HandConfigError(message);
  };
  const seatCount = config.seats.length;
  if (seatCount < spec.minSeats || seatCount > spec.maxSeats)
    fail(`${spec.id} deals ${spec.minSeats}..${spec.maxSeats} players, got ${seatCount}`);
  for (let i = 0; i < seatCount; i++) {
    const { seat, stack } = config.seats[i];
    if (!Number.isInteger(seat) || seat < 0) fail(`bad seat index ${seat}`);
    if (i > 0 && seat <= config.seats[i - 1].seat) fail('seats must be listed in ascending seat order without repeats');
    if (!Number.isInteger(stack) || stack <= 0) fail(`seat ${seat}: stack must be a positive integer`);
  }
  if (!spec.structures.includes(config.structure)) fail(`${spec.id} is not played ${config.structure}`);
  const st = config.stakes;
  const ints = [
    st.smallBlind,
    st.bigBlind,
    st.ante ?? 0,
    st.bringIn ?? 0,
    st.smallBet ?? 0,
    st.bigBet ?? 0,
    ...(st.spreadLimits ?? []),
  ];
  if (ints.some((x) => !Number.isInteger(x) || x < 0)) fail('stakes must be non-negative integers');
  if (st.bigBlind <= 0) fail('the big blind (minimum bet) must be positive');
  if (config.structure === 'spread-limit' && !(st.spreadLimits && st.spreadLimits.length))
    fail('spread-limit needs stakes.spreadLimits');
  if (config.structure === 'spread-limit' && st.spreadLimits!.some((l) => l < st.bigBlind))
    fail('spread limits cannot be below the big blind (the minimum bet)');
  if (st.maxBetsPerRound !== undefined && (!Number.isInteger(st.maxBetsPerRound) || st.maxBetsPerRound < 1))
    fail('maxBetsPerRound must be a positive integer');
  for (const post of config.posts ?? []) {
    if (!config.seats.some((s) => s.seat === post.seat)) fail(`post for seat ${post.seat} who is not dealt in`);
    if (!Number.isInteger(post.live) || !Number.isInteger(post.dead) || post.live < 0 || post.dead < 0)
      fail('posts must be non-negative integers');
  }
  if (config.homeGame) {
    const problem = homeGameProblem(config.homeGame, spec, config);
    if (problem) fail(problem);
    // A bomb pot has no blinds and no preflop betting: a post (a new player's big blind) has nothing to be part of.
    if (config.homeGame.bombPot && config.posts?.length)
      fail('a bomb pot is dealt without table posts (the table keeps them owed for the next hand)');
  }
}

function seatIndex(config: HandConfig, seat: number): number {
  const index = config.seats.findIndex((s) => s.seat === seat);
  if (index < 0) throw new HandConfigError(`seat ${seat} is not dealt in`);
  return index;
}

/** Blind positions per docs/rules/naiko.de.txt §2, with the table's overrides (dead small blind, posts). */
function blindIndices(config: HandConfig, spec: VariantSpec): [number, number] {
  // A bomb pot is dealt without blinds (everyone antes instead).
  if (!spec.forcedBets.blinds || config.homeGame?.bombPot) return [-1, -1];
  const seatCount = config.seats.length;
  const pos = { seats: config.seats.map((s) => s.seat), button: config.button };
  let sb: number;
  if (config.smallBlindSeat === null) sb = -1;
  else if (config.smallBlindSeat !== undefined) sb = seatIndex(config, config.smallBlindSeat);
  else {
    const buttonIdx = pos.seats.indexOf(config.button);
    // Heads-up the button posts the small blind.
    sb = seatCount === 2 && buttonIdx >= 0 ? buttonIdx : leftOfButton(pos);
  }
  const bb =
    config.bigBlindSeat !== undefined
      ? seatIndex(config, config.bigBlindSeat)
      : sb >= 0
        ? (sb + 1) % seatCount
        : leftOfButton(pos);
  if (sb === bb) throw new HandConfigError('the small and the big blind cannot be the same seat');
  return [sb, bb];
}

interface Prepared {
  spec: VariantSpec;
  /** The spec's rule modules, bound here so that the machine finds them through `rulesOf(state.spec)`. */
  rules: Rules;
  sbIndex: number;
  bbIndex: number;
  seats: number[];
  freshDeck: Card[];
  /** Player index of this hand's straddler (UTG), -1 when none. */
  straddler: number;
}
/**
 * What start derives from a config alone, validated once per config object (a table deals many
 * hands from the same config value; configs are treated as immutable, like states).
 */
const preparedConfigs = new WeakMap<HandConfig, Prepared>();
function prepared(config: HandConfig): Prepared {
  let prepared = preparedConfigs.get(config);
  if (!prepared) {
    const base = resolveVariant(config.variant);
    const over = base.bySeats?.[config.seats.length];
    const spec = over ? { ...base, ...over } : base;
    validateConfig(config, spec);
    const [sbIndex, bbIndex] = blindIndices(config, spec);
    const seatCount = config.seats.length;
    // Straddle rule: the player left of the big blind, only with at least 4 players dealt in.
    // (Not when UTG posts a new player's blind this hand: his post is his blind.)
    const utg = bbIndex >= 0 ? (bbIndex + 1) % seatCount : -1;
    const posting = utg >= 0 && (config.posts ?? []).some((x) => x.seat === config.seats[utg].seat);
    const straddler =
      config.homeGame?.straddle && !config.homeGame.bombPot && utg >= 0 && seatCount >= 4 && !posting && utg !== sbIndex
        ? utg
        : -1;
    const rules = bindRules(spec, RULE_MODULES);
    prepared = {
      spec,
      rules,
      sbIndex,
      bbIndex,
      seats: config.seats.map((s) => s.seat),
      freshDeck: deckFor(spec.deck),
      straddler,
    };
    preparedConfigs.set(config, prepared);
  }
  return prepared;
}

/**
 * Starts a hand: forced bets, then the first street's cards, then the first player to act.
 *
 * Dealing order (a stacked `deck` is consumed from index 0 in exactly this order; no burn cards):
 *  - private cards: one card per pass to each player, clockwise starting with the first dealt seat
 *    left of the button (heads-up that is the big blind), all face-down passes first;
 *  - community cards: in street order (flop 3, turn 1, river 1), also when the board is run out.
 */
export function start(config: HandConfig, source: CardSource): { state: HandState; events: HandEvent[] } {
  const { spec, rules, sbIndex, bbIndex, seats, freshDeck, straddler } = prepared(config);
  const seatCount = seats.length;
  let deck = 'rng' in source ? shuffle(freshDeck, source.rng) : source.deck.slice();
  // Spare shuffles after the dealt deck: a later reshuffle (draw games) is ordered by them.
  if ('rng' in source)
    for (let k = 0; k < (spec.spareDecks ?? 0); k++) deck = deck.concat(shuffle(freshDeck, source.rng));
  const draft: Draft = {
    config,
    spec,
    version: 0,
    phase: 'betting',
    deck,
    deckPos: 0,
    seats,
    button: config.button,
    sbIndex,
    bbIndex,
    stacks: stacksOf(config),
    bets: new Array<number>(seatCount).fill(0),
    committed: new Array<number>(seatCount).fill(0),
    folded: new Array<boolean>(seatCount).fill(false),
    allIn: new Array<boolean>(seatCount).fill(false),
    acted: [],
    actedLevel: [],
    hole: new Array<Card[]>(seatCount).fill(EMPTY_CARDS),
    holeUp: new Array<boolean[]>(seatCount).fill(EMPTY_FLAGS),
    board: [],
    street: 0,
    toAct: -1,
    currentBet: 0,
    lastIncrement: 0,
    betCount: 0,
    spreadStep: 0,
    lastAggressor: -1,
    shown: new Array<boolean>(seatCount).fill(false),
    runout: false,
    ext: config.homeGame ? { [HOME]: { ...freshHome(), straddler } } : {},
  };
  resetRound(draft);
  const ev: HandEvent[] = [
    {
      type: 'hand-started',
      variant: spec.id,
      structure: config.structure,
      button: config.button,
      seats: config.seats.map((s) => ({ seat: s.seat, stack: s.stack })),
      smallBlindSeat: sbIndex >= 0 ? draft.seats[sbIndex] : null,
      bigBlindSeat: bbIndex >= 0 ? draft.seats[bbIndex] : null,
    },
  ];
  // Only Naiko mode is played with powers (its spec says so); the powers module reads the settings.
  if (config.powers !== undefined && !spec.powers) {
    throw new HandConfigError(`powers are offered only in Naiko mode, not in ${spec.id}`);
  }
  for (const hook of rules.starts) hook(draft, source, ev);
  postForcedBets(draft, ev);
  ev.push({ type: 'street-started', street: 0, name: spec.streets[0].name });
  dealStreet(draft, ev);
  openRound(draft, ev);
  return { state: finish(draft), events: ev };
}

export type { StartHook } from './rule-module';

const EMPTY_CARDS: Card[] = [];
const EMPTY_FLAGS: boolean[] = [];
function stacksOf(config: HandConfig): number[] {
  const out = new Array<number>(config.seats.length);
  for (let i = 0; i < out.length; i++) out[i] = config.seats[i].stack;
  return out;
}

function emit(
  draft: Draft,
  ev: HandEvent[],
  index: number,
  kind: Extract<HandEvent, { type: 'forced-bet' }>['kind'],
  amount: number,
): void {
  if (amount > 0) ev.push({ type: 'forced-bet', seat: draft.seats[index], kind, amount, allIn: draft.allIn[index] });
}

/** Antes (clockwise from left of the button), small blind, big blind, big-blind ante, then table posts. */
function postForcedBets(draft: Draft, ev: HandEvent[]): void {
  const { stakes, posts } = draft.config;
  const seatCount = draft.seats.length;
  const bomb = draft.config.homeGame?.bombPot;
  if (bomb) {
    // Bomb pot: everyone antes the bomb-pot ante (clockwise from left of the button); no blinds, no other antes.
    for (const index of clockwise(seatCount, leftOfButton(draft)))
      emit(draft, ev, index, 'bomb-pot-ante', post(draft, index, bomb.ante, false));
    return;
  }
  const ante = stakes.ante ?? 0;
  if (ante > 0 && !stakes.bigBlindAnte) {
    for (const index of clockwise(seatCount, leftOfButton(draft)))
      emit(draft, ev, index, 'ante', post(draft, index, ante, false));
  }
  if (draft.sbIndex >= 0)
    emit(draft, ev, draft.sbIndex, 'small-blind', post(draft, draft.sbIndex, stakes.smallBlind, true));
  if (draft.bbIndex >= 0)
    emit(draft, ev, draft.bbIndex, 'big-blind', post(draft, draft.bbIndex, stakes.bigBlind, true));
  // Big-blind ante: the big blind is paid first, then the ante for the table (dead money).
  if (ante > 0 && stakes.bigBlindAnte && draft.bbIndex >= 0)
    emit(draft, ev, draft.bbIndex, 'big-blind-ante', post(draft, draft.bbIndex, ante, false));
  // Straddle: UTG's blind raise to 2 × the big blind, posted live (he keeps the last word preflop).
  const straddler = (draft.ext[HOME] as { straddler?: number } | undefined)?.straddler ?? -1;
  if (straddler >= 0) emit(draft, ev, straddler, 'straddle', post(draft, straddler, 2 * stakes.bigBlind, true));
  for (const forced of posts ?? []) {
    const index = draft.seats.indexOf(forced.seat);
    if (forced.live > 0) emit(draft, ev, index, 'live-post', post(draft, index, forced.live, true));
    if (forced.dead > 0) emit(draft, ev, index, 'dead-post', post(draft, index, forced.dead, false));
  }
  let maxBet = 0;
  for (const bet of draft.bets) if (bet > maxBet) maxBet = bet;
  const fullBlind = draft.bbIndex >= 0 && (draft.config.shortBigBlind ?? 'full') === 'full' ? stakes.bigBlind : 0;
  draft.currentBet = Math.max(maxBet, fullBlind);
  // The blind counts as the round's first bet (fixed-limit cap, the minimum raise).
  if (draft.currentBet > 0) draft.betCount = 1;
  // A full straddle is a blind raise: the next raise must add at least the straddle (to 4 × the big blind).
  if (straddler >= 0 && draft.bets[straddler] >= 2 * stakes.bigBlind) draft.lastIncrement = 2 * stakes.bigBlind;
}
