// The journal of running hands (issue 20; docs/architecture.md, Tables): a process-wide group-commit
// writer for the events between a hand's deal and its end. A table host hands its accepted events
// here and broadcasts at once; every `intervalMs` (or as soon as `maxRows` wait) ONE multi-row
// INSERT writes what every table of the process queued meanwhile. No ledger posting happens here:
// a hand's chips are posted once, by its end transaction (HandStore.endHand).
//
// Why this is safe: the house rule for a crash cancels the running hand and returns every
// contribution, so an accepted action that a crash keeps out of the journal changes nothing that
// matters (the hand would be cancelled anyway). Only the hand's end waits for the journal: `settle`
// waits for the batch in flight, then takes the hand's rows still queued out of the queue — the
// end transaction writes them itself, so a hand's events are always stored in order and complete.
//
// One batch is in flight at a time; while it runs, the next one fills (the batch grows with the
// load, the group commit of a database log). A failed batch goes back to the front of the queue and
// is tried again (backing off); its hands' ends carry the rows themselves if it keeps failing.
// Rows go in only for hands still `running` (a late row of a hand another copy cancelled is
// dropped), and never over a stored row (ON CONFLICT DO NOTHING: one bad row never fails a batch).
import type { SqlRunner } from '../prisma/database';
import type { LedgerDb } from '../ledger/ledger';

interface Row {
  handId: string;
  seq: number;
  /** The event as JSON text (serialised once, when it is queued). */
  json: string;
}

export interface JournalOptions {
  /** Flush this long after the first row of a batch was queued (default 5 ms). */
  intervalMs?: number;
  /** Flush at once when this many rows wait (default 500); also the largest batch. */
  maxRows?: number;
  log?: (msg: string, err: unknown) => void;
}

export interface JournalStats {
  batches: number;
  rows: number;
  failures: number;
}

const INSERT_SQL = `INSERT INTO hand_events (hand_id, seq, type, payload)
SELECT (x->>'h')::uuid, (x->>'s')::int, x->'p'->>'type', x->'p'
FROM jsonb_array_elements($1::jsonb) AS x
JOIN hands h ON h.id = (x->>'h')::uuid AND h.status = 'running'
ON CONFLICT DO NOTHING`;

export class HandJournal {
  private queue: Row[] = [];
  private inflight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  /** Per running hand: the next seq the database holds (the deal's events and every written batch). */
  private readonly written = new Map<string, number>();
  readonly stats: JournalStats = { batches: 0, rows: 0, failures: 0 };
  private readonly intervalMs: number;
  private readonly maxRows: number;

  constructor(
    private readonly db: LedgerDb,
    private readonly sql: SqlRunner | undefined,
    private readonly options: JournalOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 5;
    this.maxRows = options.maxRows ?? 500;
  }

  /** One journal per database client: every table of the process shares its batches. */
  static for(db: LedgerDb, sql: SqlRunner | undefined): HandJournal {
    let handJournal = JOURNALS.get(db);
    if (!handJournal) JOURNALS.set(db, (handJournal = new HandJournal(db, sql)));
    return handJournal;
  }

  /** A hand whose events 0 .. seq-1 are stored (its deal). */
  began(handId: string, seq: number): void {
    this.written.set(handId, seq);
  }

  /** Queues events fromSeq, fromSeq+1, ... of a running hand; returns at once. */
  append(handId: string, fromSeq: number, jsons: readonly string[]): void {
    for (let i = 0; i < jsons.length; i++) this.queue.push({ handId, seq: fromSeq + i, json: jsons[i] });
    if (this.queue.length >= this.maxRows) this.flushSoon(0);
    else this.flushSoon(this.intervalMs);
  }

  /**
   * The hand ends: waits for the batch in flight, then takes the hand's queued rows out. Returns the
   * seq the database holds for the hand (the end transaction writes every event from there on).
   */
  async settle(handId: string): Promise<number> {
    while (this.inflight) await this.inflight;
    if (this.queue.some((r) => r.handId === handId)) {
      this.settling.set(
        handId,
        this.queue.filter((r) => r.handId === handId),
      );
      this.queue = this.queue.filter((r) => r.handId !== handId);
    }
    return this.written.get(handId) ?? 0;
  }

  /**
   * The end transaction failed: the rows `settle` took go back to the front of the queue (nothing
   * of the hand was queued after them), so the journal stays a gap-free prefix of the hand.
   */
  unsettle(handId: string): void {
    const rows = this.settling.get(handId);
    this.settling.delete(handId);
    if (rows) {
      this.queue = [...rows, ...this.queue];
      this.flushSoon(this.intervalMs);
    }
  }

  /** The hand ended (or its store gave up on it): forgets it and drops anything of it still queued. */
  forget(handId: string): void {
    this.written.delete(handId);
    this.settling.delete(handId);
    if (this.queue.some((r) => r.handId === handId)) this.queue = this.queue.filter((r) => r.handId !== handId);
  }

  /** Rows `settle` took out of the queue for a hand's end transaction (back in if it fails). */
  private readonly settling = new Map<string, Row[]>();

  /** Running hands the journal follows (leak checks). */
  get hands(): number {
    return this.written.size;
  }

  /** Writes everything queued now (tests, shutdown); gives up at the first failed batch. */
  async flush(): Promise<void> {
    const failures = this.stats.failures;
    while (this.inflight || this.queue.length) {
      if (this.stats.failures > failures) throw new Error('hand journal: a batch failed while flushing');
      if (this.inflight) await this.inflight;
      else this.startBatch();
    }
  }

  private flushSoon(ms: number): void {
    if (this.inflight) return; // the batch in flight starts the next one when it is done
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.startBatch();
    }, ms);
    this.timer.unref?.();
  }

  private startBatch(): void {
    if (this.inflight || !this.queue.length) return;
    const batch = this.queue.length > this.maxRows ? this.queue.splice(0, this.maxRows) : this.queue.splice(0);
    this.inflight = this.write(batch)
      .then(
        () => {
          this.failures = 0;
          this.stats.batches++;
          this.stats.rows += batch.length;
          for (const row of batch) if (this.written.has(row.handId)) this.written.set(row.handId, row.seq + 1);
        },
        (err: unknown) => {
          // Back to the front, in order; tried again after a pause (a hand's end takes its rows).
          this.failures++;
          this.stats.failures++;
          this.queue = [...batch.filter((r) => this.written.has(r.handId)), ...this.queue];
          this.options.log?.('hand journal batch failed; retrying', err);
        },
      )
      .finally(() => {
        this.inflight = null;
        if (this.queue.length)
          this.flushSoon(
            this.failures
              ? Math.min(1000, 10 * 2 ** this.failures)
              : this.queue.length >= this.maxRows
                ? 0
                : this.intervalMs,
          );
      });
  }

  private async write(batch: Row[]): Promise<void> {
    let text = '[';
    for (let i = 0; i < batch.length; i++) {
      const row = batch[i];
      text += `${i ? ',' : ''}{"h":"${row.handId}","s":${row.seq},"p":${row.json}}`;
    }
    text += ']';
    if (this.sql) await this.sql({ name: 'naiko_hand_journal', text: INSERT_SQL, values: [text] });
    else await this.db.$executeRawUnsafe(INSERT_SQL, text);
  }
}

const JOURNALS = new WeakMap<object, HandJournal>();
