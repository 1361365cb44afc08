// The session ledger of a table (GET /lobby/tables/:id/sessions): per session, each player's
// buy-ins, top-ups, cash-outs, stack on the table and net, read from the chip ledger.
export interface SessionLedgerPlayer {
  userId: string;
  name: string;
  isBot: boolean;
  buyIns: number;
  topUps: number;
  cashOuts: number;
  /** Chips on the table now (0 once the session ended); chips in a running hand count once it ends. */
  stack: number;
  /** cashOuts + stack − buyIns − topUps. */
  net: number;
}

export interface SessionLedgerSession {
  /** 1 for the table's first session; the CSV is at `.../sessions/<number>/csv`. */
  number: number;
  startedAt: string;
  /** Null while players still have chips on the table. */
  endedAt: string | null;
  players: SessionLedgerPlayer[];
}

export interface SessionLedgerResponse {
  tableId: string;
  name: string;
  private: boolean;
  sessions: SessionLedgerSession[];
}
