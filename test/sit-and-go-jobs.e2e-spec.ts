// Sit & Go orchestration with real BullMQ workers, the tables dealt by the test itself so the hands
// are exact: level jobs across a worker restart, simultaneous busts, a bust during a break and the
// payout, the table's dead-button rule after a bust. An instance is a tournament without a start time
// (issue 21 item 2): its start, levels and payout are the tournament's jobs, its one table the
// tournament runner's, its book `mtt-<id>`. The runner deals no table here (`deal: false`); the test
// begins and records each hand through the tournament's own calls, as the runner would.
import { Module } from '@nestjs/common';
import { Client } from 'pg';
import { QUEUES } from '@naiko/contracts';
import { apply, parseCards, start, type HandConfig, type HandEvent } from '@naiko/engine';
import { auditLedger, ChipLedger, HandStore, PrismaService } from '@naiko/persistence';
import { Accounts as LedgerAccounts } from '@naiko/persistence';
import {
  DEFAULT_TEMPLATES,
  drawFromSeed,
  mttTournamentId as tournamentIdOf,
  newSpinSeed,
  oddChipOrder,
  PlatformModule,
  SitAndGoFeatureModule,
  SitAndGoService,
  SPIN_POOL,
  stakesOfLevel,
  TournamentsFeatureModule,
  TournamentsService,
  type HandStart,
} from '@naiko/platform';
import { fastModeStructure, type BlindLevel, type SitAndGoTemplate } from '@naiko/tournament';
import { startTestApp, type TestApp } from './support';
import { waitFor } from './support/tournaments';

const BASE = DEFAULT_TEMPLATES[0];
const level = (smallBlind: number, bigBlind: number, durationMs: number): BlindLevel => ({
  kind: 'level',
  smallBlind,
  bigBlind,
  ante: 0,
  anteKind: 'none',
  durationMs,
});

/** Two seats, 250 ms levels, a 150 ms break after every 2 levels: only the clock runs. */
const CLOCK: SitAndGoTemplate = {
  ...BASE,
  templateId: 'clock-2',
  name: 'clock',
  seats: 2,
  blindStructure: fastModeStructure(250, 150, 2),
  clock: { decisionMs: 1000, reconnectMs: 0 },
};

/**
 * Three seats of 20 chips, 10/20 for 2 s (time for the runner to host the table before the test
 * deals), then a long break: the first hand ends in the break.
 */
const BUSTS: SitAndGoTemplate = {
  ...BASE,
  templateId: 'busts-3',
  name: 'busts',
  seats: 3,
  buyIn: 100,
  entryFee: 10,
  startingStack: 20,
  blindStructure: {
    name: 'break-test',
    steps: [level(10, 20, 2_000), { kind: 'break', durationMs: 600_000 }, level(20, 40, 1000)],
  },
  prizeTable: {
    minEntrants: 3,
    maxEntrants: 3,
    paidPlaces: 2,
    bands: [
      { fromPlace: 1, toPlace: 1, sharePpm: 700_000 },
      { fromPlace: 2, toPlace: 2, sharePpm: 300_000 },
    ],
  },
  clock: { decisionMs: 1000, reconnectMs: 0 },
};

const SPIN: SitAndGoTemplate = { ...DEFAULT_TEMPLATES[1], templateId: 'spin-funding' };

/** Four seats of 20 chips at 10/20 for ten minutes: one hand can bust the big blind. */
const DEAD_BUTTON: SitAndGoTemplate = {
  ...BASE,
  templateId: 'dead-button-4',
  name: 'dead button',
  seats: 4,
  startingStack: 20,
  blindStructure: { name: 'one-level', steps: [level(10, 20, 600_000)] },
  clock: { decisionMs: 1000, reconnectMs: 0 },
};

@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'sit-and-go',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament],
    }),
    // The runner deals no table here (`deal: false`): the test begins and records each hand itself.
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0, deal: false } }),
    SitAndGoFeatureModule.forRoot({ templates: [CLOCK, BUSTS, SPIN, DEAD_BUTTON] }),
  ],
})
class JobsOnlyModule {}

