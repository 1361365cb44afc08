// People in a scheduled tournament, end to end against the machine's PostgreSQL and Redis with real
// BullMQ workers and socket.io clients: two humans among bots on two 6-max tables. Bob follows the
// lobby (`tournamentUpdate` names his table), Alice only her own part of it (`tournamentFollow` →
// `tournamentYou`, what a tournament table follows); each watches his table with `table:watch` and gets
// his own seat's view; Alice acts through `table:act`, Bob never acts and drops his connection: the
// clock checks or folds for him and he stays in the tournament until his chips are gone. Every
// message both received is recorded and checked: none holds another seat's unrevealed card.
import request from 'supertest';
import { assembleRecorded, onHandUpdates } from '@naiko/contracts';
import type {
  SocketError,
  TableHandPayload,
  TableSnapshotPayload,
  TournamentView,
  TournamentYouView,
} from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { mttTournamentId, TournamentsService } from '@naiko/platform';
import { fastModeStructure } from '@naiko/tournament';
import { answer, connectSocket, drained, nextEvent, startTestApp, type TestApp, type TestSocket } from './support';
import { hiddenCardsBySeat, othersHiddenCards } from './support/hidden-cards';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';
import { expectAuditClean } from './support/audit';

const DECISION_MS = 150;

const HumansTournamentModule = fastTournamentModule();

const START_CHIPS = 1_000;
const ADMIN = '00000000-0000-4000-8000-0000000000ad';

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

/** A person at the tournament: follows his table from the lobby and records every message. */
interface Person {
  userId: string;
  name: string;
  socket: TestSocket;
  received: Received[];
  /** The table he watches now (from the lobby's `tableRef`). */
  table: string | null;
}

