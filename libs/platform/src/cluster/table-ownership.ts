// Which copy writes a table. The table host asks this before it hosts a table and hands its
// `guard` to the HandStore, so every write of the table's hands carries the owner's fencing
// token (fence.ts). Two implementations:
//   - SingleProcessOwnership: one process runs everything; it always owns every table.
//   - RedisTableOwnership: a lease per table (table-lease.ts), renewed at a third of its ttl;
//     when a renewal fails the table is reported lost (stop hosting it at once) and the guard
//     refuses its writes from then on — even before the database would.
import type { HandWriteGuard } from '@naiko/persistence';
import type { Clock } from './clock';
import { checkFence, StaleFencingTokenError } from './fence';
import type { Lease, TableLeases } from './table-lease';

export type LeaseChange = 'acquired' | 'lost' | 'released';

export interface TableOwnership {
  /** True when other copies may own tables (the host then claims each table and takes over expired ones). */
  readonly clustered: boolean;
  /** Lease time to live, ms (0 for a single process). */
  readonly leaseMs: number;
  /** Claims the table for this copy; false when another copy owns it. */
  claim(tableId: string): Promise<boolean>;
  owns(tableId: string): boolean;
  /** Holders of many tables in one round trip (clustered only). */
  holders?(tableIds: readonly string[]): Promise<Map<string, { owner: string; token: number } | null>>;
  /** Takes a table whose holder is known dead before its lease expires (clustered only). */
  takeOver?(tableId: string, from: { owner: string; token: number }): Promise<boolean>;
  /** Gives the table up (clean shutdown, table closed). */
  release(tableId: string): Promise<void>;
  /** Hand-store write guard: refuses writes of tables this copy does not own (any more). */
  readonly guard: HandWriteGuard | undefined;
  /** Called when a table's lease was lost; the host must stop the table without writing. */
  onLost(listener: (tableId: string) => void): void;
  stop(): Promise<void>;
}

export class SingleProcessOwnership implements TableOwnership {
  readonly clustered = false;
  readonly leaseMs = 0;
  readonly guard = undefined;
  async claim(): Promise<boolean> {
    return true;
  }
  owns(): boolean {
    return true;
  }
  async release(): Promise<void> {}
  onLost(): void {}
  async stop(): Promise<void> {}
}

export interface RedisOwnershipOptions {
  leases: TableLeases;
  /** Lease changes for metrics (naiko_table_lease_changes_total). */
  onChange?: (change: LeaseChange, tableId: string, token: number) => void;
  log?: (msg: string, data: Record<string, unknown>) => void;
  /** Renew on a timer (default); tests drive renewAll() themselves to simulate a paused copy. */
  autoRenew?: boolean;
}

export class RedisTableOwnership implements TableOwnership {
  readonly clustered = true;
  private readonly held = new Map<string, Lease>();
  private readonly listeners: ((tableId: string) => void)[] = [];
  private stopTimer: (() => void) | null = null;
  private renewing: Promise<void> | null = null;
  /** The leases' clock: `validUntil` was computed on it, so it is compared on it. */
  private readonly clock: Clock;

  constructor(private readonly options: RedisOwnershipOptions) {
    this.clock = options.leases.localClock;
  }

  get leaseMs(): number {
    return this.options.leases.ttlMs;
  }

  readonly guard: HandWriteGuard = Object.assign(
    async (tx: Parameters<HandWriteGuard>[0], hand: Parameters<HandWriteGuard>[1]) => {
      const lease = this.fenceOf(hand);
      if (lease) await checkFence(tx, lease.tableId, lease.token, lease.owner);
    },
    // The same check as data for the hand store's one-statement append (it runs the same upsert).
    { fence: (hand: Parameters<HandWriteGuard>[1]) => this.fenceOf(hand) },
  );

