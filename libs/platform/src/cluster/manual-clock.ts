// A Clock that moves only when a test says so (clock.ts): `advance(ms)` fires the due timers in
// time order, each with `now()` at its due time. Tests of leases, ownership, dead copies and the
// router use it instead of sleeping; Redis keys still expire in real time (see the specs).
import type { Clock } from './clock';

interface Pending {
  at: number;
  /** Repeat period for `every`, null for `after`. */
  period: number | null;
  fn: () => void;
}

export class ManualClock implements Clock {
  private seq = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private time = 1_000_000) {}

  now(): number {
    return this.time;
  }

  every(ms: number, fn: () => void): () => void {
    return this.add({ at: this.time + ms, period: Math.max(1, ms), fn });
  }

  after(ms: number, fn: () => void): () => void {
    return this.add({ at: this.time + ms, period: null, fn });
  }

  /** Timers still waiting (a test can check that nothing is left armed). */
  get armed(): number {
    return this.pending.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, Pending] | undefined;
      for (const entry of this.pending) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      const [id, timer] = next;
      this.time = Math.max(this.time, timer.at);
      if (timer.period === null) this.pending.delete(id);
      else timer.at += timer.period;
      timer.fn();
    }
    this.time = end;
  }

  private add(timer: Pending): () => void {
    const id = ++this.seq;
    this.pending.set(id, timer);
    return () => void this.pending.delete(id);
  }
}