describe('Scheduled tournament with human players (e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let mtt: TournamentsService;

  beforeAll(async () => {
    // As apps/tournament runs it: no cash tables hosted here (TABLES_HOST=false), the tournament
    // tables still reached by the tables gateway.
    app = await startTestApp({
      module: HumansTournamentModule,
      name: 'tournament-humans',
      env: { TABLES_HOST: 'false' },
    });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    mtt = app.get(TournamentsService);
    await prisma.user.create({ data: { id: ADMIN, username: 'admin', role: 'admin' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function newUser(name: string, isBot: boolean): Promise<string> {
    const user = await prisma.user.create({ data: { username: name, isBot } });
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
    return user.id;
  }

  async function person(userId: string, name: string, id: number, how: 'lobby' | 'own part'): Promise<Person> {
    const { socket } = await connectSocket(app.url, app.token({ sub: userId, username: name }));
    const created: Person = { userId, name, socket, received: [], table: null };
    socket.onAny((event: string, payload: unknown) => created.received.push({ event, payload }));
    // When the tournament seats or moves him, watch his new table.
    const follow = (ref: string | null) => {
      if (ref && ref !== created.table) {
        if (created.table) socket.emit('table:unwatch', { tableId: created.table });
        created.table = ref;
        socket.emit('table:watch', { tableId: ref });
      }
    };
    if (how === 'lobby') {
      socket.on('tournamentUpdate', (view: TournamentView) =>
        follow(view.entrants.find((e) => e.userId === userId)?.tableRef ?? null),
      );
      socket.emit('tournamentWatch', { tournamentId: id });
      await nextEvent(socket, 'tournamentUpdate');
    } else {
      socket.on('tournamentYou', (you: TournamentYouView) => follow(you.entrant?.tableRef ?? null));
      socket.emit('tournamentFollow', { tournamentId: id });
      await nextEvent(socket, 'tournamentYou');
    }
    // The lobby may name a table a moment before this process hosts it (the start is published while
    // the runner opens its tables): a client asks again.
    socket.on('error', (error: SocketError) => {
      if (error.event === 'table:watch' && error.code === 'NOT_FOUND' && created.table)
        setTimeout(() => created.table && socket.emit('table:watch', { tableId: created.table }), 100);
    });
    return created;
  }

  /** The server's refusal of a command that must be refused. */
  const refusal = (s: TestSocket, event: string, payload: unknown) => answer(s, event, payload);

  it('two humans among bots: each gets his own seat view and Alice acts with table:act; Bob, silent and disconnected, is checked/folded and stays in; no socket sees another seat’s cards; the audit is exact', async () => {
    const alice = await newUser('alice', false);
    const bob = await newUser('bob', false);
    const bots: string[] = [];
    for (let i = 0; i < 10; i++) bots.push(await newUser(`bot${i}`, true));
    const settings = fastMttSettings({
      name: 'People and bots',
      maxEntrants: 20,
      startingStack: 300,
      blindStructure: fastModeStructure(1_500, 300, 4),
      tableSize: 6,
      clock: { decisionMs: DECISION_MS, reconnectMs: 0, timeBankMs: 0 },
    });
    const admin = `Bearer ${app.token({ sub: ADMIN, username: 'admin', role: 'admin' })}`;
    const id: number = (
      await request(app.url).post('/tournaments').set('Authorization', admin).send(settings).expect(201)
    ).body.tournamentId;
    await waitFor('registration to open', async () => (await mtt.get(id)).status === 'registering');
    for (const userId of [alice, bob, ...bots])
      await request(app.url)
        .post(`/tournaments/${id}/register`)
        .set('Authorization', `Bearer ${app.token({ sub: userId })}`)
        .expect(201);

    const alicePerson = await person(alice, 'alice', id, 'own part');
    const bobPerson = await person(bob, 'bob', id, 'lobby');

    // Alice: check when she can, else call (the clock never calls: a stored call of hers is hers).
    let aliceActs = 0;
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
      aliceActs++;
      alicePerson.socket.emit('table:act', {
        tableId: payload.tableId,
        version: view.version,
        action: { type } as never,
      });
    };
    onHandUpdates(alicePerson.socket, onAlice);
    alicePerson.socket.on('table:snapshot', onAlice);

    await request(app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', admin)
      .send({ startsAt: new Date().toISOString() })
      .expect(200);

    // Both are told their table and receive their own seat's view of a hand there.
    const ownView = (person: Person) =>
      assembleRecorded(person.received).some(
        (message) =>
          (message.event === 'table:hand' &&
            typeof ((message.payload as TableHandPayload).view as unknown as View).viewer === 'number') ||
          (message.event === 'table:snapshot' &&
            typeof ((message.payload as TableSnapshotPayload).hand?.view as unknown as View | undefined)?.viewer ===
              'number'),
      );
    await waitFor('a seat view for Alice and for Bob', () => ownView(alicePerson) && ownView(bobPerson), 150_000).catch(
      (err: Error) => {
        const counts = (p: Person) =>
          p.received.reduce<Record<string, number>>((c, m) => ({ ...c, [m.event]: (c[m.event] ?? 0) + 1 }), {});
        throw new Error(
          `${err.message}: alice ${JSON.stringify(counts(alicePerson))} bob ${JSON.stringify(counts(bobPerson))}`,
        );
      },
    );

    // Cash-only commands at a tournament table are typed refusals that change nothing. (Sitting out
    // is allowed there since issue 25: the player is blinded off; test/tournament-extras.e2e-spec.ts.)
    const bobTable = bobPerson.table!;
    expect(await refusal(bobPerson.socket, 'table:sit', { tableId: bobTable, buyIn: 100 })).toMatchObject({
      code: 'FORBIDDEN',
      event: 'table:sit',
    });
    expect(await refusal(bobPerson.socket, 'table:leave', { tableId: bobTable })).toMatchObject({
      code: 'FORBIDDEN',
      event: 'table:leave',
    });

    // Bob drops his connection for good: the clock keeps checking/folding for him.
    const droppedAt = new Date();
    bobPerson.socket.close();

    const row = await waitFor(
      'the tournament to finish',
      async () => ['finished', 'cancelled'].includes((await mtt.get(id)).status) && mtt.get(id),
      170_000,
    );
    expect(row.status).toBe('finished');
    await drained(alicePerson.socket); // the last feeds sent before are in
    expect(aliceActs).toBeGreaterThan(0);
    // Alice's parts: only ever her own row, each one different from the one before (a part goes out
    // only when it changed), the last one with her place of the 12.
    const parts = alicePerson.received
      .filter((m) => m.event === 'tournamentYou')
      .map((m) => m.payload as TournamentYouView);
    expect(alicePerson.received.some((m) => m.event === 'tournamentUpdate')).toBe(false);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.every((part) => part.tournamentId === id && part.entrant?.userId === alice)).toBe(true);
    for (let i = 1; i < parts.length; i++) expect(parts[i]).not.toEqual(parts[i - 1]);
    await waitFor('her last part', async () => {
      const last = alicePerson.received.filter((m) => m.event === 'tournamentYou').at(-1)!.payload as TournamentYouView;
      return last.phase === 'finished' && last.entrant!.place !== null && last.placedOf === 12;
    });

    // Results and the audit: 12 entrants, 1200 in the pool, every entry placed.
    const tid = mttTournamentId(id);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: tid } });
    expect(entries.length).toBe(12);
    expect(entries.reduce((s, e) => s + Number(e.prize), 0)).toBe(1_200);
    expect(entries.every((e) => e.status === 'finished' && e.place !== null)).toBe(true);
    for (const entry of entries)
      expect(await ledger.userBalance(entry.userId)).toBe(START_CHIPS - 110 + Number(entry.prize));
    await expectAuditClean(prisma);

    // The stored hands: who sat where in each.
    const hands = await prisma.hand.findMany({
      where: { tournamentId: tid },
      include: { events: { orderBy: { seq: 'asc' } } },
    });
    expect(hands.length).toBe(row.hands_played);
    const seatIn = (h: (typeof hands)[number], userId: string) =>
      (h.players as { seat: number; userId: string }[]).find((p) => p.userId === userId)?.seat;
    const actionsOf = (userId: string, after?: Date) =>
      hands.flatMap((hand) => {
        if (after && hand.startedAt < after) return [];
        const seat = seatIn(hand, userId);
        return seat === undefined
          ? []
          : hand.events.map((e) => e.payload as WireEvent).filter((e) => e.type === 'action' && e.seat === seat);
      });
    // Alice's own decisions reached the hands (a call is never the clock's).
    expect(actionsOf(alice).some((e) => e.action === 'call' || e.action === 'raise' || e.action === 'bet')).toBe(true);
    // Bob never acted: every decision of his was the clock's check or fold, also after he left,
    // and he kept being dealt in (blinded off, never removed) until his chips were gone.
    const bobs = actionsOf(bob);
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.every((e) => e.action === 'check' || e.action === 'fold')).toBe(true);
    expect(hands.filter((h) => h.startedAt > droppedAt && seatIn(h, bob) !== undefined).length).toBeGreaterThan(0);
    expect(entries.find((e) => e.userId === bob)!.place).not.toBeNull();

    // Privacy: every hand message either human received, against the stored hole cards of every seat.
    // hand id → seat → cards never shown
    const secretsOf = new Map(hands.map((h) => [h.id, hiddenCardsBySeat(h.events.map((x) => x.payload))]));
    const handOf = new Map(hands.map((h) => [h.id, h]));
    let checked = 0;
    for (const person of [alicePerson, bobPerson]) {
      let ownCards = 0;
      // The hand updates as his client put them together: each public part with his private part merged in.
      for (const message of assembleRecorded(person.received)) {
        let handId: string | null = null;
        let view: View | null = null;
        let events: WireEvent[] = [];
        if (message.event === 'table:hand') {
          const payload = message.payload as TableHandPayload;
          handId = payload.handId;
          view = payload.view as unknown as View;
          events = payload.events as unknown as WireEvent[];
        } else if (message.event === 'table:snapshot' && (message.payload as TableSnapshotPayload).hand) {
          const snapshotHand = (message.payload as TableSnapshotPayload).hand!;
          handId = snapshotHand.handId;
          view = snapshotHand.view as unknown as View;
        } else {
          continue;
        }
        checked++;
        const hand = handOf.get(handId)!;
        expect(hand).toBeDefined();
        const mySeat = seatIn(hand, person.userId);
        // A seat view only ever of his own seat.
        if (view.viewer !== 'spectator') expect(view.viewer).toBe(mySeat);
        const mine = view.viewer === 'spectator' ? -1 : view.viewer;
        if (mine >= 0 && view.players.find((x) => x.seat === mine)?.cards.every((c) => c !== null)) ownCards++;
        const secret = othersHiddenCards(secretsOf.get(handId), mine);
        const visible = [
          ...view.players.flatMap((x) => x.cards),
          ...(view.board ?? []),
          ...events.flatMap((e) => e.cards ?? []),
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
          'tournamentUpdate',
          'tournamentYou',
          'welcome',
          'error',
          'table:chat',
          'pong',
        ]).toContain(message.event); // pong: the round trip of drained()
        if (['table:update', 'tournamentUpdate', 'tournamentYou'].includes(message.event))
          expect(JSON.stringify(message.payload)).not.toContain('"cards"');
      }
    }
    expect(checked).toBeGreaterThan(10);
    alicePerson.socket.close();
  }, 200_000);
});
