// Issue 19 items 1 and 2 over the real app (PostgreSQL, Redis, socket.io, HTTP): a 2-7 Triple Draw
// table where Dan draws and Erin draws and then folds without showing.
//  - 19.2: Dan's PHH download names none of Erin's discards or replacements ('??', counts kept), and no
//    card absent from Dan's own view events;
//  - 19.1: GET /me/hands/:id/proof gives Dan the openings of his cards (they verify against the
//    commitment stored and published at the deal) and no seed while the table is open and the hand is
//    younger than 24 h; a player who was not dealt in gets 404; 24 h after the hand, or once the table
//    is closed, the seed comes with it and reproduces the committed deal.
import {
  cardsOfEvent,
  formatCard,
  verifyDealProof,
  viewEvents,
  type CardOpening,
  type DealProof,
  type HandEvent,
} from '@naiko/engine';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { Module } from '@nestjs/common';
import { onHandUpdates, QUEUES, type TableHandPayload, type TableSnapshotPayload } from '@naiko/contracts';
import { LobbyModule, PlatformModule, TablesService, WebModule } from '@naiko/platform';
import { parse as parseToml } from 'smol-toml';
import { connectSocket, startTestApp, type TestApp, type TestSocket } from './support';

@Module({
  imports: [PlatformModule.forRoot({ app: 'deal-proof-test', consumeQueues: [QUEUES.system] }), LobbyModule, WebModule],
})
class DealProofTestModule {}

interface Client {
  userId: string;
  token: string;
  socket: TestSocket;
  seat: number | null;
  hands: TableHandPayload[];
}
type Legal = { seat: number; actions: string[]; minTo: number };
type ViewLike = {
  version: number;
  street: number;
  legal: Legal | null;
  players: { seat: number; cards: (number | null)[] }[];
};

