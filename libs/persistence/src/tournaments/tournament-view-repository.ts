// What the tournament views and watchers read, behind a named repository (issue 24 item 4): the
// extras of the lobby view (tournament-extras.ts), the seated players of running tournaments the
// disconnection monitor counts (interruption.ts), and the running hands and seat names of the table
// runner (table-runner.ts). The SQL is those modules' as it was: reads without lock, one statement
// each. The methods take the caller's handle (the client, or a transaction), so this repository
// holds no connection of its own.
import type { Tx } from '../ledger/ledger';

type Reader = Pick<Tx, '$queryRaw'>;

/** A player's entry as the extras view reads it, with the tournament's status read in the same statement. */
export interface EntryExtrasRow {
  user_id: string;
  status: string;
  rebuys: number;
  add_on: boolean;
  head_increase: bigint;
  bounties_won: bigint;
  tournament_status: string;
}

export class TournamentViewRepository {
  /**
   * The live entries (active or busted) by entry id, each with the tournament's status: the payout
   * commits the winner's own head into `bounties_won` and the status together, so one statement
   * never sees one without the other.
   */
  entryExtras(db: Reader, id: number): Promise<EntryExtrasRow[]> {
    return db.$queryRaw<EntryExtrasRow[]>`
    SELECT e.user_id::text AS user_id, e.status, e.rebuys, e.add_on, e.head_increase, e.bounties_won,
      st.status AS tournament_status
    FROM mtt_entries e JOIN scheduled_tournaments st ON st.id = e.tournament_id
    WHERE e.tournament_id = ${id} AND e.status IN ('active', 'busted') ORDER BY e.entry_id`;
  }

  async tournamentName(db: Reader, id: number): Promise<string | undefined> {
    const [target] = await db.$queryRaw<{ name: string }[]>`SELECT name FROM scheduled_tournaments WHERE id = ${id}`;
    return target?.name;
  }

  /** Every seated player of every running tournament, with the tournament's pause and the player's bot flag. */
  runningSeats<Reason extends string>(
    db: Reader,
  ): Promise<{ id: number; paused_reason: Reason | null; user_id: string; is_bot: boolean }[]> {
    return db.$queryRaw<{ id: number; paused_reason: Reason | null; user_id: string; is_bot: boolean }[]>`
        SELECT st.id, st.paused_reason, s.user_id::text AS user_id, u.is_bot
        FROM scheduled_tournaments st JOIN mtt_seats s ON s.tournament_id = st.id JOIN users u ON u.id = s.user_id
        WHERE st.status = 'running'`;
  }

  /** The hands of the book still marked running (a crash left them: the runner cancels them). */
  async runningHandIds(db: Tx, book: string): Promise<string[]> {
    const running = await db.hand.findMany({
      where: { tournamentId: book, status: 'running' },
      select: { id: true },
    });
    return running.map((hand) => hand.id);
  }

  /** Usernames and bot flags of these users. */
  userNames(db: Tx, userIds: string[]): Promise<{ id: string; username: string; isBot: boolean }[]> {
    return db.user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, username: true, isBot: true },
    });
  }
}

/** The view repository holds no connection: one is enough. */
export const tournamentViewRepository = new TournamentViewRepository();
