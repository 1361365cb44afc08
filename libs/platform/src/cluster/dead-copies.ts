// Notices a dead copy long before its leases run out. A SIGKILLed (or crashed) process's sockets
// are closed by its kernel, so Redis drops the subscription of its request channel at once
// (TableRouter.listening); its leases and heartbeat would only expire a whole lease time later.
// A copy is reported dead once its channel was seen without a subscriber on two checks at least
// `confirmMs` apart, so a subscriber connection that is just reconnecting is not taken for a death.
// Taking a table from a copy wrongly reported dead is still safe: the fencing token in PostgreSQL
// refuses the old owner's writes from the moment the new owner stored its token (fence.ts); the
// old owner then loses the lease at its next renewal and stops the table.
import { SYSTEM_CLOCK, type Clock } from './clock';
import type { TableRouter } from './table-router';

export class DeadCopies {
  private readonly silentSince = new Map<string, number>();

  constructor(
    private readonly router: Pick<TableRouter, 'listening' | 'instanceId'>,
    private readonly confirmMs = 150,
    private readonly clock: Pick<Clock, 'now'> = SYSTEM_CLOCK,
  ) {}

  /** Which of `owners` are dead (this copy is never among them). */
  async dead(owners: Iterable<string>): Promise<Set<string>> {
    const others = [...new Set(owners)].filter((o) => o !== this.router.instanceId);
    const out = new Set<string>();
    if (!others.length) return out;
    const listening = await this.router.listening(others);
    const nowMs = this.clock.now();
    for (const other of others) {
      if (listening.get(other)) {
        this.silentSince.delete(other);
        continue;
      }
      const since = this.silentSince.get(other);
      if (since === undefined) this.silentSince.set(other, nowMs);
      else if (nowMs - since >= this.confirmMs) out.add(other);
    }
    // Forget copies that no longer hold anything we look at.
    for (const other of [...this.silentSince.keys()]) if (!others.includes(other)) this.silentSince.delete(other);
    return out;
  }
}
