// Final-table deals (issue 25) behind a named repository (issue 24 item 4): the `mtt_deals` rows and
// what a deal reads of the tournament row. The SQL is final-table-deal.ts's and deal-records.ts's as
// it was. A proposal's life runs in tournament-wide transactions (the exclusive advisory lock, taken
// by the caller): the methods take the caller's handle (`db`: a transaction, or the client for a read
// outside one), so this repository holds no connection of its own.
import type { Tx } from '../ledger/ledger';

export type DealMethod = 'icm' | 'chip-chop';
export type DealStatus = 'waiting' | 'open' | 'accepted' | 'rejected' | 'void';

export interface DealPlayer {
  userId: string;
  entryId: number;
  stack: number;
  prize: number;
}

/** A `mtt_deals` row as stored. */
export interface DealRow {
  id: number;
  method: DealMethod;
  left_to_play_for: bigint;
  status: DealStatus;
  proposed_by: string;
  players: DealPlayer[] | null;
  accepted_by: string[];
  forced: boolean;
}

type Reader = Pick<Tx, '$queryRaw'>;

export class DealRepository {
  /** Tournaments with a proposal waiting for a hand to end. */
  async waitingTournaments(db: Reader): Promise<number[]> {
    const rows = await db.$queryRaw<
      { tournament_id: number }[]
    >`SELECT DISTINCT tournament_id FROM mtt_deals WHERE status = 'waiting'`;
    return rows.map((r) => r.tournament_id);
  }

  /** The proposal under discussion (waiting or open). */
  async current(db: Reader, id: number): Promise<DealRow | undefined> {
    const [deal] = await db.$queryRaw<DealRow[]>`
      SELECT * FROM mtt_deals WHERE tournament_id = ${id} AND status IN ('waiting', 'open') ORDER BY id DESC LIMIT 1`;
    return deal;
  }

  /** The last deal of the tournament, whatever its status. */
  async latest(db: Reader, id: number): Promise<DealRow | undefined> {
    const [deal] = await db.$queryRaw<
      DealRow[]
    >`SELECT * FROM mtt_deals WHERE tournament_id = ${id} ORDER BY id DESC LIMIT 1`;
    return deal;
  }

  /** The deal applied in the tournament. */
  async accepted(db: Reader, id: number): Promise<DealRow | undefined> {
    const [deal] = await db.$queryRaw<
      DealRow[]
    >`SELECT * FROM mtt_deals WHERE tournament_id = ${id} AND status = 'accepted' ORDER BY id DESC LIMIT 1`;
    return deal;
  }

  /** The tournament row as a deal reads it (status, config, small state, purchase counts). */
  async tournament<Config, State>(
    tx: Tx,
    id: number,
  ): Promise<
    { status: string; config: Config; state: State; rebuys_bought: number; add_ons_bought: number } | undefined
  > {
    const [row] = await tx.$queryRaw<
      { status: string; config: Config; state: State; rebuys_bought: number; add_ons_bought: number }[]
    >`
      SELECT status::text AS status, config, state, rebuys_bought, add_ons_bought FROM scheduled_tournaments WHERE id = ${id}`;
    return row;
  }

  async propose(
    tx: Tx,
    id: number,
    input: { method: DealMethod; leftToPlayFor: number; proposedBy: string },
  ): Promise<DealRow> {
    const [deal] = await tx.$queryRaw<DealRow[]>`
        INSERT INTO mtt_deals (tournament_id, method, left_to_play_for, status, proposed_by)
        VALUES (${id}, ${input.method}, ${input.leftToPlayFor}, 'waiting', ${input.proposedBy}::uuid) RETURNING *`;
    return deal;
  }

  /** The figures fixed: the proposal is open for acceptance. */
  async open(tx: Tx, dealId: number, players: DealPlayer[]): Promise<DealRow> {
    const [deal] = await tx.$queryRaw<DealRow[]>`
      UPDATE mtt_deals SET status = 'open', players = ${JSON.stringify(players)}::jsonb
      WHERE id = ${dealId} RETURNING *`;
    return deal;
  }

  async setAcceptedBy(tx: Tx, dealId: number, accepted: string[]): Promise<void> {
    await tx.$executeRaw`UPDATE mtt_deals SET accepted_by = ${accepted}::uuid[] WHERE id = ${dealId}`;
  }

  async setForced(tx: Tx, dealId: number): Promise<void> {
    await tx.$executeRaw`UPDATE mtt_deals SET forced = true WHERE id = ${dealId}`;
  }

  /** The deal decided: rejected, void or accepted, with its time. */
  async decide(tx: Tx, dealId: number, status: 'rejected' | 'accepted'): Promise<DealRow> {
    const [row] =
      status === 'rejected'
        ? await tx.$queryRaw<
            DealRow[]
          >`UPDATE mtt_deals SET status = 'rejected', decided_at = now() WHERE id = ${dealId} RETURNING *`
        : await tx.$queryRaw<
            DealRow[]
          >`UPDATE mtt_deals SET status = 'accepted', decided_at = now() WHERE id = ${dealId} RETURNING *`;
    return row;
  }

  async void(tx: Tx, dealId: number): Promise<void> {
    await tx.$executeRaw`UPDATE mtt_deals SET status = 'void', decided_at = now() WHERE id = ${dealId}`;
  }

  /** A cancellation: any deal under discussion ends with the tournament. */
  async voidUndecided(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`
    UPDATE mtt_deals SET status = 'void', decided_at = now()
    WHERE tournament_id = ${id} AND status IN ('waiting', 'open')`;
  }
}

/** The deal repository holds no connection (every method takes the caller's handle): one is enough. */
export const dealRepository = new DealRepository();
