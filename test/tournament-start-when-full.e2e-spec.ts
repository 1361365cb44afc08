// Issue 21 item 2: the Sit & Go's way to start as a setting of the one tournament lifecycle
// (libs/tournament lifecycle.ts SCHEDULED_WHEN_FULL_FORMAT). A scheduled tournament with
// `startWhenFull` starts with the entry that fills it — long before its start time — through its
// start job (real BullMQ worker, one idempotent job id), takes no entry and no unregistration after,
// and plays to the winner; a restart while it is `starting` enqueues the start again. Against the
// machine's PostgreSQL and Redis.
import request from 'supertest';
import { JobQueue, mttTournamentId } from '@naiko/platform';
import { startTestApp, type TestApp } from './support';
import { KIT_START_CHIPS, tournamentKit, type TournamentKit } from './support/tournament-kit';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';

const ADMIN = '00000000-0000-4000-8000-0000000000ae';
/** An hour away: a tournament that starts before then started because it filled. */
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('Tournaments that start when full (e2e)', () => {
  let app: TestApp;
  let kit: TournamentKit;
  const status = async (id: number) => (await kit.service.get(id)).status;

  beforeAll(async () => {
    app = await startTestApp({ module: fastTournamentModule(), name: 'start-when-full' });
    kit = await tournamentKit(app, ADMIN, 'wf');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('the entry that fills it starts it at once, an hour before its start time; no entry nor unregistration after; it plays to the winner and pays the pool', async () => {
    const [first, second, third, fourth, late] = await kit.newPlayers(5);
    const created = await kit
      .createRequest(
        fastMttSettings({ name: 'When full', startWhenFull: true, maxEntrants: 4, tableSize: 6, startsAt: inAnHour() }),
      )
      .expect(201);
    const id: number = created.body.tournamentId;
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    const lobby = await kit.view(id);
    expect(lobby).toMatchObject({ phase: 'registering', startWhenFull: true, maxEntrants: 4 });
    for (const player of [first, second, third]) await kit.service.register(id, player);
    // Not full: it waits, and a player may still leave.
    expect(await status(id)).toBe('registering');
    await kit.service.unregister(id, third);
    expect(await kit.balance(third)).toBe(KIT_START_CHIPS);
    await kit.service.register(id, third);
    await kit.service.register(id, fourth);
    await waitFor('the start', async () => (await status(id)) === 'running', 20_000);
    expect(Date.now()).toBeLessThan(Date.parse(lobby.startsAt!));
    // Running without late registration (as any such tournament answers once it runs).
    await expect(kit.service.register(id, late)).rejects.toMatchObject({ code: 'LATE_REGISTRATION_CLOSED' });
    await expect(kit.service.unregister(id, first)).rejects.toMatchObject({ code: 'ALREADY_STARTED' });
    expect(await kit.balance(late)).toBe(KIT_START_CHIPS);
    // One start job, its id the tournament's: the job delayed to the start time ran now.
    const job = await app.get(JobQueue).queue('tournament').getJob(`tournament.${id}.start`);
    expect(await job?.getState()).toBe('completed');
    const row = await waitFor('the winner', async () => (await status(id)) === 'finished' && kit.service.get(id));
    expect(row.state.winner).toBeTruthy();
    const entries = await kit.prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
    expect(entries.reduce((sum, entry) => sum + Number(entry.prize), 0)).toBe(400);
    expect(entries.every((entry) => entry.status === 'finished' && entry.place !== null)).toBe(true);
    await kit.expectAuditClean();
  }, 90_000);

  it('a restart while it is starting (filled, not seated yet) enqueues its start again', async () => {
    const [extra, ...players] = await kit.newPlayers(4);
    const created = await kit
      .createRequest(
        fastMttSettings({ name: 'Restarted start', startWhenFull: true, maxEntrants: 3, startsAt: inAnHour() }),
      )
      .expect(201);
    const id: number = created.body.tournamentId;
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    const queue = app.get(JobQueue).queue('tournament');
    // The process "dies" after the commit of the entry that filled it, before its start job ran.
    await queue.pause();
    try {
      for (const player of players) await kit.service.register(id, player);
      expect(await status(id)).toBe('starting');
      // Filled: no entry and no unregistration while it is being seated.
      await expect(kit.service.register(id, extra)).rejects.toMatchObject({ code: 'ALREADY_STARTED' });
      await expect(kit.service.unregister(id, players[0])).rejects.toMatchObject({ code: 'ALREADY_STARTED' });
      await (await queue.getJob(`tournament.${id}.start`))?.remove();
      expect(await kit.view(id)).toMatchObject({ phase: 'starting' });
      await kit.service.resumeJobs();
    } finally {
      await queue.resume();
    }
    await waitFor('the start after the restart', async () => (await status(id)) === 'running', 20_000);
    await waitFor('the winner', async () => (await status(id)) === 'finished');
    await kit.expectAuditClean();
  }, 90_000);

  it('settings: no late registration when it starts when full; an edit may not leave it full and unstarted', async () => {
    const refused = await kit
      .createRequest(fastMttSettings({ name: 'Late and full', startWhenFull: true, lateRegistrationUntilLevel: 2 }))
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'BAD_SETTINGS' });
    const players = await kit.newPlayers(2);
    const created = await kit
      .createRequest(fastMttSettings({ name: 'Shrunk', startWhenFull: true, maxEntrants: 5, startsAt: inAnHour() }))
      .expect(201);
    const id: number = created.body.tournamentId;
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    for (const player of players) await kit.service.register(id, player);
    const edit = await request(app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${kit.adminToken()}`)
      .send({ maxEntrants: 2 })
      .expect(400);
    expect(edit.body).toMatchObject({ code: 'BAD_SETTINGS' });
    // The admin cancels it before it filled: everyone is refunded.
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${kit.adminToken()}`).expect(200);
    for (const player of players) expect(await kit.balance(player)).toBe(KIT_START_CHIPS);
  }, 30_000);
});
