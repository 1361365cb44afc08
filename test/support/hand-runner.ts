// A stand-in for a table-hosting process (crash-recovery e2e): at start-up it runs the crash
// recovery like the app does at boot, then plays engine hands at cash tables through the ledger
// and the hand store. Configured by env:
//   DATABASE_URL      the test database
//   RUNNER_TABLES     JSON [{ "tableId": "t1", "players": ["<userId>", ...] }]
//   RUNNER_RESUME     JSON ["t2"]: tables the recovery keeps besides RUNNER_TABLES (the rest are cashed out)
//   RUNNER_HANDS      hands to play per table (default 0 = only recover)
//   RUNNER_PAUSE      "mid-hand": after RUNNER_HANDS hands, start one more, act twice, print
//                     `MID <handId>` and idle (waiting to be killed)
//   RUNNER_SEED       seed of the shuffles and the random players
//   RUNNER_MODE       "append" (default): every apply() result through appendEvents (chips posted per
//                     append); "journal": the table host's write path (issue 20) — dealHand, the
//                     actions through the group-commit journal (not awaited), endHand
//   RUNNER_REBUY      chips a busted player buys in again with from his account before a hand
//   RUNNER_PAUSE      (journal mode) "before-end": after RUNNER_HANDS hands, play one more to its last
//                     action, print `BEFORE-END <handId>` and idle before its end transaction
// Prints one line per step: `RECOVERED <json>`, `APPENDED <handId> <seq>` (journal mode: per action
// queued), `ENDED <handId>`, `DONE`.
import { PrismaPg } from '@prisma/adapter-pg';
import { apply, isOver, randomLegalAction, seededRandom, start, type HandConfig, type HandEvent } from '@naiko/engine';
import { ChipLedger, HandStore, PrismaClient, recoverFromCrash } from '@naiko/persistence';

interface TableSpec {
  tableId: string;
  players: string[];
}

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

async function playHand(
  ledger: ChipLedger,
  store: HandStore,
  table: TableSpec,
  handNumber: number,
  seed: string,
  pauseAfterActions: number | null,
): Promise<boolean> {
  if (process.env.RUNNER_REBUY) {
    // Busted players buy in again from their accounts (RUNNER_REBUY chips), so the table plays on.
    const before = await ledger.tableStacks(table.tableId);
    for (const userId of table.players) {
      const stack = before.find((s) => s.userId === userId)?.balance ?? 0;
      const amount = Number(process.env.RUNNER_REBUY);
      if (stack < 10 && (await ledger.userBalance(userId)) >= amount) {
        await ledger.reload({
          idempotencyKey: `rebuy:${table.tableId}:${userId}:${handNumber}`,
          userId,
          tableId: table.tableId,
          amount,
        });
      }
    }
  }
  const stacks = await ledger.tableStacks(table.tableId);
  const seated = table.players
    .map((userId, seat) => ({ seat, userId, stack: stacks.find((s) => s.userId === userId)?.balance ?? 0 }))
    .filter((p) => p.stack > 0);
  if (seated.length < 2) return false;
  const config: HandConfig = {
    variant: 'holdem',
    structure: 'no-limit',
    seats: seated.map(({ seat, stack }) => ({ seat, stack })),
    button: seated[handNumber % seated.length].seat,
    stakes: { smallBlind: 5, bigBlind: 10 },
  };
  const rng = seededRandom(seed);
  const started = start(config, { rng });
  if (process.env.RUNNER_MODE === 'journal')
    return playJournaled(store, table, handNumber, config, seated, started, rng, pauseAfterActions);
  const hand = await store.startHand({
    tableId: table.tableId,
    handNumber,
    config,
    players: seated.map(({ seat, userId }) => ({ seat, userId })),
    commitment: `test-commitment-${seed}`,
  });
  let state = started.state;
  let seq = 0;
  const persist = async (events: HandEvent[]): Promise<void> => {
    const result = await store.appendEvents(hand.id, seq, events);
    seq = result.nextSeq;
    out(`APPENDED ${hand.id} ${seq}`);
  };
  await persist(started.events);
  let actions = 0;
  while (!isOver(state)) {
    if (pauseAfterActions !== null && actions === pauseAfterActions) {
      out(`MID ${hand.id}`);
      await new Promise(() => setInterval(() => undefined, 1000));
    }
    const action = randomLegalAction(state, rng);
    if (!action) break;
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    await persist(result.events);
    actions++;
  }
  return true;
}

