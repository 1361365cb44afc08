// A tournament's or a Sit & Go's table follows its event: a player the tournament moves goes to
// his new table, one who busts (or wins) is told where he finished; bounties and the rebuy and
// add-on buttons (issue 25) follow his own part of the tournament (`tournamentFollow` →
// `tournamentYou`), not the whole lobby (at 10,000 entrants, one copy of it per player was too much).
import type { SitAndGoView, TablePublicState, TournamentYouView } from '@naiko/contracts';
import { sayNow } from '../../a11y/live-region';
import { api, type NaikoClientSocket } from '../../api';
import { ordinal } from '../../format';
import { refreshChips } from '../chips';
import type { TableContext } from './table-state';

export interface TournamentFollow {
  /** Starts following the table's tournament or Sit & Go (once each). */
  follow(summary: TablePublicState['summary']): void;
  /** Runs on each tournament update and each table update (either may come first when he is moved). */
  check(): void;
  readonly following: boolean;
  /** His last part of the tournament, or null. */
  readonly last: TournamentYouView | null;
  /** "You finished 3rd of 9.", or ''. */
  readonly outcome: string;
  /** A rebuy or an add-on is being bought. */
  readonly buying: boolean;
  buy(what: 'rebuy' | 'add-on'): Promise<void>;
  off(): void;
}

export function followTournament(ctx: TableContext, socket: NaikoClientSocket): TournamentFollow {
  const me = ctx.me;
  let followed: number | null = null;
  let followedSng: number | null = null;
  let outcome = '';
  let last: TournamentYouView | null = null;
  let buying = false;

  const setOutcome = (out: string) => {
    if (out === outcome) return;
    outcome = out;
    if (out) sayNow(out);
    ctx.render();
  };
  const check = () => {
    const mine = me && last?.entrant;
    if (!mine || mine.userId !== me.id) return;
    if (mine.tableRef && mine.tableRef !== ctx.tableId && ctx.yourSeat === null) {
      location.hash = `#/table/${mine.tableRef}`;
      return;
    }
    setOutcome(
      mine.place !== null && !mine.tableRef ? `You finished ${ordinal(mine.place)} of ${last!.placedOf ?? 0}.` : '',
    );
  };
  const onTournament = (you: TournamentYouView) => {
    if (you.tournamentId !== followed) return;
    last = you;
    check();
    // Issue 25: bounties and the rebuy / add-on buttons follow the tournament (the part only comes when it changed).
    ctx.render();
  };
  // A Sit & Go's table: follow its lobby view, so a player who busts (or wins) is told his place.
  const onSitAndGo = (view: SitAndGoView) => {
    if (view.instanceId !== followedSng || !me) return;
    const mine = view.standings.find((x) => x.userId === me.id);
    setOutcome(mine && mine.place !== null ? `You finished ${ordinal(mine.place)} of ${view.standings.length}.` : '');
  };

  return {
    follow(summary) {
      if (summary.sitAndGoId !== undefined && followedSng !== summary.sitAndGoId) {
        followedSng = summary.sitAndGoId;
        socket.on('sitAndGoUpdate', onSitAndGo);
        socket.emit('sitAndGoWatch', { instanceId: followedSng });
      }
      if (summary.tournamentId === undefined || followed === summary.tournamentId) return;
      followed = summary.tournamentId;
      socket.on('tournamentYou', onTournament);
      socket.emit('tournamentFollow', { tournamentId: followed });
    },
    check,
    get following() {
      return followed !== null;
    },
    get last() {
      return last;
    },
    get outcome() {
      return outcome;
    },
    get buying() {
      return buying;
    },
    async buy(what) {
      if (followed === null) return;
      buying = true;
      ctx.render();
      try {
        await api('POST', `/tournaments/${followed}/${what}`);
        refreshChips();
      } catch (error2) {
        ctx.error = error2 instanceof Error ? error2.message : String(error2);
      }
      buying = false;
      ctx.render();
    },
    off() {
      socket.off('tournamentYou', onTournament);
      socket.off('sitAndGoUpdate', onSitAndGo);
    },
  };
}
