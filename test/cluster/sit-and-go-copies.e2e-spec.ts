// A Sit & Go over two copies of the platform (apps/all-in-one, CLUSTER_MODE=redis, child processes
// on one database and one Redis prefix): six bots register through both copies; the instance's
// table is owned by one copy through its own fenced table lease. Mid-hand, that owner is SIGKILLed.
// Checked, from snapshots of the Redis directory and the tournament's book taken every 100 ms, and
// from the stored hands:
//   - the other copy takes the table over (its directory entry), cancels the hand left running
//     (contributions back to the tournament stacks) and deals on;
//   - the chips of the Sit & Go's book (stacks + hand pots) are constant while it runs;
//   - a spectator connected to the copy that does not own the table gets its feed and never a card
//     a seat held face down;
//   - the Sit & Go finishes: every entry placed once, the prize pool paid, every chip retired, the
//     ledger audit clean.
// An instance is a tournament without a start time (issue 21 item 2): its table is a tournament
// runner's (`mttTableId(id, 1)`), its book `mtt-<id>`.
import type { SitAndGoView } from '@naiko/contracts';
import { auditLedger, ChipLedger } from '@naiko/persistence';
import { mttTableId, mttTournamentId, TokenService } from '@naiko/platform';
import { fastModeStructure } from '@naiko/tournament';
import { pool, tableDirectory, until } from '../../bench/support/cluster';
import { connectSocket, TEST_JWT_SECRET, type TestSocket } from '../support';
import { copiesSuite } from '../support/copies';
import { hiddenCardsBySeat, othersHiddenCards } from '../support/hidden-cards';

const LEASE_MS = 1500;
const ENTRANTS = 6;
const STACK = 300;
const BUY_IN = 100;

type Feed = {
  handId?: string;
  events?: { cards?: (number | null)[] }[];
  view?: { players?: { cards: (number | null)[] }[]; board?: number[] };
  hand?: { handId: string; view: Feed['view'] } | null;
};

