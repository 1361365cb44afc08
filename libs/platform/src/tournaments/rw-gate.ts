// The per-tournament reader/writer order inside one process, in front of the database's advisory
// lock (mtt-rows.ts): hand transactions (readers) run side by side; a tournament-wide change
// (writer) waits until the running ones end and holds back new ones meanwhile. Waiting happens
// here, in memory, not on a pooled database connection: with the pool's ten connections, hands
// queued on the advisory lock behind a bust's transaction took every connection and the hands'
// own event writes starved. Writers run one at a time, in arrival order.
export class RwGate {
  private readers = 0;
  private writing = false;
  private writersWaiting = 0;
  private waiters: (() => void)[] = [];

  private wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const woken = this.waiters;
    this.waiters = [];
    for (const resume of woken) resume();
  }

  /** Nothing runs or waits (the owner may forget the gate). */
  get idle(): boolean {
    return this.readers === 0 && !this.writing && this.writersWaiting === 0 && this.waiters.length === 0;
  }

  async read<T>(fn: () => Promise<T>): Promise<T> {
    while (this.writing || this.writersWaiting > 0) await this.wait();
    this.readers++;
    try {
      return await fn();
    } finally {
      this.readers--;
      if (this.readers === 0) this.wake();
    }
  }

  async write<T>(fn: () => Promise<T>): Promise<T> {
    this.writersWaiting++;
    while (this.writing || this.readers > 0) await this.wait();
    this.writersWaiting--;
    this.writing = true;
    try {
      return await fn();
    } finally {
      this.writing = false;
      this.wake();
    }
  }
}
