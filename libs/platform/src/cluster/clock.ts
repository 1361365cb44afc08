// The clock of the scale-out pieces: the leases' local validity, the renewal timer, the dead-copy
// confirmation delay and the router's heartbeats and reply timeout read time only through it.
// Production runs on SYSTEM_CLOCK; tests drive a ManualClock (manual-clock.ts) and advance time
// instead of sleeping. Redis's own TTLs (PX) stay real time: Redis decides when a key expires.

export interface Clock {
  /** Milliseconds since the epoch (Date.now in production). */
  now(): number;
  /** Calls `fn` every `ms` until the returned function is called; never keeps the process alive. */
  every(ms: number, fn: () => void): () => void;
  /** Calls `fn` once after `ms` unless the returned function is called first; never keeps the process alive. */
  after(ms: number, fn: () => void): () => void;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
