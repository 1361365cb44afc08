// One writer per table (docs/architecture.md, Tables): every command of a table runs through its own
// queue, one at a time, in arrival order; a failing command does not stop the ones behind it.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(fn: () => T | Promise<T>): Promise<T> {
    this.pending++;
    const run = this.tail.then(fn);
    this.tail = run.then(
      () => this.pending--,
      () => this.pending--,
    );
    return run;
  }

  /** Commands queued or running. */
  get size(): number {
    return this.pending;
  }

  /** Resolves when everything queued so far has run. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
