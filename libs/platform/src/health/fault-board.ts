// Faults of long-running loops in this process (a tournament runner, a tournament table that
// cannot deal): each source keeps its current error until it succeeds again. The loops back off
// and log once per distinct error (see `report`); the board shows what is failing right now on the
// admin page (GET /tournaments/:id/runner) and in the details of GET /health/ready.
import { Injectable } from '@nestjs/common';

export interface Fault {
  /** Who fails, e.g. `mtt:12` (a runner) or `mtt:12:table:3` (a table). */
  source: string;
  message: string;
  /** Failures in a row since the first (the same or other errors). */
  count: number;
  since: string;
  lastAt: string;
}

/** At most this many sources are kept (a fault storm must not grow memory without bound). */
const MAX_SOURCES = 1_000;

@Injectable()
export class FaultBoard {
  private readonly faults = new Map<string, Fault>();

  /**
   * Records a failure of `source`. True when it is new for that source (a different message than
   * its current fault): the caller logs it then, and only then.
   */
  report(source: string, err: unknown): boolean {
    const message = faultMessage(err);
    const now = new Date().toISOString();
    const cur = this.faults.get(source);
    if (cur) {
      cur.count++;
      cur.lastAt = now;
      if (cur.message === message) return false;
      cur.message = message;
      return true;
    }
    if (this.faults.size >= MAX_SOURCES) this.faults.delete(this.faults.keys().next().value!);
    this.faults.set(source, { source, message, count: 1, since: now, lastAt: now });
    return true;
  }

  /** `source` works again. */
  clear(source: string): void {
    this.faults.delete(source);
  }

  /** Every source starting with `prefix` works again (a tournament ended). */
  clearAll(prefix: string): void {
    for (const key of [...this.faults.keys()])
      if (key === prefix || key.startsWith(`${prefix}:`)) this.faults.delete(key);
  }

  /** The current faults (of sources starting with `prefix`). */
  list(prefix?: string): Fault[] {
    return [...this.faults.values()]
      .filter((f) => !prefix || f.source === prefix || f.source.startsWith(`${prefix}:`))
      .map((f) => ({ ...f }));
  }
}

/** One line per error kind: the first line of the message, without volatile numbers after a colon. */
export function faultMessage(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return (
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? 'unknown error'
  );
}

/** Exponential back-off for a failing loop: base × 2^(failures−1), capped. */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}
