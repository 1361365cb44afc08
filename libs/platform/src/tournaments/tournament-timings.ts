// Durations of a running tournament's hot transactions in this process, for the admin's runner
// view (GET /tournaments/:id/runner) and the mtt-live benchmark: `handTx` is each begin-hand and
// finish-hand transaction (from inside the transaction, its first lock, to the commit; not the
// wait for a pooled connection before it), `balancing` the pure seating planner (busts, places,
// balancing, breaking) inside a tournament-wide transaction. A bounded reservoir per tournament: the last
// `KEEP` samples of each kind.
const KEEP = 50_000;

export interface TimingSummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

class Samples {
  private readonly xs: number[] = [];
  private next = 0;
  count = 0;

  add(ms: number): void {
    this.count++;
    if (this.xs.length < KEEP) this.xs.push(ms);
    else this.xs[this.next++ % KEEP] = ms;
  }

  summary(): TimingSummary {
    const sorted = [...this.xs].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100 : 0;
    return { count: this.count, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
  }
}

export class TournamentTimings {
  private readonly byId = new Map<number, { handTx: Samples; balancing: Samples }>();

  private of(id: number) {
    let timing = this.byId.get(id);
    if (!timing) this.byId.set(id, (timing = { handTx: new Samples(), balancing: new Samples() }));
    return timing;
  }

  handTx(id: number, ms: number): void {
    this.of(id).handTx.add(ms);
  }

  balancing(id: number, ms: number): void {
    this.of(id).balancing.add(ms);
  }

  summary(id: number): { handTx: TimingSummary; balancing: TimingSummary } {
    const timing = this.of(id);
    return { handTx: timing.handTx.summary(), balancing: timing.balancing.summary() };
  }

  forget(id: number): void {
    this.byId.delete(id);
  }
}
