// Issue 25 in the tournament lobby view (`TournamentView.extras`): rebuys and add-ons, bounties and
// satellites, as the lobby and the tournament table show them. Chips are integers.

export interface TournamentRebuysView {
  untilLevel: number;
  maxRebuys: number;
  rebuy: { chips: number; price: number; fee: number };
  addOn: { chips: number; price: number; fee: number; window: 'break' | 'last-level' } | null;
  rebuysBought: number;
  addOnsBought: number;
  /** The clock is in the rebuy period now. */
  rebuyOpen: boolean;
  /** The add-on window is open now. */
  addOnOpen: boolean;
}

export interface TournamentBountyView {
  kind: 'fixed' | 'progressive';
  /** Each entry's bounty when it enters. */
  amount: number;
  /** Bounty prize money paid so far. */
  paid: number;
}

export interface TournamentSatelliteView {
  targetTournamentId: number;
  targetName: string | null;
  seatValue: number;
  /** Seats the pool pays now: floor(pool / seatValue); the rest goes in chips to the next place. */
  seats: number;
  remainder: number;
}

/** One player's purchases and bounty (his live entry, or his last). */
export interface TournamentPlayerExtras {
  userId: string;
  rebuys: number;
  addOn: boolean;
  /** The bounty on his head now (0 once busted or without bounties). */
  head: number;
  /** Bounty prize money he won. */
  bountiesWon: number;
}

export interface TournamentExtrasView {
  rebuys: TournamentRebuysView | null;
  bounty: TournamentBountyView | null;
  satellite: TournamentSatelliteView | null;
  players: TournamentPlayerExtras[];
}
