// Reconnection windows and seat offers run out on time — during a hand and while the table waits
// for players too — not only when the next hand is dealt. One timer per table: the next of them
// (libs/table nextDeadline), moved whenever a table change moves it. Cash tables only (their dealer
// says so): a tournament seat has no reconnection window to lose.
import { expireDisconnections, expireSeatOffer, nextDeadline } from '@naiko/table';
import type { TableHost } from '../table-host';

export class TableDeadlines {
  /** The next deadline and its timer. */
  private next: { at: number; timer: unknown } | null = null;

  constructor(private readonly host: TableHost) {}

  /** Sets the timer for the table's next deadline (after any table change). */
  schedule(): void {
    const host = this.host;
    const at = host.stopped || host.state.closed || !host.dealer.runsDeadlines ? null : nextDeadline(host.state);
    if (this.next?.at === at) return;
    this.stop();
    if (at === null) return;
    const timer = host.timers.set(
      () => {
        this.next = null;
        host.queue.run(() => this.expire()).catch((err: unknown) => host.log('error', 'deadline failed', err));
      },
      Math.max(0, at - host.timers.now()),
    );
    this.next = { at, timer };
  }

  stop(): void {
    if (this.next) this.host.timers.clear(this.next.timer);
    this.next = null;
  }

  /** Runs out what is due now, in the table's queue: one publication for both kinds. */
  private async expire(): Promise<void> {
    const host = this.host;
    if (host.stopped || host.state.closed) return;
    const now = host.timers.now();
    const windows = expireDisconnections(host.state, now);
    await host.commit(windows, false);
    const offer = expireSeatOffer(host.state, now);
    await host.commit(offer, false);
    host.publishTable([...windows.events, ...offer.events]);
    this.schedule();
  }
}
