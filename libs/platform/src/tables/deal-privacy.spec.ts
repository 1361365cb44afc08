// Issue 19.1 — the deal commitment proves the deal without revealing unshown cards. Per game family
// (hold'em, Omaha, stud, draw, Naiko) a table of bots and one human plays many hands through the real
// TableHost; an opponent (the human: every public part of a hand update and his own private parts) and a
// spectator (every public part) record everything. From their data alone:
//  - no hand's seed appears, and the old attack (run the engine's start() from any 64-hex string of the
//    data as a seed) reproduces no deck;
//  - no card absent from the recorder's own view events appears in an opening, and no unopened position
//    can be brute-forced (every card × every salt in the data against the sibling leaves of the paths);
//  - every opening verifies against the commitment published at the deal, and each recorder holds an
//    opening for every card he saw (his own and every shown card), at the position it was dealt from.
// The two costly attacks run on the first ATTACKED_HANDS hands of each family, the other checks on all.
// HANDS_PER_FAMILY hands each: 50 by default to keep the unit suite fast (200 per family, as the issue
// asks, take about 3 minutes on a loaded 2-core machine: DEAL_PRIVACY_HANDS=200).
import {
  cardsOfEvent,
  dealFromSeed,
  firstDeckSize,
  formatCard,
  leafHash,
  legalActions,
  randomInt,
  seededRandom,
  seenPositions,
  verifyOpening,
  viewEvents,
  type CardOpening,
  type HandConfig,
  type HandEvent,
  type Viewer,
} from '@naiko/engine';
import { DEFAULT_CLOCK, makeTableConfig, type TableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import type { BotDirectory } from './ports';
import { TableHost, type Decision } from './table-host';

const HANDS_PER_FAMILY = Number(process.env.DEAL_PRIVACY_HANDS ?? 50);
const ALICE = 'a0000000-0000-4000-8000-000000000001';
const CLOCK = { ...DEFAULT_CLOCK, decisionMs: 1000, timeBankMs: 0, drawDecisionMs: 2000, shieldResponseMs: 3000 };

const FAMILIES: [string, TableConfig][] = [
  [
    "hold'em",
    makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 200, max: 2000 },
      seats: 6,
      clock: CLOCK,
      botsAllowed: true,
    }),
  ],
  [
    'omaha',
    makeTableConfig({
      game: 'omaha-hl',
      structure: 'pot-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 200, max: 2000 },
      seats: 6,
      clock: CLOCK,
      botsAllowed: true,
    }),
  ],
  [
    'stud',
    makeTableConfig({
      game: 'stud7',
      structure: 'fixed-limit',
      stakes: { smallBlind: 0, bigBlind: 10, ante: 1, bringIn: 2 },
      buyIn: { min: 100, max: null },
      seats: 7,
      clock: CLOCK,
      botsAllowed: true,
    }),
  ],
  [
    'draw',
    makeTableConfig({
      game: 'draw27x3',
      structure: 'fixed-limit',
      stakes: { smallBlind: 5, bigBlind: 10, smallBet: 10, bigBet: 20 },
      buyIn: { min: 100, max: null },
      seats: 6,
      clock: CLOCK,
      botsAllowed: true,
    }),
  ],
  [
    'naiko',
    makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 200, max: 2000 },
      seats: 6,
      clock: CLOCK,
      botsAllowed: true,
      naikoMode: true,
    }),
  ],
];

type Wire = { type: string; [k: string]: unknown };
const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 6; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

/**
 * The human's moves: any legal action, draws discard a random part of the hand; a refused power falls back to
 * check/call/fold.
 */
