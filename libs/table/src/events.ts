/**
 * Everything a table transition did, as typed immutable records: the table host persists them
 * (chip movements between account and table in particular) and broadcasts the public ones.
 */
export type TableEvent =
  | { type: 'seated'; seat: number; playerId: string; isBot: boolean; buyIn: number }
  | { type: 'reloaded'; seat: number; playerId: string; amount: number; stack: number }
  /** Chips leave the table for the player's account. */
  | { type: 'cashedOut'; seat: number; playerId: string; amount: number; reason: 'left' | 'closed' }
  | { type: 'leavePending'; seat: number; playerId: string }
  | { type: 'satOut'; seat: number; playerId: string; reason: 'request' | 'disconnected' }
  | { type: 'satIn'; seat: number; playerId: string; waitForBigBlind: boolean }
  | { type: 'disconnected'; seat: number; playerId: string; at: number }
  | { type: 'reconnected'; seat: number; playerId: string; at: number }
  | { type: 'busted'; seat: number; playerId: string }
  | { type: 'waitingListJoined'; playerId: string; position: number }
  | { type: 'waitingListLeft'; playerId: string }
  | { type: 'seatOffered'; playerId: string; expiresAt: number }
  | { type: 'seatOfferExpired'; playerId: string }
  | { type: 'missedBlind'; seat: number; playerId: string; blind: 'big' | 'small' }
  | {
      type: 'handStarted';
      handNumber: number;
      button: number;
      smallBlindSeat: number | null;
      bigBlindSeat: number | null;
      seats: number[];
    }
  | { type: 'handFinished'; handNumber: number; carryOver: number; rake: number }
  | { type: 'handCancelled'; handNumber: number; refunds: { seat: number; playerId: string; stack: number }[] }
  | { type: 'settingsChanged'; by: string }
  /** Home games: the host asked for a bomb pot on the next hand. */
  | { type: 'bombPotRequested'; by: string }
  | { type: 'invited'; playerId: string; by: string }
  | { type: 'tableClosed'; by: string; undistributedCarryOver: number };

export interface Transition<S> {
  readonly state: S;
  readonly events: readonly TableEvent[];
}
