// Where a table's chips come from and go to. The table host never touches the ledger directly:
// a cash table moves account chips to and from its stacks (LedgerChipSource); a tournament table
// (issue 7) seats players with stacks already issued in the tournament's book and moves nothing.
import type { ChipLedger } from '@naiko/persistence';

export interface ChipSource {
  /** What the hand store books hands against: a cash table's stacks or a tournament's. */
  readonly handRef: { tableId: string } | { tournamentId: string };
  /** Chips to the player's stack at this table (sitting down). `key` is unique per command (idempotency). */
  buyIn(userId: string, amount: number, key: string): Promise<void>;
  /** More chips to an existing stack (between hands). */
  reload(userId: string, amount: number, key: string): Promise<void>;
  /** The stack (amount chips) leaves the table for the player's account. */
  cashOut(userId: string, amount: number, key: string): Promise<void>;
}

/** Cash tables: account chips ↔ `table:<tableId>:<userId>` stacks through the double-entry ledger. */
export class LedgerChipSource implements ChipSource {
  readonly handRef: { tableId: string };

  constructor(
    private readonly ledger: ChipLedger,
    readonly tableId: string,
  ) {
    this.handRef = { tableId };
  }

  async buyIn(userId: string, amount: number, key: string): Promise<void> {
    await this.ledger.buyIn({ idempotencyKey: key, userId, tableId: this.tableId, amount });
  }

  async reload(userId: string, amount: number, key: string): Promise<void> {
    await this.ledger.reload({ idempotencyKey: key, userId, tableId: this.tableId, amount });
  }

  async cashOut(userId: string, amount: number, key: string): Promise<void> {
    if (amount <= 0) return;
    await this.ledger.cashOut({ idempotencyKey: key, userId, tableId: this.tableId, amount });
  }
}

/**
 * Tournament tables: stacks live in the tournament's own book (ChipLedger.enterTournament issued
 * them), so seating and leaving move nothing here; the tournament service books entries, busts and
 * prizes itself.
 */
export class TournamentChipSource implements ChipSource {
  readonly handRef: { tournamentId: string };

  constructor(readonly tournamentId: string) {
    this.handRef = { tournamentId };
  }

  async buyIn(): Promise<void> {}
  async reload(): Promise<void> {
    throw new Error('tournament stacks cannot be reloaded');
  }
  async cashOut(): Promise<void> {}
}