/** Tables whose next hand stops after its last action, before its end transaction (RUNNER_PAUSE=before-end). */
const stopBeforeEnd = new Set<string>();

/** The table host's write path: the deal in one transaction, actions journaled behind, the end in one. */
async function playJournaled(
  store: HandStore,
  table: TableSpec,
  handNumber: number,
  config: HandConfig,
  seated: { seat: number; userId: string }[],
  started: ReturnType<typeof start>,
  rng: ReturnType<typeof seededRandom>,
  pauseAfterActions: number | null,
): Promise<boolean> {
  const hand = await store.dealHand({
    tableId: table.tableId,
    handNumber,
    config,
    players: seated.map(({ seat, userId }) => ({ seat, userId })),
    commitment: `test-commitment-${handNumber}`,
    seed: `runner-seed-${table.tableId}-${handNumber}`,
    events: started.events,
  });
  const log: HandEvent[] = [...started.events];
  let state = started.state;
  let actions = 0;
  while (!isOver(state)) {
    if (pauseAfterActions !== null && actions === pauseAfterActions) {
      out(`MID ${hand.id}`);
      await new Promise(() => setInterval(() => undefined, 1000));
    }
    const action = randomLegalAction(state, rng);
    if (!action) break;
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    if (isOver(state)) {
      if (stopBeforeEnd.has(table.tableId)) {
        // The last action is applied (a table host would be about to commit the end): the journal
        // holds everything before it; the kill comes now.
        await store.handJournal.flush();
        out(`BEFORE-END ${hand.id}`);
        await new Promise(() => setInterval(() => undefined, 1000));
      }
      await store.endHand(hand.id, [...log, ...result.events]);
      out(`ENDED ${hand.id}`);
    } else {
      store.journal(hand.id, log.length, result.events);
      out(`APPENDED ${hand.id} ${log.length + result.events.length}`);
      // Players' actions arrive over the network, not back to back: the journal writes meanwhile.
      await new Promise((res) => setTimeout(res, 2));
    }
    log.push(...result.events);
    actions++;
  }
  return true;
}

async function main(): Promise<void> {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  const tables = JSON.parse(process.env.RUNNER_TABLES ?? '[]') as TableSpec[];
  // The tables this process is about to host resume; any other table's stacks go home.
  const resume = new Set([
    ...(JSON.parse(process.env.RUNNER_RESUME ?? '[]') as string[]),
    ...tables.map((t) => t.tableId),
  ]);
  const hands = Number(process.env.RUNNER_HANDS ?? 0);
  const seed = process.env.RUNNER_SEED ?? 'runner';
  const report = await recoverFromCrash(prisma, { resumeTable: (id) => resume.has(id) });
  out(`RECOVERED ${JSON.stringify(report)}`);
  const ledger = new ChipLedger(prisma);
  const store = new HandStore(prisma);
  await Promise.all(
    tables.map(async (table) => {
      const first = (await prisma.hand.count({ where: { tableId: table.tableId } })) + 1;
      for (let h = first; h < first + hands; h++) {
        if (!(await playHand(ledger, store, table, h, `${seed}:${table.tableId}:${h}`, null))) return;
      }
      // A hand may end before the pause point (everyone folds): deal the next one.
      if (process.env.RUNNER_PAUSE === 'mid-hand') {
        for (let h = first + hands; await playHand(ledger, store, table, h, `${seed}:pause:${h}`, 2); h++);
      }
      if (process.env.RUNNER_PAUSE === 'before-end') stopBeforeEnd.add(table.tableId);
      if (process.env.RUNNER_PAUSE === 'before-end')
        await playHand(ledger, store, table, first + hands, `${seed}:end:${first + hands}`, null);
    }),
  );
  out('DONE');
  await prisma.$disconnect();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