describe('a Sit & Go over two copies: its table owned by one, the owner SIGKILLed mid-hand', () => {
  const suite = copiesSuite();
  let spectator: TestSocket | undefined;
  suite.onClose(() => {
    spectator?.close();
  });

  it('takes the table over with the crash rule, keeps the book constant, leaks no card and pays every place', async () => {
    const { db, prisma } = suite;
    const copies = await suite.start(2, 'sng-copy', {
      TABLE_LEASE_MS: String(LEASE_MS),
      MTT_HAND_PAUSE_MS: '20',
      MTT_BOT_DELAY_MS: '40',
    });
    const tokens = new TokenService(TEST_JWT_SECRET, 3600);
    const ledger = new ChipLedger(prisma);

    // The lobby opens the default 6-seat instance (a tournament); the admin edits its settings
    // before anyone registers: fast levels and small stacks (the instance's settings are what
    // registration and its table use).
    const lobby = (await (await fetch(`${copies[0]!.url}/sit-and-go`)).json()) as {
      template: { templateId: string };
      open: SitAndGoView;
    }[];
    const id = lobby.find((x) => x.template.templateId === 'sng-holdem-6-100')!.open.instanceId;
    const admin = await prisma.user.create({ data: { username: 'sng-admin', role: 'admin' } });
    const fastLevels = fastModeStructure(1_500, 300, 6);
    const edited = await fetch(`${copies[1]!.url}/tournaments/${id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${tokens.sign({ sub: admin.id, username: admin.username, role: 'admin' })}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        startingStack: STACK,
        blindStructure: { name: fastLevels.name, steps: fastLevels.steps },
        clock: { decisionMs: 1_000, reconnectMs: 0, timeBankMs: 2_000 },
      }),
    });
    expect(edited.status).toBe(200);
    const tableId = mttTableId(id, 1);
    const tournamentId = mttTournamentId(id);
    const book = `tournament:${tournamentId}`;

    const bots = await Promise.all(
      Array.from({ length: ENTRANTS }, (_, i) =>
        prisma.user.create({ data: { username: `sng-bot-${i}`, isBot: true } }),
      ),
    );
    await pool(bots, 6, async (bot) => {
      await ledger.openUserAccount(bot.id);
      await ledger.grant({ idempotencyKey: `sng-cluster:${bot.id}`, userId: bot.id, amount: 1_000 });
    });
    for (const [index, bot] of bots.entries()) {
      const res = await fetch(`${copies[index % 2]!.url}/sit-and-go/sng-holdem-6-100/register`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.sign({ sub: bot.id, username: bot.username, role: 'player' })}` },
      });
      expect(res.status).toBe(201);
    }

    // Snapshots every 100 ms: the instance's status, the table's owner, the book's chips.
    const snapshots: { at: number; status: string; owner: string | null; chips: number }[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const [instance, directory, chips] = await Promise.all([
          prisma.scheduledTournament.findUniqueOrThrow({ where: { id }, select: { status: true } }),
          tableDirectory(db.name),
          prisma.$queryRaw<
            { total: bigint | null }[]
          >`SELECT SUM(balance)::bigint AS total FROM chip_accounts WHERE book = ${book} AND kind <> 'issuer'`,
        ]);
        snapshots.push({
          at: Date.now(),
          status: instance.status,
          owner: directory.find((d) => d.tableId === tableId)?.owner ?? null,
          chips: Number(chips[0]?.total ?? 0),
        });
        await new Promise((r2) => setTimeout(r2, 100));
      }
    })();
    try {
      const last = () => snapshots[snapshots.length - 1];
      await until(() => !!last() && last()!.status === 'running' && !!last()!.owner, 30_000, 'the table to be owned');
      const owner = last()!.owner!;
      const victim = copies.find((c) => c.instanceId === owner)!;
      const survivor = copies.find((c) => c !== victim)!;

      // A spectator on the copy that does not own the table: commands and feeds cross copies.
      const fan = await prisma.user.create({ data: { username: 'sng-fan' } });
      spectator = (
        await connectSocket(survivor.url, tokens.sign({ sub: fan.id, username: fan.username, role: 'player' }), 10_000)
      ).socket;
      const seen: { event: string; payload: unknown }[] = [];
      spectator.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
      spectator.emit('table:watch', { tableId });
      await until(() => seen.some((m) => m.event === 'table:snapshot'), 10_000, "the spectator's snapshot");

      // SIGKILL the owner while a hand runs there, a few hands in.
      await until(
        async () => (await prisma.hand.count({ where: { tournamentId, status: 'completed' } })) >= 3,
        30_000,
        'a few hands played',
      );
      // A hand that began within 150 ms: bots acting every 40 ms keep it running well past the
      // kill (one near its end could be recorded before the kill instead of cancelled).
      let victimHand: string | undefined;
      await until(
        async () => {
          victimHand = (
            await prisma.hand.findFirst({
              where: { tournamentId, status: 'running', startedAt: { gt: new Date(Date.now() - 150) } },
              select: { id: true },
            })
          )?.id;
          return victimHand !== undefined;
        },
        20_000,
        'a hand just begun',
      );
      const killedAt = Date.now();
      await victim.kill('SIGKILL');

      // The survivor takes the table over and deals on.
      await until(() => last()?.owner === survivor.instanceId, 15_000, 'the takeover');
      const completedAtTakeover = await prisma.hand.count({
        where: { tournamentId, status: 'completed' },
      });
      await until(
        async () => (await prisma.scheduledTournament.findUniqueOrThrow({ where: { id } })).status === 'finished',
        90_000,
        'the Sit & Go to finish',
      );
      watching = false;
      await watcher;

      // --- ownership: after the kill only the survivor ever owned the table; it dealt more hands.
      for (const snapshot of snapshots.filter((x) => x.at > killedAt + 3_000 && x.status === 'running'))
        expect(snapshot.owner).not.toBe(victim.instanceId);
      const row = (await (await fetch(`${survivor.url}/sit-and-go/instances/${id}`)).json()) as SitAndGoView;
      expect(row.phase).toBe('finished');
      const hands = await prisma.hand.findMany({
        where: { tournamentId },
        include: { events: { orderBy: { seq: 'asc' } } },
      });
      // The tournament counts every hand begun at the table, the cancelled one included; a hand the
      // killed copy began but had not stored yet is counted and never stored (one at most).
      expect(hands.length).toBeLessThanOrEqual(row.handsPlayed);
      expect(hands.length).toBeGreaterThanOrEqual(row.handsPlayed - 1);
      expect(hands.filter((h) => h.status === 'completed').length).toBeGreaterThan(completedAtTakeover);
      // --- crash rule: the hand left running at the kill was cancelled; nothing is left running.
      expect(hands.filter((h) => h.status === 'running')).toEqual([]);
      expect(hands.find((h) => h.id === victimHand)?.status).toBe('cancelled');
      // --- chips: stacks + pots of the book constant while it ran (a cancelled hand's contributions went back).
      for (const snapshot of snapshots.filter((x) => x.status === 'running'))
        expect(snapshot.chips).toBe(ENTRANTS * STACK);

      // --- the spectator: hand feeds through the non-owner copy, never a card some seat held face down.
      const secrets = new Map(
        hands.map((h) => [h.id, othersHiddenCards(hiddenCardsBySeat(h.events.map((e) => e.payload)), -1)]),
      );
      const feeds = seen.filter((m) => m.event === 'table:hand' || m.event === 'table:snapshot');
      expect(feeds.filter((m) => m.event === 'table:hand').length).toBeGreaterThan(10);
      for (const message of feeds) {
        const feed = message.payload as Feed;
        const handId = feed.handId ?? feed.hand?.handId;
        if (!handId) continue;
        const view = feed.view ?? feed.hand?.view;
        const visible = [
          ...(view?.players ?? []).flatMap((p) => p.cards),
          ...(view?.board ?? []),
          ...(feed.events ?? []).flatMap((e) => e.cards ?? []),
        ].filter((c): c is number => c !== null);
        for (const card of visible) expect(secrets.get(handId)?.has(card) ?? false).toBe(false);
      }

      // --- the finish: every entry placed once, the pool paid, every chip retired, audit clean.
      const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId } });
      expect(entries).toHaveLength(ENTRANTS);
      expect(
        entries.every((e) => e.status === 'finished' && e.place !== null && e.place >= 1 && e.place <= ENTRANTS),
      ).toBe(true);
      expect(entries.filter((e) => e.place === 1)).toHaveLength(1);
      expect(entries.reduce((x, e) => x + Number(e.prize), 0)).toBe(ENTRANTS * BUY_IN);
      for (const entry of entries)
        expect(await ledger.userBalance(entry.userId)).toBe(1_000 - BUY_IN - 10 + Number(entry.prize));
      const accounts = await prisma.chipAccount.findMany({ where: { book } });
      expect(accounts.every((a) => a.balance === 0n)).toBe(true);
      expect((await auditLedger(prisma)).ok).toBe(true);
    } finally {
      watching = false;
      await watcher;
    }
  }, 150_000);
});