function humanDecision(host: TableHost, rng: ReturnType<typeof seededRandom>): Decision | null {
  const state = host.handState;
  const la = state ? legalActions(state) : null;
  if (!state || !la || host.table.seats[la.seat]?.playerId !== ALICE) return null;
  const pick = la.actions[randomInt(rng, la.actions.length)];
  if (pick === 'draw') {
    const hand = state.hole[state.seats.indexOf(la.seat)];
    const max = Math.min(hand.length, (la.extensions?.draw as { max?: number } | undefined)?.max ?? hand.length);
    const count = randomInt(rng, max + 1);
    return { type: 'draw', discard: hand.slice(0, count) };
  }
  if (pick === 'bet' || pick === 'raise') return { type: pick, amount: la.minTo };
  if (['fold', 'check', 'call', 'bring-in', 'split', 'no-split', 'decline', 'complete'].includes(pick))
    return { type: pick };
  return safeMove(la.actions);
}

/** A move that is always legal: check, call, decline a shield window, refuse a split, else fold. */
const safeMove = (actions: readonly string[]): Decision => ({
  type: ['check', 'call', 'decline', 'no-split', 'fold'].find((a) => actions.includes(a)) ?? actions[0],
});

async function play(config: TableConfig, hands: number) {
  let count = 0;
  const bots: BotDirectory = { ensureBot: async () => `c0000000-0000-4000-8000-${String(++count).padStart(12, '0')}` };
  const timers = new ManualTimers();
  const sink = new MemoryHandSink();
  const out = new RecordingBroadcaster();
  const host = new TableHost({
    tableId: 't1',
    name: 'T1',
    config,
    chips: new MemoryChips(),
    hands: sink,
    broadcaster: out,
    timers,
    rng: seededRandom(`host-${config.game}`),
    bots,
    botTarget: config.seats - 1,
    handPauseMs: 100,
    botDelayMs: 0,
  });
  host.start();
  await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: config.buyIn.max ?? config.buyIn.min * 20, seat: 0 });
  const rng = seededRandom(`human-${config.game}`);
  const finished = () =>
    [...sink.hands.values()].filter((h) => h.events.some((e) => (e as Wire).type === 'hand-ended')).length;
  for (let i = 0; i < hands * 200 && finished() < hands; i++) {
    const decision = humanDecision(host, rng);
    if (decision) {
      try {
        await host.act(ALICE, host.handState!.version, decision);
      } catch {
        const la = legalActions(host.handState!)!;
        await host.act(ALICE, host.handState!.version, safeMove(la.actions));
      }
    } else timers.advance(100);
    await flush(host);
    // A busted human buys back in so the table keeps playing.
    const me = host.table.seats[0];
    if (me && me.stack < config.stakes.bigBlind * 2 && !host.handState)
      await host.reload(ALICE, (config.buyIn.max ?? config.buyIn.min * 20) - me.stack).catch(() => undefined);
  }
  host.stop();
  return { sink, out };
}

const HEX64 = /[0-9a-f]{64}/g;
/**
 * The costly attacks (start() from every hash; every card × salt per position) run on the first hands of each family.
 */
const ATTACKED_HANDS = 25;

