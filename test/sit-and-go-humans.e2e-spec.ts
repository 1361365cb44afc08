// Human players in a Sit & Go, end to end against the machine's PostgreSQL and Redis with real
// BullMQ workers and socket.io clients. The Sit & Go's table is a tournament table of the table
// host: a person follows the lobby (`sitAndGoUpdate` names the table once it starts), watches it
// with `table:watch`, gets his own seat's view and acts with `table:act`; cash-only commands are
// refused. Every message each person received is recorded and checked against the stored hole
// cards of every seat: none ever holds another seat's unrevealed card. An instance is a tournament
// without a start time (issue 21 item 2): its table is the tournament runner's (`mttTableId(id, 1)`)
// and its book `mtt-<id>`.
import { Module } from '@nestjs/common';
import request from 'supertest';
import {
  assembleRecorded,
  onHandUpdates,
  QUEUES,
  type SitAndGoView,
  type SocketError,
  type TableHandPayload,
  type TableSnapshotPayload,
  type TableUpdatePayload,
} from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import {
  DEFAULT_TEMPLATES,
  fastTemplate,
  mttTableId,
  mttTournamentId as tournamentIdOf,
  PlatformModule,
  SitAndGoFeatureModule,
  SitAndGoService,
  TournamentsFeatureModule,
  TournamentsService,
} from '@naiko/platform';
import { placePrizes, prizeTableFor, type SitAndGoTemplate } from '@naiko/tournament';
import { connectSocket, drained, nextEvent, startTestApp, type TestApp, type TestSocket } from './support';
import { waitFor } from './support/tournaments';
import { hiddenCardsBySeat, othersHiddenCards } from './support/hidden-cards';
import { expectAuditClean } from './support/audit';

const DECISION_MS = 150;
const SNG4: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'fast-sng-4-humans', 300, 200, 100),
  seats: 4,
  name: 'four with people',
  startingStack: 300,
  clock: { decisionMs: DECISION_MS, reconnectMs: 0 },
};
/** One silent person and two bots; 1 s levels so the blinds rise while he is folded. */
const SILENT3: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'fast-sng-3-silent', 1_000, 200, 100),
  seats: 3,
  name: 'three with a silent one',
  startingStack: 300,
  clock: { decisionMs: 100, reconnectMs: 0 },
};

@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'sit-and-go',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament],
    }),
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    SitAndGoFeatureModule.forRoot({ templates: [SNG4, SILENT3] }),
  ],
})
class HumansSitAndGoModule {}

const START_CHIPS = 1_000;

type View = {
  viewer: number | 'spectator';
  toAct: number | null;
  version: number;
  legal: { actions: string[] } | null;
  players: WirePlayer[];
  board?: number[];
};
type WirePlayer = { seat: number; cards: (number | null)[]; up: boolean[]; shown: boolean };
type WireEvent = { type: string; seat?: number; action?: string; cards?: (number | null)[]; up?: boolean[] };
type Received = { event: string; payload: unknown };

/** A person at the Sit & Go: follows the lobby to the table and records every message. */
interface Person {
  userId: string;
  socket: TestSocket;
  received: Received[];
  /** The table he watches (from the lobby view's `tableId`). */
  table: string | null;
}

