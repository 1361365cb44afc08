// Human players in a Sit & Go, end to end against the machine's PostgreSQL and Redis with real
// BullMQ workers and socket.io clients: two people and two bots in a 4-seat fast Sit & Go. One
// person acts through `sitAndGoAct`, the other never acts (and drops his connection for a while):
// the clock checks or folds for him, he stays in until his chips are gone. Every message each
// person received is recorded and checked: none ever holds another seat's unrevealed card.
import { Module } from '@nestjs/common';
import request from 'supertest';
import { QUEUES, type SitAndGoHandFeed } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { DEFAULT_TEMPLATES, fastTemplate, PlatformModule, SitAndGoFeatureModule, SitAndGoService, tournamentIdOf } from '@naiko/platform';
import { placePrizes, prizeTableFor, type SitAndGoTemplate } from '@naiko/tournament';
import { connectSocket, nextEvent, startTestApp, type TestApp, type TestSocket } from './support';

const DECISION_MS = 150;
const SNG4: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'fast-sng-4-humans', 300, 200, 100),
  seats: 4,
  name: 'four with people',
  startingStack: 300,
  clock: { decisionMs: DECISION_MS, reconnectMs: 0 },
};

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'sit-and-go', consumeQueues: [QUEUES.system, QUEUES.sitAndGo] }),
    SitAndGoFeatureModule.forRoot({ templates: [SNG4], runner: { handPauseMs: 0, pollMs: 20 } }),
  ],
})
class HumansSitAndGoModule {}

const START_CHIPS = 1_000;

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Feed = SitAndGoHandFeed;
type Legal = { seat: number; version: number; actions: string[] };
type WirePlayer = { seat: number; cards: (number | null)[]; up: boolean[]; shown: boolean };
type WireEvent = { type: string; seat?: number; cards?: (number | null)[]; up?: boolean[] };

