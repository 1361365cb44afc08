import type { TableSummary, TablesQuery } from '@naiko/contracts';

/** The lobby's filters: game, structure, stakes (big blind range), free seats, Naiko mode. */
export function filterTables(tables: readonly TableSummary[], q: TablesQuery): TableSummary[] {
  return tables.filter(
    (t) =>
      (q.game === undefined || t.game === q.game) &&
      (q.structure === undefined || t.structure === q.structure) &&
      (q.minBigBlind === undefined || t.stakes.bigBlind >= q.minBigBlind) &&
      (q.maxBigBlind === undefined || t.stakes.bigBlind <= q.maxBigBlind) &&
      (q.seatsFree === undefined || t.seatsFree >= q.seatsFree) &&
      (q.naikoMode === undefined || t.naikoMode === q.naikoMode),
  );
}
