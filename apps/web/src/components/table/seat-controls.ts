// The player's own seat controls under the felt: leave, post now or wait for the big blind after
// sitting out, sit out next hand (cash tables); away / back at a tournament table (issue 25).
import type { NaikoClientSocket } from '../../api';
import { h } from '../../dom';
import { awayButton } from '../tournament-extras';
import type { TableContext } from './table-state';

export function seatControls(
  ctx: TableContext,
  socket: NaikoClientSocket,
  where: { cash: boolean; sitAndGo: boolean },
): (HTMLElement | false)[] {
  const { tableId, yourSeat } = ctx;
  if (yourSeat === null) return [];
  const sittingOut = !!ctx.table?.seatMap[yourSeat]?.sittingOut;
  if (!where.cash) {
    // Issue 25: at a tournament table a player away is still dealt in and blinded off at once.
    return [
      !where.sitAndGo &&
        awayButton(sittingOut, (away) => socket.emit(away ? 'table:sit-out' : 'table:sit-in', { tableId })),
    ];
  }
  return [
    h(
      'button',
      { 'data-testid': 'leave', class: 'secondary', onclick: () => socket.emit('table:leave', { tableId }) },
      'Leave seat',
    ),
    sittingOut &&
      h(
        'button',
        {
          'data-testid': 'sit-in',
          title: 'Post the blinds now and play the next hand',
          onclick: () => socket.emit('table:sit-in', { tableId, waitForBigBlind: false }),
        },
        'Post now',
      ),
    sittingOut &&
      h(
        'button',
        {
          class: 'secondary',
          'data-testid': 'wait-bb',
          title: 'Come back in when the big blind reaches you, without posting',
          onclick: () => socket.emit('table:sit-in', { tableId, waitForBigBlind: true }),
        },
        'Wait for big blind',
      ),
    !sittingOut &&
      h(
        'button',
        {
          class: 'secondary',
          'data-testid': 'sit-out',
          title: 'Finish this hand, then sit out',
          onclick: () => socket.emit('table:sit-out', { tableId }),
        },
        'Sit out next hand',
      ),
  ];
}
