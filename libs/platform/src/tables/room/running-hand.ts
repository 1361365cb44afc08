// The hand a room is playing: engine state, the seats dealt in, the clock, the deal's proof
// material and the whole event log (the end transaction stores it; the openings come from it).
import type { HandEvent, HandState } from '@naiko/engine';
import type { DecisionClock } from '@naiko/table';

export interface RunningHand {
  id: string;
  number: number;
  state: HandState;
  /** The next event's seq (the log's length). */
  seq: number;
  /** seat → player id, for the hand's dealt-in seats. */
  players: Map<number, string>;
  clock: (DecisionClock & { seat: number }) | null;
  timer: unknown;
  carryOver: number;
  seed: string | null;
  commitment: string | null;
  /** The committed leaves (reused for every audience's openings). */
  leaves: string[];
  /** The hand's full event log so far (the end transaction and the openings use it). */
  log: HandEvent[];
  /**
   * Per player, what his last private part said of his cards and rule fields (`standingKey`): a part
   * that would only repeat it is not sent. A snapshot to him deletes his entry (the next part says all).
   */
  standingSent: Map<string, string>;
  /** The blind seats of the hand (its hand-started event), for a client opening the table mid-hand. */
  blinds?: { smallBlindSeat: number | null; bigBlindSeat: number | null };
}

export function blindSeatsOf(events: readonly { type: string }[]): RunningHand['blinds'] {
  const started = events.find((x) => x.type === 'hand-started') as
    { smallBlindSeat?: number | null; bigBlindSeat?: number | null } | undefined;
  return started
    ? { smallBlindSeat: started.smallBlindSeat ?? null, bigBlindSeat: started.bigBlindSeat ?? null }
    : undefined;
}
