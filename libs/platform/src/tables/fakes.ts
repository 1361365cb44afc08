// In-memory ports for the table host: unit tests and the memory figure of the benchmark use them
// instead of PostgreSQL, the ledger and sockets.
import type { AppendResult, DealHandInput, HandEventInput, StartHandInput, StoredHand } from '@naiko/persistence';
import { HandFeedAssembler, type TableChatMessage, type TablePublicState, type WireHandEvent } from '@naiko/contracts';
import type { ChipSource } from './chip-source';
import { protectionAvailable, recordProtection } from '@naiko/table';
import type { HandFeed, HandPrivateFeed, HandSink, ProtectionQuota, TableBroadcaster, Timers } from './ports';

export class MemoryHandSink implements HandSink {
  readonly hands = new Map<string, { input: StartHandInput; events: HandEventInput[]; ended?: boolean }>();
  private count = 0;
  /** Set to make the next awaited write (a deal or the end of a hand) fail (a database error). */
  failNext = false;

  async dealHand(input: DealHandInput): Promise<StoredHand> {
    this.maybeFail();
    const id = `00000000-0000-4000-8000-${String(++this.count).padStart(12, '0')}`;
    this.hands.set(id, { input, events: [...input.events] });
    if (input.seed !== null) this.seeds.set(id, input.seed);
    return {
      id,
      tableId: input.tableId ?? null,
      tournamentId: input.tournamentId ?? null,
      handNumber: input.handNumber ?? null,
      book: 'chips',
      config: input.config,
      players: [],
      commitment: null,
      status: 'running',
      result: null,
      eventCount: input.events.length,
      ledgerAtEnd: true,
    };
  }

  readonly seeds = new Map<string, string>();

  journal(handId: string, fromSeq: number, events: readonly HandEventInput[]): void {
    const hand = this.hands.get(handId)!;
    if (fromSeq !== hand.events.length) throw new Error(`seq ${fromSeq} != ${hand.events.length}`);
    hand.events.push(...events);
  }

  private maybeFail(): void {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database down');
    }
  }

  async endHand(handId: string, events: readonly HandEventInput[]): Promise<AppendResult> {
    this.maybeFail();
    const hand = this.hands.get(handId)!;
    if (hand.ended) throw new Error(`hand ${handId} ended twice`);
    if (events.length < hand.events.length)
      throw new Error(`end with ${events.length} events, ${hand.events.length} journaled`);
    hand.events = [...events];
    hand.ended = true;
    return { handId, nextSeq: events.length, status: 'completed', replayed: false };
  }
}

export class MemoryChips implements ChipSource {
  readonly handRef = { tableId: 'memory' };
  readonly moves: { kind: 'buyIn' | 'reload' | 'cashOut'; userId: string; amount: number }[] = [];
  async buyIn(userId: string, amount: number): Promise<void> {
    this.moves.push({ kind: 'buyIn', userId, amount });
  }
  async reload(userId: string, amount: number): Promise<void> {
    this.moves.push({ kind: 'reload', userId, amount });
  }
  async cashOut(userId: string, amount: number): Promise<void> {
    this.moves.push({ kind: 'cashOut', userId, amount });
  }
}

/** Who a recorded hand update is for: one seat's player (public part + his private part), or the spectators. */
export type HandAudience = { userId: string; seat: number } | 'spectators';

export class RecordingBroadcaster implements TableBroadcaster {
  /**
   * Each update as each audience puts it together: per player who got a private part in the hand, the
   * public part merged with his part of this update or the part that stands (`HandFeedAssembler`, as a
   * client does), then the public part as `'spectators'`.
   */
  readonly hands: { audience: HandAudience; feed: HandFeed }[] = [];
  /** What was sent, as sent: the public parts and the private parts (with their user). */
  readonly publics: HandFeed[] = [];
  readonly privates: { userId: string; part: HandPrivateFeed }[] = [];
  /** Each player's client, fed in the order the messages went out. */
  private readonly clients = new Map<string, { seat: number; feed: HandFeedAssembler }>();
  /** Every message in the order sent, for `feedsFor`. */
  private readonly sent: ({ userId: string; part: HandPrivateFeed } | HandFeed)[] = [];
  readonly tables: { table: TablePublicState; events: WireHandEvent[] }[] = [];
  readonly chats: TableChatMessage[] = [];
  /** Who listens (null: unknown, every audience is sent to). */
  listening: Set<string> | null = null;
  constructor(private readonly keep = true) {}
  listeners(): ReadonlySet<string> | null {
    return this.listening;
  }
  handPrivate(tableId: string, userId: string, part: HandPrivateFeed): void {
    if (!this.keep) return;
    this.privates.push({ userId, part });
    this.sent.push({ userId, part });
    const client = this.clients.get(userId) ?? { seat: part.seat, feed: new HandFeedAssembler() };
    this.clients.set(userId, { ...client, seat: part.seat });
    client.feed.private({ tableId, ...part });
  }
  hand(tableId: string, feed: HandFeed): void {
    if (!this.keep) return;
    this.publics.push(feed);
    this.sent.push(feed);
    for (const [userId, client] of this.clients) {
      const merged = client.feed.public({ tableId, ...feed });
      if (merged.view.viewer !== client.seat) continue; // no part of this hand stands for him
      const { tableId: _t, ...own } = merged;
      this.hands.push({ audience: { userId, seat: client.seat }, feed: own });
    }
    this.hands.push({ audience: 'spectators', feed });
  }
  /**
   * Every update as a user's client puts it together (everything his sockets received): each public
   * part, merged with his private part of the same update or with the one that stands.
   */
  feedsFor(userId: string): HandFeed[] {
    const client = new HandFeedAssembler();
    const out: HandFeed[] = [];
    for (const message of this.sent) {
      if ('part' in message) {
        if (message.userId === userId) client.private({ tableId: '', ...message.part });
        continue;
      }
      const { tableId: _t, ...merged } = client.public({ tableId: '', ...message });
      out.push(merged);
    }
    return out;
  }
  table(_tableId: string, table: TablePublicState, events: WireHandEvent[]): void {
    if (this.keep) this.tables.push({ table, events });
  }
  chat(message: TableChatMessage): void {
    if (this.keep) this.chats.push(message);
  }
}

/** Manual clock: timers fire only when the test advances time. */
export class ManualTimers implements Timers {
  private nowMs = 1_000_000;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.nowMs;
  }
  set(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.nowMs + ms, fn });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.nowMs + ms;
    for (;;) {
      const due = [...this.pending].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.nowMs = Math.max(this.nowMs, due[1].at);
      due[1].fn();
    }
    this.nowMs = end;
  }
}

/**
 * The disconnection protection allowance in memory (unit tests; production keeps it in PostgreSQL). Share one between
 * hosts to model several tables.
 */
export class MemoryProtectionQuota implements ProtectionQuota {
  readonly uses = new Map<string, number[]>();
  readonly spends: { userId: string; tableId: string; at: number; granted: boolean }[] = [];
  async trySpend(spend: { userId: string; tableId: string; at: Date; perDay: number }): Promise<boolean> {
    const uses = this.uses.get(spend.userId) ?? [];
    const at = spend.at.getTime();
    const granted = protectionAvailable(uses, at, spend.perDay);
    if (granted) this.uses.set(spend.userId, recordProtection(uses, at));
    this.spends.push({ userId: spend.userId, tableId: spend.tableId, at, granted });
    return granted;
  }
}
