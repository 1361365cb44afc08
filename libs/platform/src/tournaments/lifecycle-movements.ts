// The ledger movements of the tournament lifecycle's money steps (libs/tournament lifecycle.ts),
// the same for every format: a scheduled tournament (book `mtt-<id>`), a Sit & Go or a Spin
// (`sng-<id>`). The services post them with their own idempotency keys, in the transaction of the
// step; a format's extras (bounties, the Spin pool, rebuys) are added by its service.
import { Accounts, tournamentBook, type Movement } from '@naiko/persistence';

/** What an entry costs and brings: buy-in (to the prize pool), fee (to the house), the starting stack. */
export interface EntryTerms {
  buyIn: number;
  fee: number;
  startingStack: number;
}

/** An entry: buy-in into the prize pool, the fee to the house, the starting stack issued in the tournament's book. */
export function entryMovements(book: string, userId: string, terms: EntryTerms): Movement[] {
  const movements: Movement[] = [];
  if (terms.buyIn > 0)
    movements.push({ from: Accounts.user(userId), to: Accounts.tournamentPool(book), amount: terms.buyIn });
  if (terms.fee > 0) movements.push({ from: Accounts.user(userId), to: Accounts.house(), amount: terms.fee });
  movements.push({
    from: Accounts.issuer(tournamentBook(book)),
    to: Accounts.tournamentStack(book, userId),
    amount: terms.startingStack,
  });
  return movements;
}

/**
 * An entry undone before play (an unregistration, a cancellation): buy-in and fee back and, with
 * `chips`, the player's tournament chips back to the tournament's issuer (a cancellation of a
 * scheduled tournament retires every stack on its own, once).
 */
export function refundMovements(
  book: string,
  userId: string,
  terms: Pick<EntryTerms, 'buyIn' | 'fee'>,
  opts: { chips: boolean },
): Movement[] {
  const movements: Movement[] = [];
  if (terms.buyIn > 0)
    movements.push({ from: Accounts.tournamentPool(book), to: Accounts.user(userId), amount: terms.buyIn });
  if (terms.fee > 0) movements.push({ from: Accounts.house(), to: Accounts.user(userId), amount: terms.fee });
  if (opts.chips) movements.push(retireMovement(book, userId));
  return movements;
}

/** A prize from the prize pool. */
export function prizeMovement(book: string, userId: string, amount: number): Movement {
  return { from: Accounts.tournamentPool(book), to: Accounts.user(userId), amount };
}

/** A player's tournament chips back to the tournament's issuer (the end, a cancellation). */
export function retireMovement(book: string, userId: string): Movement {
  return { from: Accounts.tournamentStack(book, userId), to: Accounts.issuer(tournamentBook(book)), amount: 'all' };
}
