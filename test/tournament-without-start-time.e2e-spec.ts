// Issue 21 item 2: the Sit & Go's formats as configurations of the one tournament lifecycle. A
// scheduled tournament without a start time starts when full and only then (libs/tournament
// SIT_AND_GO_FORMAT): no start job until the entry that fills it, none after; and a Spin is a
// scheduled tournament whose prize multiplier is drawn at the start from a seed committed at
// creation, the difference to the collected buy-ins running through the house spin pool. Real
// BullMQ worker, the machine's PostgreSQL and Redis.
import request from 'supertest';
import type { TournamentSettingsDto } from '@naiko/contracts';
import { JobQueue, mttTournamentId, SPIN_POOL, verifySpinDraw } from '@naiko/platform';
import { startTestApp, type TestApp } from './support';
import { KIT_START_CHIPS, tournamentKit, type TournamentKit } from './support/tournament-kit';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';

const ADMIN = '00000000-0000-4000-8000-0000000000af';
const PPM = 1_000_000;

/** Three entrants, starting when full, no start time. */
const withoutStartTime = (over: Partial<TournamentSettingsDto> = {}): TournamentSettingsDto => ({
  ...fastMttSettings({ startWhenFull: true, minEntrants: 3, maxEntrants: 3, tableSize: 3, ...over }),
  startsAt: undefined,
});

/** A Spin table with one multiplier: the draw is known, so every figure can be worked out by hand. */
const spinOf = (multiplier: number, splitPpm: number[]) => ({
  name: `test-${multiplier}x`,
  entries: [{ multiplier, weight: 1, splitPpm }],
});