describe('Sit & Go with human players (e2e)', () => {
  let t: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let sng: SitAndGoService;

  beforeAll(async () => {
    t = await startTestApp({ module: HumansSitAndGoModule, name: 'sit-and-go-humans' });
    prisma = t.get(PrismaService);
    ledger = new ChipLedger(prisma);
    sng = t.get(SitAndGoService);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newUser(name: string, isBot: boolean): Promise<string> {
    const u = await prisma.user.create({ data: { username: `${name}-${Date.now() % 1e8}`, isBot } });
    await ledger.openUserAccount(u.id);
    await ledger.grant({ idempotencyKey: `welcome:${u.id}`, userId: u.id, amount: START_CHIPS });
    return u.id;
  }

  it('two people and two bots: one acts through sitAndGoAct, one is timed out (also while disconnected); payouts, audit and every message exact', async () => {
    const alice = await newUser('alice', false);
    const bob = await newUser('bob', false);
    const bots = [await newUser('bot-a', true), await newUser('bot-b', true)];
    const received = new Map<string, { event: string; payload: unknown }[]>([
      [alice, []],
      [bob, []],
    ]);
    const record = (user: string, s: TestSocket) => s.onAny((event: string, payload: unknown) => received.get(user)!.push({ event, payload }));

    // Register the people first and let them watch: their sockets join their own rooms before the start.
    const register = async (u: string) =>
      (await request(t.url).post(`/sit-and-go/${SNG4.templateId}/register`).set('Authorization', `Bearer ${t.token({ sub: u })}`).expect(201)).body as {
        instanceId: number;
      };
    const { instanceId } = await register(alice);
    await register(bob);
    const a = (await connectSocket(t.url, t.token({ sub: alice, username: 'alice' }))).socket;
    let b = (await connectSocket(t.url, t.token({ sub: bob, username: 'bob' }))).socket;
    record(alice, a);
    record(bob, b);
    a.emit('sitAndGoWatch', { instanceId });
    b.emit('sitAndGoWatch', { instanceId });
    await Promise.all([nextEvent(a, 'sitAndGoUpdate'), nextEvent(b, 'sitAndGoUpdate')]);

    // Alice plays: check when she can, else call; she also tries a stale version once.
    const refusals: { code: string }[] = [];
    let aliceActs = 0;
    let staleTried = false;
    let outOfTurnTried = false;
    // Alice's decisions run one after another: a feed that arrives while she is still answering the
    // previous one waits, so the two probes below happen in order, on her first decision.
    let alicesTurns: Promise<void> = Promise.resolve();
    a.on('sitAndGoHand', (f) => {
      const legal = f.view.legal as Legal | null;
      if (!legal) return;
      const act = legal.actions.includes('check') ? 'check' : legal.actions.includes('call') ? 'call' : 'fold';
      alicesTurns = alicesTurns.then(async () => {
        // A probe whose answer does not come in time (a loaded machine) is tried again on her next
        // decision instead of being lost (the test would then wait for it in vain).
        if (!staleTried) {
          const r = await a.timeout(20_000).emitWithAck('sitAndGoAct', { instanceId, action: act, expectedVersion: legal.version - 1 }).catch(() => null);
          if (r) {
            staleTried = true;
            refusals.push(r as { code: string });
          }
        }
        if (!outOfTurnTried && b.connected) {
          // Bob tries to act in Alice's turn.
          const r = await b.timeout(20_000).emitWithAck('sitAndGoAct', { instanceId, action: 'fold', expectedVersion: legal.version }).catch(() => null);
          if (r) {
            outOfTurnTried = true;
            refusals.push(r as { code: string });
          }
        }
        const r = (await a.timeout(5000).emitWithAck('sitAndGoAct', { instanceId, action: act, expectedVersion: legal.version })) as { ok: boolean };
        if (r.ok) aliceActs++;
      }).catch(() => undefined);
    });

    for (const bot of bots) await register(bot);

    // Bob drops his connection after his first hand view and comes back a few hands later.
    await waitFor('a hand view for Bob', async () => received.get(bob)!.some((m) => m.event === 'sitAndGoHand'));
    // ...but not before his out-of-turn probe (made on Alice's first decision) was answered.
    await waitFor('the two refused probes', async () => refusals.length >= 2);
    b.close();
    const handAtDrop = Math.max(...received.get(alice)!.filter((m) => m.event === 'sitAndGoHand').map((m) => (m.payload as Feed).handNumber));
    await waitFor('two more hands without Bob', async () =>
      received.get(alice)!.some((m) => m.event === 'sitAndGoHand' && (m.payload as Feed).handNumber >= handAtDrop + 2) || (await sng.instance(instanceId)).status !== 'running',
    );
    b = (await connectSocket(t.url, t.token({ sub: bob, username: 'bob' }))).socket;
    record(bob, b);
    const reconnectFeed = nextEvent(b, 'sitAndGoHand', 10_000).catch(() => null);
    b.emit('sitAndGoWatch', { instanceId });
    const snap = await reconnectFeed;

    const row = await waitFor('the Sit & Go to finish', async () => (await sng.instance(instanceId)).status === 'finished' && sng.instance(instanceId));
    await new Promise((r) => setTimeout(r, 200)); // the last feeds in flight

    // Typed refusals that changed nothing.
    expect(refusals[0]).toMatchObject({ ok: false, code: 'STALE_VERSION' });
    expect(refusals[1]).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    expect(aliceActs).toBeGreaterThan(0);

    // On reconnect Bob got the confirmed state with his own cards (if he was still dealt in).
    const bobSeat = row.seating!.find((s) => s.userId === bob)!.seat;
    if (snap && snap.viewer === bobSeat) {
      const me = (snap.view.players as unknown as WirePlayer[]).find((p) => p.seat === bobSeat)!;
      expect(me.cards.every((c) => c !== null)).toBe(true);
    }

    // Payouts and the audit: 4 entrants, 400 in the pool.
    const tournamentId = tournamentIdOf(instanceId);
    expect(Number(row.prize_pool)).toBe(400);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId } });
    const paid = placePrizes(400, prizeTableFor(4));
    expect(entries.reduce((s, e) => s + Number(e.prize), 0)).toBe(400);
    expect(entries.every((e) => e.place !== null && e.status === 'finished')).toBe(true);
    for (const e of entries) {
      expect(await ledger.userBalance(e.userId)).toBe(START_CHIPS - 110 + Number(e.prize));
      // Unless places were shared, each place got its published prize.
      if (entries.filter((o) => o.place === e.place).length === 1) expect(Number(e.prize)).toBe(paid[e.place! - 1] ?? 0);
    }
    const report = await auditLedger(prisma);
    expect({ ...report, books: undefined }).toMatchObject({ ok: true, difference: 0, balanceMismatches: [], negativeBalances: [], runningHands: 0 });

    // Bob never acted: every decision of his was the clock's check or fold.
    const hands = await prisma.hand.findMany({ where: { tournamentId }, include: { events: { orderBy: { seq: 'asc' } } } });
    const bobActions = hands.flatMap((h) =>
      h.events.map((e) => e.payload as WireEvent & { action?: string }).filter((e) => e.type === 'action' && e.seat === bobSeat),
    );
    expect(bobActions.length).toBeGreaterThan(0);
    expect(bobActions.every((e) => e.action === 'check' || e.action === 'fold')).toBe(true);
    // Alice's accepted actions are in the stored hands too.
    const aliceSeat = row.seating!.find((s) => s.userId === alice)!.seat;
    expect(hands.flatMap((h) => h.events.map((e) => e.payload as WireEvent)).filter((e) => e.type === 'action' && e.seat === aliceSeat).length).toBeGreaterThanOrEqual(aliceActs);

    // Privacy: each message checked against the stored cards of every seat.
    const secretsOf = new Map<number, Map<number, Set<number>>>(); // handNumber → seat → cards never revealed
    for (const h of hands) {
      const bySeat = new Map<number, Set<number>>();
      const shown = new Set<number>();
      for (const e of h.events.map((x) => x.payload as WireEvent)) {
        if (e.type === 'hole-dealt') {
          const set = bySeat.get(e.seat!) ?? new Set<number>();
          e.cards!.forEach((c, k) => !e.up![k] && c !== null && set.add(c));
          bySeat.set(e.seat!, set);
        }
        if (e.type === 'hand-shown') shown.add(e.seat!);
      }
      for (const s of shown) bySeat.delete(s);
      secretsOf.set(h.handNumber!, bySeat);
    }
    let checked = 0;
    for (const [user, seat] of [
      [alice, row.seating!.find((s) => s.userId === alice)!.seat],
      [bob, bobSeat],
    ] as const) {
      const feeds = received.get(user)!.filter((m) => m.event === 'sitAndGoHand').map((m) => m.payload as Feed);
      expect(feeds.length).toBeGreaterThan(0);
      for (const f of feeds) {
        checked++;
        expect(f.viewer === seat || f.viewer === 'spectator').toBe(true);
        const mine = f.viewer === seat ? seat : -1;
        // Structure: no other seat's hidden card, in the view or the events.
        for (const p of f.view.players as unknown as WirePlayer[]) {
          if (p.seat !== mine && !p.shown) p.cards.forEach((c, k) => !p.up[k] && expect(c).toBeNull());
        }
        for (const e of f.events as unknown as WireEvent[]) {
          if ((e.type === 'hole-dealt' || e.type === 'hand-mucked') && e.seat !== mine) e.cards!.forEach((c, k) => !(e.up?.[k] ?? false) && expect(c).toBeNull());
        }
        // Values: no card any other seat held unrevealed in that hand appears anywhere in the message.
        const secret = new Set<number>();
        for (const [s, cards] of secretsOf.get(f.handNumber) ?? new Map<number, Set<number>>()) if (s !== mine) cards.forEach((c) => secret.add(c));
        const visible = [
          ...(f.view.players as unknown as WirePlayer[]).flatMap((p) => p.cards),
          ...((f.view as unknown as { board: number[] }).board ?? []),
          ...(f.events as unknown as WireEvent[]).flatMap((e) => e.cards ?? []),
        ].filter((c): c is number => c !== null);
        for (const c of visible) expect(secret.has(c)).toBe(false);
      }
      // Nothing else ever carried a hand: lobby updates hold no cards.
      for (const m of received.get(user)!) expect(['sitAndGoHand', 'sitAndGoUpdate', 'welcome', 'error']).toContain(m.event);
    }
    expect(checked).toBeGreaterThan(10);
    a.close();
    b.close();
  }, 180_000);
});