describe('Sit & Go with human players at the table host (e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let sng: SitAndGoService;

  const finished = (id: number) =>
    waitFor('the Sit & Go to finish', async () => {
      const view = await sng.view(id);
      return view.phase === 'finished' && view;
    });
  /** Who sat where: the seat draw's seating, revealed with its seed at the end. */
  const seatOf = async (id: number, userId: string) =>
    (await app.get(TournamentsService).view(id)).seatDraw.seating!.find((s) => s.userId === userId)!.seat;

  beforeAll(async () => {
    app = await startTestApp({ module: HumansSitAndGoModule, name: 'sit-and-go-humans' });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    sng = app.get(SitAndGoService);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function newUser(name: string, isBot: boolean): Promise<string> {
    const user = await prisma.user.create({ data: { username: `${name}-${Date.now() % 1e8}`, isBot } });
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
    return user.id;
  }

  const register = async (templateId: string, userId: string) =>
    (
      await request(app.url)
        .post(`/sit-and-go/${templateId}/register`)
        .set('Authorization', `Bearer ${app.token({ sub: userId })}`)
        .expect(201)
    ).body as { instanceId: number };

  /** Connects, follows the instance's lobby and watches its table as soon as the lobby names it. */
  async function follow(userId: string, name: string, instanceId: number, previous?: Person): Promise<Person> {
    const { socket } = await connectSocket(app.url, app.token({ sub: userId, username: name }));
    const person: Person = previous ?? { userId, socket, received: [], table: null };
    person.socket = socket;
    person.table = null;
    socket.onAny((event: string, payload: unknown) => person.received.push({ event, payload }));
    socket.on('sitAndGoUpdate', (view: SitAndGoView) => {
      if (view.instanceId === instanceId && view.tableId && person.table !== view.tableId) {
        person.table = view.tableId;
        socket.emit('table:watch', { tableId: view.tableId });
      }
    });
    // The lobby may name the table a moment before the runner hosts it: a client asks again.
    socket.on('error', (error: SocketError) => {
      if (error.event === 'table:watch' && error.code === 'NOT_FOUND' && person.table)
        setTimeout(() => person.table && socket.emit('table:watch', { tableId: person.table }), 100);
    });
    socket.emit('sitAndGoWatch', { instanceId });
    await nextEvent(socket, 'sitAndGoUpdate');
    return person;
  }

  /** The refusal the server answers a `table:act` with. */
  async function refusal(socket: TestSocket, payload: unknown): Promise<SocketError> {
    const err = new Promise<SocketError>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no refusal')), 20_000);
      const on = (error: SocketError) => {
        if (error.event !== 'table:act') return;
        clearTimeout(timer);
        socket.off('error', on);
        resolve(error);
      };
      socket.on('error', on);
    });
    (socket.emit as (e: string, p: unknown) => void)('table:act', payload);
    return err;
  }

  const viewOf = (message: Received): { handId: string; view: View; events: WireEvent[] } | null => {
    if (message.event === 'table:hand') {
      const payload = message.payload as TableHandPayload;
      return {
        handId: payload.handId,
        view: payload.view as unknown as View,
        events: payload.events as unknown as WireEvent[],
      };
    }
    if (message.event === 'table:snapshot' && (message.payload as TableSnapshotPayload).hand) {
      const snapshotHand = (message.payload as TableSnapshotPayload).hand!;
      return { handId: snapshotHand.handId, view: snapshotHand.view as unknown as View, events: [] };
    }
    return null;
  };

  it('two people and two bots: Alice acts with table:act, Bob is timed out (also while disconnected); stale and out-of-turn actions refused; payouts, audit and every message exact', async () => {
    const alice = await newUser('alice', false);
    const bob = await newUser('bob', false);
    const bots = [await newUser('bot-a', true), await newUser('bot-b', true)];

    // The people register first and follow the lobby: the start names their table.
    const { instanceId } = await register(SNG4.templateId, alice);
    await register(SNG4.templateId, bob);
    const alicePerson = await follow(alice, 'alice', instanceId);
    let bobPerson = await follow(bob, 'bob', instanceId);
    const tableId = mttTableId(instanceId, 1);

    // Alice plays: check when she can, else call. On her first decision she also sends a stale
    // version, and Bob acts in her turn: both typed refusals that change nothing.
    let outOfTurn: SocketError | null = null;
    let stale: SocketError | null = null;
    let aliceTurns: Promise<void> = Promise.resolve();
    const onAlice = (payload: TableHandPayload | TableSnapshotPayload): void => {
      const view = ('view' in payload ? payload.view : payload.hand?.view) as View | undefined;
      if (
        !view ||
        !view.legal ||
        view.toAct === null ||
        view.toAct !== view.viewer ||
        payload.tableId !== alicePerson.table
      )
        return;
      const type = view.legal.actions.includes('check')
        ? 'check'
        : view.legal.actions.includes('call')
          ? 'call'
          : 'fold';
      aliceTurns = aliceTurns
        .then(async () => {
          // Bob in Alice's turn, with her current version. On a loaded machine her clock may have run
          // out meanwhile (then the version is stale): tried again on her next decision.
          if (!outOfTurn && bobPerson.socket.connected) {
            const error = await refusal(bobPerson.socket, {
              tableId: payload.tableId,
              version: view.version,
              action: { type: 'fold' },
            });
            if (/^NOT_YOUR_TURN/.test(error.message)) outOfTurn = error;
          }
          // A stale version needs an earlier one (version 0 minus one is malformed, not stale).
          if (!stale && view.version > 0)
            stale = await refusal(alicePerson.socket, {
              tableId: payload.tableId,
              version: view.version - 1,
              action: { type },
            });
          alicePerson.socket.emit('table:act', {
            tableId: payload.tableId,
            version: view.version,
            action: { type } as never,
          });
        })
        .catch(() => undefined);
    };
    onHandUpdates(alicePerson.socket, onAlice);
    alicePerson.socket.on('table:snapshot', onAlice);

    for (const bot of bots) await register(SNG4.templateId, bot);

    // Both watch the table with their own seat's view.
    const ownView = (p: Person) => assembleRecorded(p.received).some((m) => typeof viewOf(m)?.view.viewer === 'number');
    await waitFor('a seat view for Alice and for Bob', async () => ownView(alicePerson) && ownView(bobPerson));
    expect(alicePerson.table).toBe(tableId);
    expect(bobPerson.table).toBe(tableId);
    await waitFor('the two refused probes', async () => outOfTurn !== null && stale !== null);

    // A cash-only command at a Sit & Go table is a typed refusal that changes nothing. (Sitting
    // out is allowed at tournament tables since issue 25: the player is blinded off; see
    // test/tournament-extras.e2e-spec.ts.)
    for (const event of ['table:leave'] as const) {
      const err = nextEvent(bobPerson.socket, 'error', 10_000);
      bobPerson.socket.emit(event, { tableId });
      expect(await err).toMatchObject({ code: 'FORBIDDEN', event });
    }

    // Bob drops his connection and comes back two hands later.
    const droppedAt = new Date();
    bobPerson.socket.close();
    const handsAtDrop = (await sng.view(instanceId)).handsPlayed;
    await waitFor('two more hands without Bob', async () => {
      const view = await sng.view(instanceId);
      return view.handsPlayed >= handsAtDrop + 2 || view.phase !== 'running';
    });
    const snapshotsBefore = bobPerson.received.filter((m) => m.event === 'table:snapshot').length;
    const running = (await sng.view(instanceId)).phase === 'running';
    bobPerson = await follow(bob, 'bob', instanceId, bobPerson);
    // His watch brings a new snapshot — unless the Sit & Go ended first (its table then is gone).
    const newSnapshot = () =>
      bobPerson.received.filter((m) => m.event === 'table:snapshot')[snapshotsBefore]?.payload as
        TableSnapshotPayload | undefined;
    const back = running
      ? await waitFor(
          "Bob's snapshot after he came back, or the end",
          async () => newSnapshot() ?? ((await sng.view(instanceId)).phase !== 'running' && 'ended'),
        )
      : null;
    const snap = typeof back === 'object' ? back : (newSnapshot() ?? null);

    const row = await finished(instanceId);
    await Promise.all([drained(alicePerson.socket), drained(bobPerson.socket)]); // the last feeds sent before are in

    // Typed refusals that changed nothing.
    expect(stale).toMatchObject({ code: 'CONFLICT', event: 'table:act' });
    expect(stale!.message).toMatch(/^STALE_VERSION/);
    expect(outOfTurn).toMatchObject({ code: 'CONFLICT', event: 'table:act' });
    expect(outOfTurn!.message).toMatch(/^NOT_YOUR_TURN/);

    // On reconnect Bob got the table's confirmed state, with his own cards if a hand ran with him.
    const bobSeat = await seatOf(instanceId, bob);
    const aliceSeat = await seatOf(instanceId, alice);
    if (snap) {
      expect(bobPerson.received.filter((m) => m.event === 'table:snapshot').length).toBeGreaterThan(snapshotsBefore);
      expect(snap.tableId).toBe(tableId);
      const view = snap.hand?.view as unknown as View | undefined;
      if (view && view.viewer === bobSeat)
        expect(view.players.find((p) => p.seat === bobSeat)!.cards.every((c) => c !== null)).toBe(true);
    }

    // Payouts and the audit: 4 entrants, 400 in the pool.
    const tournamentId = tournamentIdOf(instanceId);
    expect(row.prizePool).toBe(400);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId } });
    const paid = placePrizes(400, prizeTableFor(4));
    expect(entries.reduce((s, e) => s + Number(e.prize), 0)).toBe(400);
    expect(entries.every((e) => e.place !== null && e.status === 'finished')).toBe(true);
    for (const entry of entries) {
      expect(await ledger.userBalance(entry.userId)).toBe(START_CHIPS - 110 + Number(entry.prize));
      // Unless places were shared, each place got its published prize.
      if (entries.filter((o) => o.place === entry.place).length === 1)
        expect(Number(entry.prize)).toBe(paid[entry.place! - 1] ?? 0);
    }
    await expectAuditClean(prisma);

    // The stored hands: who sat where, who did what.
    const hands = await prisma.hand.findMany({
      where: { tournamentId },
      include: { events: { orderBy: { seq: 'asc' } } },
    });
    expect(hands.length).toBe(row.handsPlayed);
    const seatIn = (h: (typeof hands)[number], userId: string) =>
      (h.players as { seat: number; userId: string }[]).find((p) => p.userId === userId)?.seat;
    const actionsOf = (userId: string) =>
      hands.flatMap((hand) => {
        const seat = seatIn(hand, userId);
        return seat === undefined
          ? []
          : hand.events.map((e) => e.payload as WireEvent).filter((e) => e.type === 'action' && e.seat === seat);
      });
    // Alice's own decisions reached the hands (a call is never the clock's).
    expect(actionsOf(alice).some((e) => e.action === 'call')).toBe(true);
    // Bob never acted: every decision of his was the clock's check or fold, also while he was away,
    // and he kept being dealt in (blinded off, never removed).
    const bobs = actionsOf(bob);
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.every((e) => e.action === 'check' || e.action === 'fold')).toBe(true);
    const bobOut = entries.find((e) => e.userId === bob)!;
    if (bobOut.place !== 1)
      expect(hands.filter((h) => h.startedAt > droppedAt && seatIn(h, bob) !== undefined).length).toBeGreaterThan(0);

    // Privacy: every hand message either person received, against the stored hole cards of every seat.
    const secretsOf = new Map(hands.map((h) => [h.id, hiddenCardsBySeat(h.events.map((x) => x.payload))]));
    const handOf = new Map(hands.map((h) => [h.id, h]));
    let checked = 0;
    for (const [person, seat] of [
      [alicePerson, aliceSeat],
      [bobPerson, bobSeat],
    ] as const) {
      let ownCards = 0;
      // The hand updates as his client put them together: each public part with his private part merged in.
      for (const message of assembleRecorded(person.received)) {
        const seen = viewOf(message);
        if (!seen) continue;
        checked++;
        expect(handOf.get(seen.handId)).toBeDefined();
        // A seat view only ever of his own seat.
        if (seen.view.viewer !== 'spectator') expect(seen.view.viewer).toBe(seat);
        const mine = seen.view.viewer === 'spectator' ? -1 : seen.view.viewer;
        if (mine >= 0 && seen.view.players.find((x) => x.seat === mine)?.cards.every((c) => c !== null)) ownCards++;
        // Structure: no other seat's hidden card, in the view or the events.
        for (const player of seen.view.players)
          if (player.seat !== mine && !player.shown)
            player.cards.forEach((c, k) => !player.up[k] && expect(c).toBeNull());
        for (const event of seen.events) {
          if ((event.type === 'hole-dealt' || event.type === 'hand-mucked') && event.seat !== mine)
            event.cards!.forEach((c, k) => !(event.up?.[k] ?? false) && expect(c).toBeNull());
        }
        // Values: no card another seat held unrevealed in that hand appears anywhere in the message.
        const secret = othersHiddenCards(secretsOf.get(seen.handId), mine);
        const visible = [
          ...seen.view.players.flatMap((x) => x.cards),
          ...(seen.view.board ?? []),
          ...seen.events.flatMap((e) => e.cards ?? []),
        ].filter((c): c is number => c !== null);
        for (const card of visible) expect(secret.has(card)).toBe(false);
      }
      expect(ownCards).toBeGreaterThan(0);
      // Nothing else carries a hand: table updates and the lobby hold no hole cards.
      for (const message of person.received) {
        expect([
          'table:hand',
          'table:hand-private',
          'table:snapshot',
          'table:update',
          'sitAndGoUpdate',
          'welcome',
          'error',
          'table:chat',
          'pong',
        ]).toContain(message.event); // pong: the round trip of drained()
        if (message.event === 'table:update' || message.event === 'sitAndGoUpdate')
          expect(JSON.stringify(message.payload)).not.toContain('"cards"');
      }
    }
    expect(checked).toBeGreaterThan(10);
    alicePerson.socket.close();
    bobPerson.socket.close();
  }, 180_000);

  it('a silent player (never connected) is checked/folded by the clock and blinded off, never removed: dealt into every hand until his chips are gone, never sat out', async () => {
    const silent = await newUser('silent', false);
    const bots = [await newUser('bot-c', true), await newUser('bot-d', true)];
    const { instanceId } = await register(SILENT3.templateId, silent);
    // A spectator follows the table: the seat map must never show the silent player sitting out.
    const spectator = await newUser('rail', false);
    const rail = await follow(spectator, 'rail', instanceId);
    for (const bot of bots) await register(SILENT3.templateId, bot);
    const row = await finished(instanceId);
    await drained(rail.socket); // the last feeds sent before are in

    const tournamentId = tournamentIdOf(instanceId);
    const hands = await prisma.hand.findMany({
      where: { tournamentId, status: 'completed' },
      orderBy: { handNumber: 'asc' },
      include: { events: { orderBy: { seq: 'asc' } } },
    });
    expect(hands.length).toBe(row.handsPlayed);
    const seat = await seatOf(instanceId, silent);
    const dealtIn = (h: (typeof hands)[number]) =>
      (h.players as { seat: number; userId: string }[]).some((p) => p.userId === silent);
    // His stack at the start of each hand (the stored config) and whether he was dealt in.
    const stackAt = (h: (typeof hands)[number]) =>
      (h.config as { seats: { seat: number; stack: number }[] }).seats.find((s) => s.seat === seat)?.stack ?? 0;
    const entry = (await prisma.tournamentEntry.findMany({ where: { tournamentId } })).find(
      (e) => e.userId === silent,
    )!;
    const lastWith = entry.place === 1 ? hands.length - 1 : hands.findLastIndex((h) => dealtIn(h));
    expect(lastWith).toBeGreaterThan(0);
    // Dealt into every hand from the first until the one he busted in (blinded off, never removed).
    for (let i = 0; i <= lastWith; i++) expect(dealtIn(hands[i])).toBe(true);
    // Every decision of his was the clock's: check if he could, else fold.
    const actions = hands.flatMap((h) =>
      h.events.map((e) => e.payload as WireEvent).filter((e) => e.type === 'action' && e.seat === seat),
    );
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((e) => e.action === 'check' || e.action === 'fold')).toBe(true);
    expect(actions.some((e) => e.action === 'fold')).toBe(true);
    expect(stackAt(hands[0])).toBe(SILENT3.startingStack);
    if (entry.place !== 1) {
      expect(entry.place).toBeGreaterThanOrEqual(2);
      expect(hands.slice(lastWith + 1).some((h) => dealtIn(h))).toBe(false);
    }
    // The table never sat him out (tournament tables blind a silent player off instead).
    const seatMaps = rail.received
      .filter((m) => m.event === 'table:update' || m.event === 'table:snapshot')
      .map((m) => (m.payload as TableUpdatePayload).table.seatMap);
    expect(seatMaps.length).toBeGreaterThan(0);
    for (const map of seatMaps) {
      const silentSeat = map.find((x) => x?.playerId === silent);
      if (silentSeat) expect(silentSeat.sittingOut).toBe(false);
    }
    await expectAuditClean(prisma);
    rail.socket.close();
  }, 180_000);
});