describe('Tournaments without a start time, and Spins (e2e)', () => {
  let app: TestApp;
  let kit: TournamentKit;
  const status = async (id: number) => (await kit.service.get(id)).status;
  const prizes = async (id: number) =>
    (await kit.prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } }))
      .map((entry) => Number(entry.prize))
      .sort((a, b) => b - a);
  const spinPool = async () =>
    Number((await kit.prisma.chipAccount.findUnique({ where: { key: SPIN_POOL.key } }))?.balance ?? 0n);

  beforeAll(async () => {
    app = await startTestApp({ module: fastTournamentModule(), name: 'mtt-no-start-time' });
    kit = await tournamentKit(app, ADMIN, 'ns');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('without a start time it has no start job until the entry that fills it; it then plays to the winner and cannot be cancelled after the start', async () => {
    const [first, second, third, late] = await kit.newPlayers(4);
    const id = await kit.create(withoutStartTime({ name: 'No start time' }));
    // Its registration opens with the creation (not a job's moment later): a player can enter at once.
    expect(await status(id)).toBe('registering');
    expect(await kit.view(id)).toMatchObject({ startsAt: null, startWhenFull: true, spin: null });
    const queue = app.get(JobQueue).queue('tournament');
    await kit.service.register(id, first);
    await kit.service.register(id, second);
    // Two of three: it waits, with no start job at all (nothing would start it at a time).
    expect(await queue.getJob(`tournament.${id}.start`)).toBeUndefined();
    await kit.service.resumeJobs(); // a restart while it waits enqueues nothing either
    expect(await queue.getJob(`tournament.${id}.start`)).toBeUndefined();
    expect(await status(id)).toBe('registering');
    await kit.service.register(id, third);
    await waitFor('the start', async () => (await status(id)) !== 'starting' && (await status(id)) !== 'registering');
    // Running (as any tournament without late registration answers once it runs).
    await expect(kit.service.register(id, late)).rejects.toMatchObject({ code: 'LATE_REGISTRATION_CLOSED' });
    expect(await kit.balance(late)).toBe(KIT_START_CHIPS);
    // The Sit & Go's rule: no cancellation once it has started.
    const cancel = await request(app.url)
      .delete(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${kit.adminToken()}`);
    expect(cancel.body).toMatchObject({ code: 'ALREADY_STARTED' });
    await waitFor('the winner', async () => (await status(id)) === 'finished');
    // 3 × 100 in the pool, the published table for 3 entrants pays the winner alone.
    expect(await prizes(id)).toEqual([300, 0, 0]);
    await kit.expectAuditClean();
  }, 90_000);

  it('a Spin draws its multiplier at the start from the committed seed: 2× pays 200 of the 300 collected and the spin pool keeps 100; 5× pays 400/50/50 with 200 from the spin pool', async () => {
    const before = await spinPool();
    // 2×: the prize (2 × 100) is below the collected 300: the 100 left goes to the spin pool.
    const low = await kit.create(withoutStartTime({ name: 'Spin 2x', spin: spinOf(2, [PPM]) }));
    await waitFor('registration to open', async () => (await status(low)) === 'registering');
    const created = await kit.view(low);
    expect(created.spin).toMatchObject({ table: 'test-2x', multiplier: null, seed: null });
    expect(created.spin!.commitment).toMatch(/^[0-9a-f]{64}$/);
    for (const player of await kit.newPlayers(3)) await kit.service.register(low, player);
    await waitFor('the 2× Spin to end', async () => (await status(low)) === 'finished');
    expect(await prizes(low)).toEqual([200, 0, 0]);
    expect(await spinPool()).toBe(before + 100);
    const ended = await kit.view(low);
    expect(ended).toMatchObject({ prizePool: 200, spin: { multiplier: 2 } });
    // The seed is shown once it has ended, and it opens the commitment published at creation.
    expect(verifySpinDraw(spinOf(2, [PPM]), created.spin!.commitment, ended.spin!.seed!, 2)).toBe(true);

    // 5×: the prize (500) is 200 above the collected 300: the spin pool pays the difference, the
    // house issuing first whatever it cannot cover (a `grant`, counted by the audit).
    const high = await kit.create(withoutStartTime({ name: 'Spin 5x', spin: spinOf(5, [800_000, 100_000, 100_000]) }));
    await waitFor('registration to open', async () => (await status(high)) === 'registering');
    for (const player of await kit.newPlayers(3)) await kit.service.register(high, player);
    await waitFor('the 5× Spin to end', async () => (await status(high)) === 'finished');
    // 80 % / 10 % / 10 % of 500.
    expect(await prizes(high)).toEqual([400, 50, 50]);
    expect(await spinPool()).toBe(Math.max(0, before + 100 - 200));
    expect(await kit.view(high)).toMatchObject({ prizePool: 500, spin: { multiplier: 5 } });
    await kit.expectAuditClean();
  }, 120_000);

  it('a restart while a Spin is starting (filled, its start job lost) starts it once: one draw, one spin-pool movement, the audit clean', async () => {
    const id = await kit.create(withoutStartTime({ name: 'Spin restarted', spin: spinOf(5, [PPM]) }));
    const queue = app.get(JobQueue).queue('tournament');
    // The process "dies" after the commit of the entry that filled it, before its start job ran.
    await queue.pause();
    try {
      for (const player of await kit.newPlayers(3)) await kit.service.register(id, player);
      expect(await status(id)).toBe('starting');
      await (await queue.getJob(`tournament.${id}.start`))?.remove();
      expect(await kit.view(id)).toMatchObject({ phase: 'starting', spin: { multiplier: null } });
      await kit.service.resumeJobs();
      // The start job again, and a retry of it on top: the draw and its postings happen once.
      await kit.service.start(id);
    } finally {
      await queue.resume();
    }
    await waitFor('the 5× Spin to end', async () => (await status(id)) === 'finished');
    // 5×: 500 to the winner, 200 of it from the spin pool, moved once.
    expect(await prizes(id)).toEqual([500, 0, 0]);
    const spinPool = await kit.prisma.ledgerTransaction.count({ where: { idempotencyKey: `mtt:${id}:spin-pool` } });
    expect(spinPool).toBe(1);
    expect(await kit.view(id)).toMatchObject({ prizePool: 500, spin: { multiplier: 5 } });
    await kit.expectAuditClean();
  }, 90_000);

  it('settings: no start time needs startWhenFull; a Spin has three entrants, starts when full and pays nothing else; it stays a Spin', async () => {
    const refuse = async (settings: TournamentSettingsDto) =>
      expect((await kit.createRequest(settings).expect(400)).body).toMatchObject({ code: 'BAD_SETTINGS' });
    await refuse({ ...fastMttSettings({ name: 'Never starts' }), startsAt: undefined });
    await refuse(withoutStartTime({ name: 'Big Spin', maxEntrants: 4, tableSize: 4, spin: spinOf(2, [PPM]) }));
    await refuse(
      withoutStartTime({ name: 'Spin with bounty', spin: spinOf(2, [PPM]), bounty: { kind: 'fixed', amount: 10 } }),
    );
    await refuse(withoutStartTime({ name: 'Bad table', spin: spinOf(2, [PPM / 2]) }));
    await refuse(withoutStartTime({ name: 'Two tables', tableSize: 2, spin: spinOf(2, [PPM]) }));
    const id = await kit.create(withoutStartTime({ name: 'Fixed Spin', spin: spinOf(2, [PPM]) }));
    const edit = await request(app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${kit.adminToken()}`)
      .send({ spin: spinOf(1000, [PPM]) })
      .expect(400);
    expect(edit.body).toMatchObject({ code: 'BAD_SETTINGS' });
    // Its other settings may change before the start (the stored Spin table is the same value, whatever
    // order jsonb gives its keys back in).
    await request(app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${kit.adminToken()}`)
      .send({ name: 'Fixed Spin, renamed' })
      .expect(200);
    // Before it fills the admin may cancel it: nobody paid, nothing moves.
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${kit.adminToken()}`).expect(200);
    await kit.expectAuditClean();
  }, 30_000);
});
