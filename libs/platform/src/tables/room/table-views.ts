// What the lobby and the seat map show of a table (public: no cards), and one user's snapshot of it.
import type { TablePublicState, TableSnapshotPayload, TableSummary } from '@naiko/contracts';
import { seatOf, type TableState } from '@naiko/table';
import type { TableHost } from '../table-host';
import { wireView } from './hand-feeds';
import type { RunningHand } from './running-hand';

export function summaryOf(
  tableId: string,
  name: string,
  state: TableState,
  closingAfterHand: boolean,
  refs: { tournamentId?: number; sitAndGoId?: number },
): TableSummary {
  const tableConfig = state.config;
  const seated = state.seats.filter((s) => s !== null).length;
  const { smallBlind, bigBlind, ante, bringIn, smallBet, bigBet } = tableConfig.stakes;
  return {
    tableId,
    name,
    game: tableConfig.game,
    structure: tableConfig.structure,
    stakes: {
      smallBlind,
      bigBlind,
      ...(ante !== undefined ? { ante } : {}),
      ...(bringIn !== undefined ? { bringIn } : {}),
      ...(smallBet !== undefined ? { smallBet } : {}),
      ...(bigBet !== undefined ? { bigBet } : {}),
    },
    buyIn: { ...tableConfig.buyIn },
    seats: tableConfig.seats,
    seated,
    seatsFree: tableConfig.seats - seated,
    naikoMode: tableConfig.naikoMode,
    botsAllowed: tableConfig.botsAllowed,
    private: tableConfig.private !== null,
    hostId: tableConfig.private?.hostId ?? null,
    ...(tableConfig.private ? { spectatorsAllowed: tableConfig.private.spectatorsAllowed === true } : {}),
    // Home-game options (issue 23), as the host set them (shown at the table and in his panel).
    ...(tableConfig.homeGame
      ? {
          homeGame: {
            ...tableConfig.homeGame,
            ...(tableConfig.homeGame.bombPot ? { bombPot: { ...tableConfig.homeGame.bombPot } } : {}),
          },
        }
      : {}),
    closed: state.closed,
    ...(closingAfterHand && !state.closed ? { closingAfterHand: true } : {}),
    handsPlayed: state.handsPlayed,
    ...refs,
  };
}

export function publicStateOf(summary: TableSummary, state: TableState, hand: RunningHand | null): TablePublicState {
  const inHand = new Set(hand ? [...hand.players.keys()] : []);
  return {
    summary,
    version: state.version,
    seatMap: state.seats.map((state, seat) =>
      state === null
        ? null
        : {
            seat,
            playerId: state.playerId,
            name: state.name,
            isBot: state.isBot,
            stack: state.stack,
            sittingOut: state.sittingOut,
            connected: state.connected,
            inHand: inHand.has(seat),
            missedBig: state.missedBig,
            missedSmall: state.missedSmall,
          },
    ),
    button: state.positions?.button ?? null,
    handNumber: hand?.number ?? null,
    waitingList: state.waitingList.length,
  };
}

/** What one user may see right now: his own seat's view when he is dealt in, else the spectator view. */
export function snapshotOf(host: TableHost, userId: string | null): TableSnapshotPayload {
  const seat = userId === null ? -1 : seatOf(host.state, userId);
  const runningHand = host.hand;
  const dealt = runningHand !== null && seat >= 0 && runningHand.players.get(seat) === userId;
  // The snapshot shows him everything: his next private part must say all again (his client starts anew).
  if (dealt) runningHand.standingSent.delete(userId!);
  return {
    tableId: host.tableId,
    table: host.publicState(),
    yourSeat: seat >= 0 ? seat : null,
    hand: runningHand
      ? {
          handId: runningHand.id,
          handNumber: runningHand.number,
          seq: runningHand.log.length,
          view: wireView(runningHand, dealt ? seat : 'spectator'),
          clock: host.clock.info(),
          commitment: runningHand.commitment,
          ...(runningHand.blinds ? { blinds: runningHand.blinds } : {}),
        }
      : null,
  };
}