async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('deal proof and masked PHH over HTTP (issue 19)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let tables: TablesService;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp({
      name: 'deal-proof-test',
      module: DealProofTestModule,
      env: { TABLE_HAND_PAUSE_MS: '1500', TABLE_BOT_DELAY_MS: '0', TABLE_SEED: 'deal-proof-e2e' },
    });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    tables = app.get(TablesService);
  });

  afterAll(async () => {
    for (const table of tables.all()) table.stop();
    for (const socket of sockets) socket.close();
    await app?.close();
  });

  async function user(username: string, role: 'player' | 'admin' = 'player'): Promise<{ id: string; token: string }> {
    const created = await prisma.user.create({ data: { username, role } });
    await ledger.openUserAccount(created.id);
    await ledger.grant({ idempotencyKey: `welcome:${created.id}`, userId: created.id, amount: 100_000 });
    return { id: created.id, token: app.token({ sub: created.id, username, role }) };
  }

  async function player(
    username: string,
    decide: (c: Client, v: ViewLike, legal: Legal) => Record<string, unknown> | null,
  ): Promise<Client> {
    const account = await user(username);
    const { socket } = await connectSocket(app.url, account.token);
    sockets.push(socket);
    const client: Client = { userId: account.id, token: account.token, socket, seat: null, hands: [] };
    const onView = (tableId: string, view: ViewLike | undefined): void => {
      if (!view?.legal || view.legal.seat !== client.seat) return;
      const action = decide(client, view, view.legal);
      if (action) client.socket.emit('table:act', { tableId, version: view.version, action: action as never });
    };
    socket.on('table:snapshot', (payload: TableSnapshotPayload) => {
      client.seat = payload.yourSeat;
      onView(payload.tableId, payload.hand?.view as unknown as ViewLike | undefined);
    });
    if (process.env.DEBUG_DEAL_PROOF)
      socket.on('error', (e: unknown) => console.log(username, 'error', JSON.stringify(e)));
    onHandUpdates(socket, (payload: TableHandPayload) => {
      if (process.env.DEBUG_DEAL_PROOF)
        console.log(
          username,
          JSON.stringify(payload.events.map((e) => e.type)),
          JSON.stringify((payload.view as unknown as ViewLike).legal),
        );
      client.hands.push(payload);
      onView(payload.tableId, payload.view as unknown as ViewLike);
    });
    return client;
  }

  const get = async (path: string, token: string): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${app.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, text: await res.text() };
  };

  it("Erin folds after drawing: Dan's PHH hides her draw; his proof verifies now, the seed comes 24 h later or when the table closes", async () => {
    const host = await tables.create({
      name: 'Proof draw',
      config: {
        game: 'draw27x3',
        structure: 'fixed-limit',
        stakes: { smallBlind: 5, bigBlind: 10, smallBet: 10, bigBet: 20 },
        buyIn: { min: 200, max: null },
        seats: 2,
        clock: { decisionMs: 10_000, timeBankMs: 0, reconnectWindowMs: 60_000, drawDecisionMs: 10_000 },
        private: null,
      },
    });
    const passive = (legal: Legal) => ({ type: legal.actions.includes('check') ? 'check' : 'call' });
    const drew = new Set<string>();
    const mine = (c: Client, v: ViewLike) => v.players.find((p) => p.seat === c.seat)!.cards as number[];
    // Dan: draws two cards every time, bets when he can after the first draw, else checks/calls.
    const dan = await player('proof_dan', (client, view, legal) => {
      if (legal.actions.includes('draw')) return { type: 'draw', discard: mine(client, view).slice(0, 2) };
      if (view.street >= 1 && legal.actions.includes('bet')) return { type: 'bet', amount: legal.minTo };
      return passive(legal);
    });
    // Erin: draws three cards once, then folds as soon as she may.
    const erin = await player('proof_erin', (client, view, legal) => {
      if (legal.actions.includes('draw')) {
        drew.add('erin');
        return { type: 'draw', discard: mine(client, view).slice(0, 3) };
      }
      if (drew.has('erin') && legal.actions.includes('fold')) return { type: 'fold' };
      return passive(legal);
    });
    for (const client of [dan, erin]) {
      client.socket.emit('table:sit', { tableId: host.tableId, buyIn: 2000 });
      await until(() => client.seat !== null, 5000, 'seated');
    }
    const opened = () => dan.hands.flatMap((p) => p.events).find((e) => e.type === 'dealOpenings');
    await until(() => !!opened(), 30_000, 'the first hand over');
    const handId = opened()!.handId as string;
    await until(
      async () => (await prisma.hand.findUnique({ where: { id: handId } }))?.status === 'completed',
      5000,
      'hand stored',
    );
    const stored = await prisma.hand.findUniqueOrThrow({
      where: { id: handId },
      include: { events: { orderBy: { seq: 'asc' } } },
    });
    const events = stored.events.map((e) => e.payload as unknown as HandEvent);
    const erinSeat = erin.seat!;
    const danSeat = dan.seat!;
    const erinDraw = events.find((e) => e.type === 'x-draw' && e.seat === erinSeat) as unknown as {
      discarded: number[];
      dealt: number[];
    };
    expect(erinDraw.discarded.length).toBe(3);
    expect(events.some((e) => e.type === 'hand-shown' && (e as { seat: number }).seat === erinSeat)).toBe(false);

    // 19.2: the PHH download.
    const phh = await get(`/me/hands/${handId}/phh`, dan.token);
    expect(phh.status).toBe(200);
    const actions = (parseToml(phh.text) as { actions: string[] }).actions;
    const erinP = actions.find((a) => / sd ?\?\?/.test(a))!.split(' ')[0];
    expect(actions).toContain(`${erinP} sd ??????`);
    expect(actions).toContain(`d dh ${erinP} ??????`);
    const seen = new Set(viewEvents(events, danSeat).flatMap(cardsOfEvent).map(formatCard));
    for (const action of actions)
      for (const tok of action.match(/(?:[2-9TJQKA][cdhs]|Jk)/g) ?? []) expect(seen.has(tok)).toBe(true);
    for (const card of [...erinDraw.discarded, ...erinDraw.dealt])
      if (!seen.has(formatCard(card))) expect(actions.join(' ')).not.toContain(formatCard(card));

    // 19.1: the proof, before the seed may go out.
    const before = await get(`/me/hands/${handId}/proof`, dan.token);
    expect(before.status).toBe(200);
    const proof = JSON.parse(before.text) as DealProof & {
      seedDisclosure: { reason: string | null; availableAt: string };
    };
    expect(proof.commitment).toBe(stored.commitment);
    expect(proof.seed).toBeNull();
    expect(new Date(proof.seedDisclosure.availableAt).getTime()).toBe(stored.endedAt!.getTime() + 24 * 3600_000);
    expect(verifyDealProof(proof)).toMatchObject({ ok: true, seed: 'not-disclosed' });
    // The openings are exactly the ones Dan got from the table feed.
    expect(proof.openings).toEqual(opened()!.openings as CardOpening[]);
    expect(new Set(proof.openings.map((o) => o.card))).toEqual(seen);
    // Not dealt in: nothing.
    const carol = await user('proof_carol');
    expect((await get(`/me/hands/${handId}/proof`, carol.token)).status).toBe(404);

    // 24 h after the hand: the seed, and it reproduces the whole deal.
    await prisma.hand.update({ where: { id: handId }, data: { endedAt: new Date(Date.now() - 24 * 3600_000 - 1000) } });
    const late = JSON.parse((await get(`/me/hands/${handId}/proof`, dan.token)).text) as DealProof & {
      seedDisclosure: { reason: string };
    };
    expect(late.seedDisclosure.reason).toBe('embargo-over');
    expect(verifyDealProof(late)).toMatchObject({ ok: true, seed: 'ok' });
    await prisma.hand.update({ where: { id: handId }, data: { endedAt: stored.endedAt } });
    expect(JSON.parse((await get(`/me/hands/${handId}/proof`, dan.token)).text).seed).toBeNull();

    // The table closes: the seed at once.
    const admin = await user('proof_admin', 'admin');
    const closed = await fetch(`${app.url}/tables/${host.tableId}/close`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(closed.status).toBeLessThan(300);
    await until(
      async () => (await prisma.cashTable.findUnique({ where: { id: host.tableId } }))?.status === 'closed',
      5000,
      'table closed',
    );
    const after = JSON.parse((await get(`/me/hands/${handId}/proof`, erin.token)).text) as DealProof & {
      seedDisclosure: { reason: string };
    };
    expect(after.seedDisclosure.reason).toBe('table-closed');
    expect(verifyDealProof(after)).toMatchObject({ ok: true, seed: 'ok' });
  });
});
