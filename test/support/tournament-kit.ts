// What a scheduled-tournament e2e suite does as the admin and as players, over HTTP against a test
// app (test/support/app.ts): funded bot users, create / register / start now, the view, waiting for
// the end, balances, and the ledger audit that every suite ends with. One kit per suite.
import request from 'supertest';
import type { TournamentSettingsDto, TournamentView } from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { mttTournamentId, TournamentsService } from '@naiko/platform';
import type { TestApp } from './app';
import { playersWithChips, waitFor } from './tournaments';
import { expectAuditClean } from './audit';

/** What each funded player starts with. */
export const KIT_START_CHIPS = 10_000;

export interface TournamentKit {
  prisma: PrismaService;
  ledger: ChipLedger;
  service: TournamentsService;
  adminToken(): string;
  /** `count` bot users with `KIT_START_CHIPS` each; usernames start with the kit's prefix. */
  newPlayers(count: number): Promise<string[]>;
  /** POST /tournaments as the admin (the caller checks the answer). */
  createRequest(settings: TournamentSettingsDto): request.Test;
  /** Creates and returns the id (201 expected). */
  create(settings: TournamentSettingsDto): Promise<number>;
  register(id: number, userId: string): request.Test;
  /** POST /tournaments/:id/rebuy or /add-on as `userId`, once (the caller checks the answer). */
  buyRequest(id: number, userId: string, what: 'rebuy' | 'add-on'): request.Test;
  /** As `buyRequest`, asked again while the player's table finishes the hand it was in when the break began. */
  buy(id: number, userId: string, what: 'rebuy' | 'add-on'): Promise<request.Response>;
  /** Moves the start to now (200 expected). */
  startNow(id: number): request.Test;
  view(id: number): Promise<TournamentView>;
  /** Waits until the tournament is finished or cancelled; returns its row. */
  ended(id: number): ReturnType<TournamentsService['get']>;
  balance(userId: string): Promise<number>;
  /** The tournament's prize pool account. */
  poolBalance(id: number): Promise<number>;
  /** The whole ledger proves every chip, and no hand is left running. */
  expectAuditClean(): Promise<void>;
}

/** Call in `beforeAll` once the app runs; creates the admin user `adminId`. */
export async function tournamentKit(app: TestApp, adminId: string, usernamePrefix: string): Promise<TournamentKit> {
  const prisma = app.get(PrismaService);
  const ledger = new ChipLedger(prisma);
  const service = app.get(TournamentsService);
  await prisma.user.create({ data: { id: adminId, username: `admin-${usernamePrefix}`, role: 'admin' } });
  const adminToken = () => app.token({ sub: adminId, username: 'admin', role: 'admin' });
  const createRequest = (settings: TournamentSettingsDto) =>
    request(app.url).post('/tournaments').set('Authorization', `Bearer ${adminToken()}`).send(settings);
  const buyRequest = (id: number, userId: string, what: 'rebuy' | 'add-on') =>
    request(app.url)
      .post(`/tournaments/${id}/${what}`)
      .set('Authorization', `Bearer ${app.token({ sub: userId })}`);
  return {
    prisma,
    ledger,
    service,
    adminToken,
    newPlayers: (count) => playersWithChips(prisma, ledger, usernamePrefix, count, KIT_START_CHIPS),
    createRequest,
    create: async (settings) => (await createRequest(settings).expect(201)).body.tournamentId,
    register: (id, userId) =>
      request(app.url)
        .post(`/tournaments/${id}/register`)
        .set('Authorization', `Bearer ${app.token({ sub: userId })}`),
    buyRequest,
    buy: (id, userId, what) =>
      waitFor(`${what} of ${userId}`, async () => {
        const response = await buyRequest(id, userId, what);
        return response.body?.code === 'HAND_IN_PROGRESS' ? null : response;
      }),
    startNow: (id) =>
      request(app.url)
        .patch(`/tournaments/${id}`)
        .set('Authorization', `Bearer ${adminToken()}`)
        .send({ startsAt: new Date().toISOString() })
        .expect(200),
    view: async (id) => (await request(app.url).get(`/tournaments/${id}`).expect(200)).body,
    ended: (id) =>
      waitFor(
        `tournament ${id} to end`,
        async () => ['finished', 'cancelled'].includes((await service.get(id)).status) && service.get(id),
        240_000,
      ),
    balance: (userId) => ledger.userBalance(userId),
    poolBalance: async (id) =>
      Number((await prisma.chipAccount.findUnique({ where: { key: `pool:${mttTournamentId(id)}` } }))?.balance ?? 0),
    expectAuditClean: () => expectAuditClean(prisma),
  };
}
