import type { TableSummary, TablesQuery } from '@naiko/contracts';

/** The lobby's filters: game, structure, stakes (big blind range), free seats, Naiko mode. */
export function filterTables(tables: readonly TableSummary[], query: TablesQuery): TableSummary[] {
  return tables.filter(
    (summary) =>
      (query.game === undefined || summary.game === query.game) &&
      (query.structure === undefined || summary.structure === query.structure) &&
      (query.minBigBlind === undefined || summary.stakes.bigBlind >= query.minBigBlind) &&
      (query.maxBigBlind === undefined || summary.stakes.bigBlind <= query.maxBigBlind) &&
      (query.seatsFree === undefined || summary.seatsFree >= query.seatsFree) &&
      (query.naikoMode === undefined || summary.naikoMode === query.naikoMode),
  );
}