  private fenceOf(hand: { tableId: string | null }): { tableId: string; token: number; owner: string } | null {
    // Tournament hands are fenced by their table id too when the tournament host passes one;
    // hands without a table id are not owned through table leases.
    if (!hand.tableId) return null;
    const lease = this.held.get(hand.tableId);
    // Local check first: a copy whose lease may have run out must not even try.
    if (!lease || this.clock.now() >= lease.validUntil) {
      throw new StaleFencingTokenError(hand.tableId, lease?.token ?? 0);
    }
    return { tableId: hand.tableId, token: lease.token, owner: lease.owner };
  }

  async claim(tableId: string): Promise<boolean> {
    if (this.held.has(tableId)) return true;
    const lease = await this.options.leases.acquire(tableId);
    if (!lease) return false;
    this.held.set(tableId, lease);
    this.options.onChange?.('acquired', tableId, lease.token);
    this.options.log?.('table lease acquired', { tableId, token: lease.token });
    this.schedule();
    return true;
  }

  holders(tableIds: readonly string[]): Promise<Map<string, { owner: string; token: number } | null>> {
    return this.options.leases.holders(tableIds);
  }

  async takeOver(tableId: string, from: { owner: string; token: number }): Promise<boolean> {
    if (this.held.has(tableId)) return true;
    const lease = await this.options.leases.takeOver(tableId, { ...from, ttlMs: 0 });
    if (!lease) return false;
    this.held.set(tableId, lease);
    this.options.onChange?.('acquired', tableId, lease.token);
    this.options.log?.('table lease taken over from a dead copy', { tableId, token: lease.token, from: from.owner });
    this.schedule();
    return true;
  }

  owns(tableId: string): boolean {
    const lease = this.held.get(tableId);
    return !!lease && this.clock.now() < lease.validUntil;
  }

  token(tableId: string): number | null {
    return this.held.get(tableId)?.token ?? null;
  }

  async release(tableId: string): Promise<void> {
    const lease = this.held.get(tableId);
    if (!lease) return;
    this.held.delete(tableId);
    if (await this.options.leases.release(lease).catch(() => false))
      this.options.onChange?.('released', tableId, lease.token);
  }

  onLost(listener: (tableId: string) => void): void {
    this.listeners.push(listener);
  }

  /** Renews every held lease once (the timer calls it every ttl/3; tests call it directly). */
  renewAll(): Promise<void> {
    this.renewing ??= (async () => {
      await Promise.all(
        [...this.held.values()].map(async (lease) => {
          const renewed = await this.options.leases.renew(lease).catch(() => undefined);
          if (renewed) {
            if (this.held.get(lease.tableId) === lease) this.held.set(lease.tableId, renewed);
          } else if (renewed === null || this.clock.now() >= lease.validUntil) {
            // null: Redis says another copy holds it or it expired. A Redis error keeps the lease
            // only while it is still valid locally.
            this.lose(lease);
          }
        }),
      );
    })().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  async stop(): Promise<void> {
    this.stopTimer?.();
    this.stopTimer = null;
    await this.renewing;
    await Promise.all([...this.held.keys()].map((t) => this.release(t)));
  }

  private lose(lease: Lease): void {
    if (this.held.get(lease.tableId) !== lease) return;
    this.held.delete(lease.tableId);
    this.options.onChange?.('lost', lease.tableId, lease.token);
    this.options.log?.('table lease lost', { tableId: lease.tableId, token: lease.token });
    for (const listener of this.listeners) listener(lease.tableId);
  }

  private schedule(): void {
    if (this.stopTimer || this.options.autoRenew === false) return;
    this.stopTimer = this.clock.every(
      Math.max(50, Math.floor(this.options.leases.ttlMs / 3)),
      () => void this.renewAll(),
    );
  }
}

/** Injection token of the TableOwnership the table host uses (default: SingleProcessOwnership). */
export const TABLE_OWNERSHIP = Symbol('TABLE_OWNERSHIP');
