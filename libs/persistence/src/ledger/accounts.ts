// Account addresses. A key names exactly one account; the ledger creates accounts on first use,
// those belonging to a user only if the user exists, so a wrong user id is an UnknownAccount.
import type { ChipAccountKind } from '../generated/prisma/enums';

export const CHIPS_BOOK = 'chips';

/** The book of one tournament's own chips (never account balance). */
export const tournamentBook = (tournamentId: string): string => `tournament:${tournamentId}`;

export interface AccountSpec {
  key: string;
  book: string;
  kind: ChipAccountKind;
  userId?: string;
  tableId?: string;
  tournamentId?: string;
  handId?: string;
}

export const Accounts = {
  issuer: (book: string = CHIPS_BOOK): AccountSpec => ({ key: `issuer:${book}`, book, kind: 'issuer' }),
  house: (book: string = CHIPS_BOOK): AccountSpec => ({ key: `house:${book}`, book, kind: 'house' }),
  user: (userId: string): AccountSpec => ({ key: `user:${userId}`, book: CHIPS_BOOK, kind: 'user', userId }),
  tableStack: (tableId: string, userId: string): AccountSpec => ({
    key: `table:${tableId}:${userId}`,
    book: CHIPS_BOOK,
    kind: 'table_stack',
    tableId,
    userId,
  }),
  tournamentPool: (tournamentId: string): AccountSpec => ({
    key: `pool:${tournamentId}`,
    book: CHIPS_BOOK,
    kind: 'tournament_pool',
    tournamentId,
  }),
  tournamentStack: (tournamentId: string, userId: string): AccountSpec => ({
    key: `tstack:${tournamentId}:${userId}`,
    book: tournamentBook(tournamentId),
    kind: 'tournament_stack',
    tournamentId,
    userId,
  }),
  handPot: (handId: string, book: string, refs: { tableId?: string; tournamentId?: string } = {}): AccountSpec => ({
    key: `hand:${handId}`,
    book,
    kind: 'hand_pot',
    handId,
    ...refs,
  }),
} as const;