type Begin = (id: number, tableNo: number) => Promise<HandStart | null>;

describe('Sit & Go jobs (e2e)', () => {
  let testApp: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let sng: SitAndGoService;
  let tournaments: TournamentsService;
  let begin: Begin;
  let counter = 0;

  const attach = (app: TestApp) => {
    testApp = app;
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    sng = app.get(SitAndGoService);
    tournaments = app.get(TournamentsService);
    begin = (id, tableNo) => tournaments.beginTableHand(id, tableNo);
  };

  /** Waits for the instance to run (its start job seated the players). */
  async function running(instanceId: number): Promise<void> {
    await waitFor('the start', async () => (await sng.instance(instanceId)).status === 'running');
  }

  async function newPlayers(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await prisma.user.create({ data: { username: `j${++counter}` } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 1000 });
      ids.push(user.id);
    }
    return ids;
  }

  beforeAll(async () => attach(await startTestApp({ module: JobsOnlyModule, name: 'sit-and-go' })));
  const dropAfterAll: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await testApp?.close();
    for (const drop of dropAfterAll) await drop();
  });

  it('level jobs fire in order and once, also when the worker is stopped and restarted between levels', async () => {
    const players = await newPlayers(2);
    const { instanceId } = await sng.register(CLOCK.templateId, players[0]);
    // The tournament row keeps the step in force and when it was put in force (the database's clock).
    // A watcher of its own, from before the start and alive across the restart, notes each step as it
    // comes (every 10 ms; the shortest step lasts 150 ms), and any step put in force a second time.
    const { url: databaseUrl } = testApp.db;
    const prefix = testApp.db.name;
    const pg = new Client({ connectionString: databaseUrl });
    await pg.connect();
    const current = async () =>
      (
        await pg.query<{ step_index: number; step_started_at: Date | null }>(
          'SELECT step_index, step_started_at FROM scheduled_tournaments WHERE id = $1',
          [instanceId],
        )
      ).rows[0]!;
    const seen = new Map<number, number>();
    const again: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const now = await current();
        if (now.step_started_at) {
          const at = now.step_started_at.getTime();
          if (!seen.has(now.step_index)) seen.set(now.step_index, at);
          else if (seen.get(now.step_index) !== at) again.push(now.step_index);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    try {
      expect((await sng.register(CLOCK.templateId, players[1])).started).toBe(true);
      await waitFor('step 3', async () => (await tournaments.row(instanceId)).step_index >= 3);
      // Stop the whole process (workers, queues, runner) while the next step waits in Redis, and stay
      // down longer than a level: the overdue step must fire once on restart, and none be skipped.
      await testApp.naiko.close();
      // Nothing applies a step now: the one in force tells when the next one falls due. Down until
      // it is overdue (read from the database, not a guessed pause).
      const last = await current();
      const dueAt = last.step_started_at!.getTime() + CLOCK.blindStructure.steps[last.step_index]!.durationMs;
      await waitFor('the next step to be overdue', () => Date.now() > dueAt + 50);
      const restarted = await startTestApp({
        module: JobsOnlyModule,
        name: 'sit-and-go',
        databaseUrl,
        env: { REDIS_PREFIX: prefix },
      });
      const drop = testApp.db.drop;
      attach(restarted);
      dropAfterAll.push(drop);
      await waitFor('step 9', () => seen.has(9));
    } finally {
      watching = false;
      await watcher.finally(() => pg.end());
    }
    const structure = CLOCK.blindStructure.steps;
    const indexes = [...seen.keys()];
    expect(indexes).toEqual(indexes.map((_, i) => i));
    expect(again).toEqual([]);
    for (let i = 1; i < indexes.length; i++) {
      // Each step lasted at least its duration (BullMQ's delayed jobs are late, never early).
      const lasted = seen.get(i)! - seen.get(i - 1)!;
      expect(lasted).toBeGreaterThanOrEqual(structure[i - 1].durationMs - 5);
    }
    // A step delivered again changes nothing (step 2 is the break after level 2).
    expect(structure[2].kind).toBe('break');
    const before = await tournaments.row(instanceId);
    expect(await tournaments.applyStep({ tournamentId: instanceId, stepIndex: 2, number: 2 })).toEqual({
      applied: false,
    });
    const after = await tournaments.row(instanceId);
    expect(after.step_index).toBeGreaterThanOrEqual(before.step_index);
    if (after.step_index === before.step_index) expect(after.step_started_at).toEqual(before.step_started_at);
  });

  it('simultaneous busts during a break: equal starting stacks share 2nd-3rd and split the prize; payout and audit exact', async () => {
    const players = await newPlayers(3);
    let instanceId = 0;
    for (const player of players) instanceId = (await sng.register(BUSTS.templateId, player)).instanceId;
    await running(instanceId);
    const tournamentId = tournamentIdOf(instanceId);
    // Button seat 0, small blind seat 1, big blind seat 2 (all in with 20). Dealing starts left of
    // the button: seat 1, 2, 0, 1, 2, 0; then the board. Seat 0 holds aces and wins everything.
    const deal = (await begin(instanceId, 1))!;
    expect(deal).toMatchObject({ stepIndex: 0, deal: { button: 0, smallBlind: 1, bigBlind: 2 } });
    expect(deal.level).toMatchObject({ smallBlind: 10, bigBlind: 20 });
    expect(deal.deal.players.map((p) => p.seat)).toEqual([0, 1, 2]);
    const seat = (s: number) => deal.seats[s]!.userId;
    const config: HandConfig = {
      variant: 'holdem',
      structure: 'no-limit',
      seats: [0, 1, 2].map((s) => ({ seat: s, stack: 20 })),
      button: 0,
      stakes: stakesOfLevel(deal.level),
    };
    const deck = parseCards('7c 8d As 2h 3s Ad Kc Qd Jh 4s 9c');
    const store = new HandStore(prisma);
    const hand = await store.startHand({
      tournamentId,
      handNumber: deal.handNumber,
      config,
      players: deal.deal.players,
    });
    const dealt = start(config, { deck });
    const events = dealt.events;
    let seq = (await store.appendEvents(hand.id, 0, events)).nextSeq;
    // The button calls all in; now the level ends and the break comes before the hand does.
    let result = apply(dealt.state, { type: 'call', seat: 0 });
    if (!result.ok) throw new Error(result.error.message);
    seq = (await store.appendEvents(hand.id, seq, result.events)).nextSeq;
    await waitFor('the break', async () => (await tournaments.row(instanceId)).step_index === 1);
    result = apply(result.state, { type: 'call', seat: 1 });
    if (!result.ok) throw new Error(result.error.message);
    await store.appendEvents(hand.id, seq, result.events);
    const ended = result.events.find((e): e is Extract<HandEvent, { type: 'hand-ended' }> => e.type === 'hand-ended')!;
    expect(ended.stacks).toEqual([
      { seat: 0, stack: 60 },
      { seat: 1, stack: 0 },
      { seat: 2, stack: 0 },
    ]);
    const ordered = oddChipOrder(deal.deal.players, deal.deal.button);
    const out = await tournaments.finishTableHand(instanceId, 1, {
      dealtIn: ordered.map((p, order) => ({ userId: p.userId, stack: 20, order })),
      after: new Map([0, 1, 2].map((s) => [seat(s), ended.stacks.find((x) => x.seat === s)!.stack])),
    });
    // Seat 0 is the last one left: the tournament ends with this hand.
    expect(out.finished).toBe(true);
    await waitFor('the payout', async () => (await sng.instance(instanceId)).status === 'finished');
    // Pool 300: 1st 70% = 210; 2nd 30% = 90 shared by the two busted with equal stacks: 45 each.
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId } });
    const byUser = new Map(entries.map((e) => [e.userId, e]));
    expect(byUser.get(seat(0))).toMatchObject({ place: 1, prize: 210n });
    expect(byUser.get(seat(1))).toMatchObject({ place: 2, prize: 45n });
    expect(byUser.get(seat(2))).toMatchObject({ place: 2, prize: 45n });
    expect(await ledger.userBalance(seat(0))).toBe(1000 - 110 + 210);
    expect(await ledger.userBalance(seat(1))).toBe(1000 - 110 + 45);
    expect(await ledger.userBalance(seat(2))).toBe(1000 - 110 + 45);
    expect((await ledger.account(LedgerAccounts.tournamentPool(tournamentId).key))!.balance).toBe(0);
    // The payout ran during the break; the break is still the step in force.
    expect((await tournaments.row(instanceId)).step_index).toBe(1);
    const report = await auditLedger(prisma);
    expect(report.ok).toBe(true);
  });

  it('dead-button rule at the table: B0 S1 B2, the big blind (seat 2) busts → next hand B1, small blind dead, big blind seat 3; then a dead button on the empty seat 2, S3 B0', async () => {
    const players = await newPlayers(4);
    let instanceId = 0;
    for (const player of players) instanceId = (await sng.register(DEAD_BUTTON.templateId, player)).instanceId;
    await running(instanceId);
    const tournamentId = tournamentIdOf(instanceId);
    const store = new HandStore(prisma);
    // A bust's place as the lobby shows it (the entries get theirs at the payout).
    const placeOf = async (userId: string) =>
      (await sng.view(instanceId)).standings.find((s) => s.userId === userId)!.place;

    /** Deals what the table would (its config from the tournament's deal), plays `moves`, stores it, records it. */
    const play = async (deal: HandStart, deck: string, moves: { type: 'fold' | 'call'; seat: number }[]) => {
      const seats = deal.deal.players.map((p) => ({ seat: p.seat, stack: deal.seats[p.seat]!.stack }));
      const config: HandConfig = {
        variant: 'holdem',
        structure: 'no-limit',
        seats,
        button: deal.deal.button,
        smallBlindSeat: deal.deal.smallBlind ?? null,
        bigBlindSeat: deal.deal.bigBlind!,
        stakes: stakesOfLevel(deal.level),
      };
      const hand = await store.startHand({
        tournamentId,
        handNumber: deal.handNumber,
        config,
        players: deal.deal.players,
      });
      const dealt = start(config, { deck: parseCards(deck) });
      const events = dealt.events;
      let state = dealt.state;
      const all = [...events];
      let seq = (await store.appendEvents(hand.id, 0, events)).nextSeq;
      for (const move of moves) {
        const result = apply(state, move);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
        all.push(...result.events);
        seq = (await store.appendEvents(hand.id, seq, result.events)).nextSeq;
      }
      const ended = all.find((e): e is Extract<HandEvent, { type: 'hand-ended' }> => e.type === 'hand-ended')!;
      expect(ended).toBeDefined();
      const ordered = oddChipOrder(deal.deal.players, deal.deal.button);
      await tournaments.finishTableHand(instanceId, 1, {
        dealtIn: ordered.map((p, order) => ({ userId: p.userId, stack: deal.seats[p.seat]!.stack, order })),
        after: new Map(deal.deal.players.map((p) => [p.userId, ended.stacks.find((x) => x.seat === p.seat)!.stack])),
      });
      return all;
    };

    // Hand 1: button 0 (the table's first hand: the first seat), small blind 1, big blind 2 (all in
    // with his 20 by posting).
    const first = (await begin(instanceId, 1))!;
    expect(first).toMatchObject({ stepIndex: 0, deal: { button: 0, smallBlind: 1, bigBlind: 2 } });
    expect(first.deal.players.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
    const seat = (s: number) => first.seats[s]!.userId;
    // Dealing starts left of the button (1, 2, 3, 0, twice), then the board: seat 1 holds aces.
    // Seat 3 and the button fold, the small blind calls all in: aces beat 7-2, seat 2 is out (4th).
    await play(first, 'As 7c 9d 4h Ad 2h 8s 5c Kc Qd Jh 3s 6d', [
      { type: 'fold', seat: 3 },
      { type: 'fold', seat: 0 },
      { type: 'call', seat: 1 },
    ]);
    expect(await placeOf(seat(2))).toBe(4);

    // Hand 2: the big blind moves forward to seat 3 (the next player with chips after seat 2); the
    // small blind falls on seat 2, empty now: dead (nobody posts it); the button moves to seat 1.
    const second = (await begin(instanceId, 1))!;
    expect(second).toMatchObject({
      handNumber: first.handNumber + 1,
      deal: { button: 1, smallBlind: null, bigBlind: 3 },
    });
    expect(second.deal.players.map((p) => p.seat)).toEqual([0, 1, 3]);
    expect(second.seats[2]).toBeNull();
    // Seat 0 and the button fold: only the big blind was posted, seat 3 gets his 20 back.
    const events2 = await play(second, 'Kd Qc Js Ts 9h 8d 7s 6c 5d 4c 3d', [
      { type: 'fold', seat: 0 },
      { type: 'fold', seat: 1 },
    ]);
    expect(
      events2
        .filter((e) => e.type === 'forced-bet')
        .map((e) => [(e as { seat: number }).seat, (e as { kind: string }).kind]),
    ).toEqual([[3, 'big-blind']]);

    // Hand 3: the big blind moves to seat 0, the small blind to seat 3 (last big blind), and the
    // button to seat 2 — where the dead small blind was: a dead button on the empty seat.
    const third = (await begin(instanceId, 1))!;
    expect(third).toMatchObject({ handNumber: first.handNumber + 2, deal: { button: 2, smallBlind: 3, bigBlind: 0 } });
    expect(third.deal.players.map((p) => p.seat)).toEqual([0, 1, 3]);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });

  it('Spin funding through the ledger: 40 Spins, each pool holds multiplier × buy-in, the spin pool holds floats + Σ(3 buy-ins − prize)', async () => {
    const players = await newPlayers(3);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      let id = 0;
      for (const player of players) id = (await sng.register(SPIN.templateId, player)).instanceId;
      ids.push(id);
    }
    // Nothing is dealt (dealByHand): every pool still holds what the start put in it.
    const views = await Promise.all(
      ids.map((id) =>
        waitFor(`Spin ${id} start`, async () => {
          const view = await sng.view(id);
          return view.phase === 'running' && view;
        }),
      ),
    );
    let expectedSpinPool = 0;
    for (const view of views) {
      const prize = view.spin!.multiplier! * SPIN.buyIn;
      expect(view.prizePool).toBe(prize);
      expect((await ledger.account(LedgerAccounts.tournamentPool(tournamentIdOf(view.instanceId)).key))!.balance).toBe(
        prize,
      );
      expectedSpinPool += 3 * SPIN.buyIn - prize;
    }
    const floats = await prisma.ledgerTransaction.findMany({
      where: { idempotencyKey: { endsWith: ':spin-float' } },
      include: { entries: true },
    });
    const floatTotal = floats.reduce(
      (a, f) => a + f.entries.filter((x) => x.amount > 0n).reduce((b, x) => b + Number(x.amount), 0),
      0,
    );
    expect((await ledger.account(SPIN_POOL.key))?.balance ?? 0).toBe(floatTotal + expectedSpinPool);
    // Every player paid 40 × (10 + 1).
    for (const player of players) expect(await ledger.userBalance(player)).toBe(1000 - 40 * 11);
    expect((await auditLedger(prisma)).ok).toBe(true);
    // 120 registrations through the tournament's registration (each Spin's start a tournament job).
  }, 180_000);

  it('Spin multipliers from CSPRNG seeds over 20,000 draws stay within statistical bounds (chi-square, df 4, p > 1e-6)', () => {
    const DRAWS = 20_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < DRAWS; i++) {
      const multiplier = drawFromSeed(SPIN.spinTable!, newSpinSeed().seed).multiplier;
      counts.set(multiplier, (counts.get(multiplier) ?? 0) + 1);
    }
    let chi2 = 0;
    for (const bucket of [[2], [3], [5], [10], [25, 100, 1000]]) {
      const weight = SPIN.spinTable!.entries.filter((e) => bucket.includes(e.multiplier)).reduce(
        (a, e) => a + e.weight,
        0,
      );
      const expected = (DRAWS * weight) / 1_000_000;
      const observed = bucket.reduce((a, m) => a + (counts.get(m) ?? 0), 0);
      chi2 += (observed - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(33.4); // df 4 at p = 1e-6: a fair source fails once in a million runs
  });
});
