// Plays one tournament hand to the end with the libs/table bot policy in every seat, persisting
// each engine step through the HandStore (events + their chip movements in the tournament's book,
// one transaction per step) before the caller may broadcast anything. The deck comes from a fresh
// CSPRNG seed and is committed like every deck (engine rng/commitment.ts); the seed is stored with
// the hand's result so the commitment can be checked afterwards.
import {
  apply,
  commitDeck,
  cryptoRandom,
  hashRandom,
  isOver,
  legalActions,
  newShuffleSeed,
  randomLegalAction,
  start,
  view,
  type Action,
  type HandConfig,
  type HandEvent,
  type HandState,
  type LegalActions,
  type RandomSource,
} from '@naiko/engine';
import { decideBotAction, toBotView } from '@naiko/table';
import type { HandStore } from '@naiko/persistence';

export interface BotHandInput {
  tournamentId: string;
  handNumber: number;
  config: HandConfig;
  players: { seat: number; userId: string }[];
  /** Mixing source of the bots' decisions (defaults to the CSPRNG). */
  botRng?: RandomSource;
  /** Called after each persisted step (the place to broadcast), with the state after it. */
  onEvents?: (events: HandEvent[], state: HandState) => void;
  /** Seats played by people: their decisions come from `awaitHuman` instead of the bot policy. */
  humans?: ReadonlySet<number>;
  /** Resolves with the human's action (or the clock's timeout action); it must be legal in `state`. */
  awaitHuman?: (state: HandState, legal: LegalActions) => Promise<Action>;
}

export interface BotHandResult {
  handId: string;
  /** Stacks at the end, by table seat. */
  stacks: Map<number, number>;
}

function botAction(state: Parameters<typeof legalActions>[0], bigBlind: number, rng: RandomSource, omaha: boolean): Action | null {
  const legal = legalActions(state);
  if (!legal) return null;
  const bv = toBotView(view(state, legal.seat), bigBlind, { omaha });
  if (!bv) return randomLegalAction(state, rng);
  const d = decideBotAction(bv, rng);
  const action: Action = { type: d.type, seat: legal.seat, expectedVersion: legal.version };
  if ('amount' in d) action.amount = d.amount;
  return action;
}

export async function playBotHand(store: HandStore, input: BotHandInput): Promise<BotHandResult> {
  const seed = newShuffleSeed();
  const started = start(input.config, { rng: hashRandom(seed) });
  const { commitment } = commitDeck(started.state.deck, seed);
  const hand = await store.startHand({
    tournamentId: input.tournamentId,
    handNumber: input.handNumber,
    config: input.config,
    players: input.players,
    commitment,
  });
  const rng = input.botRng ?? cryptoRandom();
  const omaha = String(input.config.variant).startsWith('omaha');
  let state = started.state;
  let seq = 0;
  const persist = async (events: HandEvent[]): Promise<void> => {
    seq = (await store.appendEvents(hand.id, seq, events)).nextSeq;
    input.onEvents?.(events, state);
  };
  await persist(started.events);
  while (!isOver(state)) {
    const legal = legalActions(state);
    if (legal && input.awaitHuman && input.humans?.has(legal.seat)) {
      const human = await input.awaitHuman(state, legal);
      const r = apply(state, human);
      if (!r.ok) throw new Error(`a human action checked by the runner was refused: ${r.error.message}`);
      state = r.state;
      await persist(r.events);
      continue;
    }
    let action = botAction(state, input.config.stakes.bigBlind, rng, omaha);
    if (!action) break;
    let r = apply(state, action);
    // A policy slip (e.g. a size the engine rounds differently) must not stall a tournament:
    // fall back to a random legal action, which the engine always accepts.
    if (!r.ok) {
      action = randomLegalAction(state, rng);
      if (!action) break;
      r = apply(state, action);
      if (!r.ok) throw new Error(`engine refused a legal action: ${r.error.message}`);
    }
    state = r.state;
    await persist(r.events);
  }
  const stacks = new Map<number, number>();
  input.config.seats.forEach((s, i) => stacks.set(s.seat, state.stacks[i]));
  return { handId: hand.id, stacks };
}