describe('deal commitment: recorded messages reveal no unshown card (issue 19.1)', () => {
  for (const [family, config] of FAMILIES) {
    test(`${family}: ${HANDS_PER_FAMILY} hands recorded by an opponent and a spectator`, async () => {
      const t0 = Date.now();
      const { sink, out } = await play(config, HANDS_PER_FAMILY);
      if (process.env.DEAL_PRIVACY_TIMING) console.log(family, 'play', Date.now() - t0);
      const tableData = JSON.stringify(out.tables);
      const feedsOf = new Map<string, typeof out.hands>();
      for (const hand of out.hands) feedsOf.set(hand.feed.handId, [...(feedsOf.get(hand.feed.handId) ?? []), hand]);
      let checkedHands = 0;
      let reshuffles = 0;
      let opened = 0;
      const recomputed: string[] = [];
      const guessed: string[] = [];
      for (const [handId, stored] of sink.hands) {
        const events = stored.events as unknown as HandEvent[];
        if (!events.some((e) => e.type === 'hand-ended')) continue;
        checkedHands++;
        reshuffles += events.filter((e) => e.type === 'x-reshuffle').length;
        const seed = sink.seeds.get(handId)!;
        const handConfig = stored.input.config as HandConfig;
        const { deck } = dealFromSeed(handConfig, seed);
        const size = firstDeckSize(handConfig);
        const seatOfA = stored.input.players.find((p) => p.userId === ALICE)?.seat;
        const recorders: { viewer: Viewer; feeds: { events: Wire[] }[] }[] = [
          {
            viewer: 'spectator',
            feeds: (feedsOf.get(handId) ?? [])
              .filter((h) => h.audience === 'spectators')
              .map((h) => h.feed as unknown as { events: Wire[] }),
          },
        ];
        if (seatOfA !== undefined) {
          recorders.push({
            viewer: seatOfA,
            // What A's sockets received: every public part, with his private parts merged in.
            feeds: out
              .feedsFor(ALICE)
              .filter((f) => f.handId === handId)
              .map((f) => f as unknown as { events: Wire[] }),
          });
        }
        for (const { viewer, feeds } of recorders) {
          const data = JSON.stringify(feeds) + tableData;
          // 1. No seed, and the old attack fails: no 64-hex string of the data deals this hand's deck.
          expect(data.includes(seed)).toBe(false);
          const candidates =
            checkedHands <= ATTACKED_HANDS ? new Set(JSON.stringify(feeds).match(HEX64) ?? []) : new Set<string>();
          const firstDeck = deck.slice(0, size).join(',');
          for (const candidate of candidates)
            if (dealFromSeed(handConfig, candidate).deck.slice(0, size).join(',') === firstDeck)
              recomputed.push(`${handId}:${candidate}`);
          const wire = feeds.flatMap((f) => f.events);
          const committed = wire.find((e) => e.type === 'dealCommitted')!;
          expect(committed.commitment).toBe(stored.input.commitment);
          const openingsEvent = wire.find((e) => e.type === 'dealOpenings')!;
          const openings = openingsEvent.openings as CardOpening[];
          // 2. Every opening verifies against the commitment published at the deal, at its dealt position.
          for (const opening of openings) {
            expect(verifyOpening(committed.commitment as string, opening)).toBe(true);
            expect(opening.card).toBe(formatCard(deck[opening.position]));
          }
          // 3. Openings name only cards the recorder saw, and he has one for every card he saw.
          const seenCards = new Set(viewEvents(events, viewer).flatMap(cardsOfEvent).map(formatCard));
          const openedCards = new Set(openings.map((o) => o.card));
          for (const card of openedCards) expect(seenCards.has(card)).toBe(true);
          for (const card of seenCards) expect(openedCards.has(card)).toBe(true);
          expect(openings.map((o) => o.position)).toEqual(seenPositions(deck, size, events, viewer));
          // 4. No unopened position can be guessed: a path's first step is the leaf of the neighbouring
          //    position (o.position ^ 1); try every card with every salt of the data against it.
          const salts = [...new Set(openings.map((o) => o.salt))];
          const openedAt = new Set(openings.map((o) => o.position));
          const cardsText = [...new Set(deck.map(formatCard))];
          if (checkedHands <= ATTACKED_HANDS) {
            for (const opening of openings) {
              const sibling = opening.position ^ 1;
              if (openedAt.has(sibling) || !opening.path[0] || sibling >= deck.length) continue;
              for (const salt of salts)
                for (const card of cardsText)
                  if (leafHash(sibling, card, salt) === opening.path[0].hash) guessed.push(`${handId}:${sibling}`);
            }
          }
          opened += openings.length;
        }
      }
      if (process.env.DEAL_PRIVACY_TIMING) console.log(family, 'total', Date.now() - t0);
      expect(checkedHands).toBeGreaterThanOrEqual(HANDS_PER_FAMILY);
      expect(opened).toBeGreaterThan(0);
      expect(recomputed).toEqual([]);
      expect(guessed).toEqual([]);
      if (process.env.DEAL_PRIVACY_TIMING) console.log(family, 'reshuffles', reshuffles);
    }, 600_000);
  }
});
