// A Sit & Go / Spin instance's table as the tournament table runner (../tournaments/table-runner.ts)
// drives it: one table (templates seat 2..10 players), dealt by a TableHost with the tournament
// option, like a scheduled tournament's tables. This file holds the pure pieces — the table's id,
// the dead-button deal — and the adapter over SitAndGoService.
import { createHash } from 'node:crypto';
import { DEFAULT_CLOCK } from '@naiko/table';
import {
  deadButtonDeal,
  type DeadButtonDeal,
  type DeadButtonPositions,
  type SitAndGoTemplate,
} from '@naiko/tournament';
import { tournamentTableOf, type TournamentTables } from '../tournaments/table-runner';
import type { SitAndGoService } from './sit-and-go.service';
import { PrivateEventStore } from '../tournaments/private-events';

/** A Sit & Go has one table; its number in the runner's terms. */
export const SNG_TABLE_NO = 1;

/**
 * The table id clients use (`table:watch`, `#/table/<id>`): a name-based UUID of the instance, stable across copies and
 * restarts.
 */
export function sngTableId(instanceId: number): string {
  const hash = createHash('sha256').update(`naiko:sng:${instanceId}:table`).digest('hex');
  const variant = ((parseInt(hash[16], 16) & 0x3) | 0x8).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/**
 * The clock of a Sit & Go table: the template's decision time and reconnection window; the time
 * bank (the template has none) is twice the decision time, at most the cash tables' 30 s — a
 * player who thinks long now and then is not folded at once, a silent one costs the table little.
 */
export function sngClock(template: SitAndGoTemplate): { decisionMs: number; reconnectMs: number; timeBankMs: number } {
  const own = (template.clock as { timeBankMs?: number }).timeBankMs;
  return {
    decisionMs: template.clock.decisionMs,
    reconnectMs: template.clock.reconnectMs,
    timeBankMs: own ?? Math.min(DEFAULT_CLOCK.timeBankMs, 2 * template.clock.decisionMs),
  };
}

/** Blind positions of a hand as seats (the small blind's position even when it was dead). */
export type BlindPositions = DeadButtonPositions;

export type SngDeal = DeadButtonDeal;

/**
 * The next deal at a Sit & Go table: the dead-button rule of every tournament table (libs/tournament
 * dead-button.ts, the same rule the cash tables play). The first hand (no positions yet): the button
 * drawn at the start, the blinds the next players after it.
 */
export const sngDeal = deadButtonDeal;

/** Positions of the last completed hand from its stored engine config (and the one before, for a dead small blind). */
export function positionsOf(last: StoredHandConfig | null, before: StoredHandConfig | null): BlindPositions | null {
  if (!last || typeof last.bigBlindSeat !== 'number') return null;
  // A dead small blind sat on the previous hand's big blind seat (the rule above); heads-up it is the button.
  const smallBlind = last.smallBlindSeat ?? before?.bigBlindSeat ?? last.button;
  return { button: last.button, smallBlind, bigBlind: last.bigBlindSeat };
}

export interface StoredHandConfig {
  button: number;
  smallBlindSeat?: number | null;
  bigBlindSeat?: number;
  seats: { seat: number; stack: number }[];
}

/** SitAndGoService as the tournament table runner drives it. */
export function sitAndGoTables(service: SitAndGoService, privateEvents?: PrivateEventStore): TournamentTables {
  return {
    kind: 'sng',
    bookId: (id) => `sng-${id}`,
    tableId: (id) => sngTableId(id),
    dealerRef: (id) => ({ sitAndGoId: id }),
    onStarted: (fn) => service.listen({ changed: () => undefined, started: fn }),
    resumeJobs: () => service.resumeJobs(),
    runningIds: async () => (await service.unfinished()).filter((u) => u.status === 'running').map((u) => u.id),
    get: async (id) => {
      const row = await service.instance(id);
      const sitAndGoTemplate = row.template;
      return {
        running: row.status === 'running',
        tableName: () => `${sitAndGoTemplate.name} #${row.instance_number}`,
        version: row.hands_played,
        tables: row.status === 'running' ? [SNG_TABLE_NO] : [],
        blindStructure: sitAndGoTemplate.blindStructure,
        tableConfig: (schedule) =>
          tournamentTableOf(
            {
              game: sitAndGoTemplate.game,
              bettingStructure: sitAndGoTemplate.bettingStructure,
              tableSize: sitAndGoTemplate.seats,
              clock: sngClock(sitAndGoTemplate),
            },
            schedule,
          ),
      };
    },
    beginTableHand: (id, _n, fence) => service.beginTableHand(id, fence),
    finishTableHand: (id, _n, result, fence) => service.finishTableHand(id, result, fence),
    seatMaps: (id) => service.seatMaps(id),
    recoverTable: (id, _n, fence) => service.recoverTable(id, fence),
    clearHandsInProgress: (id) => service.recoverTable(id).then(() => undefined),
    ...(privateEvents ? { requireWatch: (id, user, code) => privateEvents.requireWatch('sng', id, user, code) } : {}),
  };
}

/** A level's blinds as stakes (tests that deal Sit & Go hands by hand use it). */
export { stakesOfLevel as stakesOf } from '../tournaments/level-schedule';
