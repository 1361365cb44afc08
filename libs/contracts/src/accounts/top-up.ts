// GET/POST /chips/top-up: the play-money top-up as the player sees it (libs/platform/src/accounts/top-up.ts).
export interface TopUpStatus {
  available: boolean;
  target: number;
  below: number;
  /** Chips a claim now would grant (0 when not available). */
  amount: number;
  /** When the next claim is allowed (ISO), null when now. */
  nextAt: string | null;
  balance: number;
  /** Why not, in words for the player. */
  reason: string | null;
}
