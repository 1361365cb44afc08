// What the lobby and the seat map show of a table (public: no cards).
import type { TablePublicState, TableSummary } from '@naiko/contracts';
import type { TableState } from '@naiko/table';
import type { RunningHand } from './running-hand';

export function summaryOf(
  tableId: string,
  name: string,
  state: TableState,
  closingAfterHand: boolean,
  refs: { tournamentId?: number; sitAndGoId?: number },
): TableSummary {
  const c = state.config;
  const seated = state.seats.filter((s) => s !== null).length;
  const { smallBlind, bigBlind, ante, bringIn, smallBet, bigBet } = c.stakes;
  return {
    tableId,
    name,
    game: c.game,
    structure: c.structure,
    stakes: {
      smallBlind,
      bigBlind,
      ...(ante !== undefined ? { ante } : {}),
      ...(bringIn !== undefined ? { bringIn } : {}),
      ...(smallBet !== undefined ? { smallBet } : {}),
      ...(bigBet !== undefined ? { bigBet } : {}),
    },
    buyIn: { ...c.buyIn },
    seats: c.seats,
    seated,
    seatsFree: c.seats - seated,
    naikoMode: c.naikoMode,
    botsAllowed: c.botsAllowed,
    private: c.private !== null,
    hostId: c.private?.hostId ?? null,
    ...(c.private ? { spectatorsAllowed: c.private.spectatorsAllowed === true } : {}),
    // Home-game options (issue 23), as the host set them (shown at the table and in his panel).
    ...(c.homeGame
      ? { homeGame: { ...c.homeGame, ...(c.homeGame.bombPot ? { bombPot: { ...c.homeGame.bombPot } } : {}) } }
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
    seatMap: state.seats.map((s, seat) =>
      s === null
        ? null
        : {
            seat,
            playerId: s.playerId,
            name: s.name,
            isBot: s.isBot,
            stack: s.stack,
            sittingOut: s.sittingOut,
            connected: s.connected,
            inHand: inHand.has(seat),
            missedBig: s.missedBig,
            missedSmall: s.missedSmall,
          },
    ),
    button: state.positions?.button ?? null,
    handNumber: hand?.number ?? null,
    waitingList: state.waitingList.length,
  };
}
