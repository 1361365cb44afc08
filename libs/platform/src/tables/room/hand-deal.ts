// A deal from the dealer's plan: the hand's stakes (the blind schedule), its config (Naiko powers,
// a big-blind ante), the shuffle seed and its commitment, the engine's start — and the hand's
// durable start: ONE transaction (the hand, its seats, stacks, config, commitment, secret seed and
// first events) before anything of it is broadcast. Its chips are posted at its end.
import { commitDeal, hashRandom, newShuffleSeed, start, type HandEvent } from '@naiko/engine';
import { startHand, toHandConfig, type NextHandPlan, type TableState, type Transition } from '@naiko/table';
import { CONFIGURED_STAKES } from '../blind-schedule';
import type { TableHost } from '../table-host';
import { blindSeatsOf, type RunningHand } from './running-hand';

export interface DealtHand {
  /** The table's side of the deal (libs/table startHand), for the core to commit. */
  dealt: Transition<TableState>;
  /** The hand as the room plays it, stored already. */
  hand: RunningHand;
  /** The engine's first events (the forced bets, the cards). */
  events: HandEvent[];
}

export async function dealPlannedHand(host: TableHost, plan: NextHandPlan, now: number): Promise<DealtHand> {
  const { options } = host;
  const dealt = startHand(host.state, plan);
  const schedule = options.schedule ?? CONFIGURED_STAKES;
  const stakes = schedule.stakesFor({ handNumber: plan.handNumber, now, configured: host.state.config.stakes });
  const config = stakes === host.state.config.stakes ? host.state.config : { ...host.state.config, stakes };
  // The plan already granted the deal's spark (max 3): the engine must not add it a second time.
  const powers = config.naikoMode
    ? {
        sparks: Object.fromEntries(plan.dealtIn.map((d) => [d.seat, d.sparks])),
        dealSparkGranted: true,
        shieldWindowMs: config.clock.shieldResponseMs,
      }
    : undefined;
  const handConfig = toHandConfig(config, plan, powers ? { powers } : {});
  // Tournament levels may play a big-blind ante, which the table's stakes type does not carry.
  if ((stakes as { bigBlindAnte?: boolean }).bigBlindAnte)
    handConfig.stakes = { ...handConfig.stakes, bigBlindAnte: true };
  const seed = options.deckRng ? null : (options.seeds ?? newShuffleSeed)();
  const started = start(handConfig, { rng: seed === null ? options.deckRng!() : hashRandom(seed) });
  // The commitment covers every deck position (spare decks included); in Naiko mode the carousel is
  // drawn from the same seed after the deck and is public from the deal.
  const deal = seed === null ? null : commitDeal(started.state.deck, seed);
  const commitment = deal?.root ?? null;
  const stored = await options.hands.dealHand({
    ...options.chips.handRef,
    handNumber: plan.handNumber,
    config: handConfig,
    players: plan.dealtIn.map((d) => ({ seat: d.seat, userId: d.playerId })),
    ...(commitment === null ? {} : { commitment }),
    seed,
    events: started.events,
  });
  const hand: RunningHand = {
    id: stored.id,
    number: plan.handNumber,
    state: started.state,
    seq: started.events.length,
    players: new Map(plan.dealtIn.map((d) => [d.seat, d.playerId])),
    clock: null,
    timer: null,
    carryOver: 0,
    seed,
    commitment,
    leaves: deal?.leaves ?? [],
    log: [],
    standingSent: new Map(),
    blinds: blindSeatsOf(started.events),
  };
  return { dealt, hand, events: started.events };
}
