// The cash-table dealer: players sit with chips from their accounts (the ledger chip source), the
// reconnection windows and seat offers run, bots come and go, and libs/table plans each hand
// (button, blinds, missed blinds, who waits for the big blind).
import {
  expireDisconnections,
  expireSeatOffer,
  leave,
  join,
  makeBotIdentity,
  planNextHand,
  reload,
  seatOf,
  seatsForBots,
} from '@naiko/table';
import type { Dealer, DealerAnswer, DealerRoom, Step } from './dealer';

export interface CashDealerOptions {
  /** With bots allowed: fill empty seats until this many players sit (default 4; never the last free seat). */
  botTarget?: number;
  /** Above the target, the surplus bots leave between hands (the room's default tables). */
  botsMakeRoom?: boolean;
}

export class CashDealer implements Dealer {
  readonly kind = 'cash' as const;
  readonly protects = true;
  readonly runsDeadlines = true;

  constructor(private readonly options: CashDealerOptions = {}) {}

  cashOnly(): void {}

  summaryRefs(): Record<string, never> {
    return {};
  }

  async nextHand(room: DealerRoom, step: Step): Promise<DealerAnswer> {
    const now = room.now();
    await step(expireDisconnections(room.state, now));
    await step(expireSeatOffer(room.state, now));
    await this.manageBots(room, step);
    const planned = planNextHand(room.state, room.rng);
    // Not enough players: sit/sitIn/reload wake the table.
    return planned.ok ? { plan: planned.plan } : { wait: null };
  }

  /**
   * Bots (docs/rules/naiko.de.txt §7): leave when no human is left, rebuy when busted, fill empty seats up to the
   * target.
   */
  private async manageBots(room: DealerRoom, step: Step): Promise<void> {
    const config = room.state.config;
    const humans = room.state.seats.filter((s) => s && !s.isBot).length;
    const buyIn = config.buyIn.max ?? config.buyIn.min * 2;
    for (const seatState of room.state.seats) {
      if (!seatState?.isBot) continue;
      if (humans === 0 || !config.botsAllowed) {
        await step(leave(room.state, seatState.playerId, room.now()));
      } else if (
        seatState.stack < config.stakes.bigBlind &&
        seatState.stack + (buyIn - seatState.stack) >= config.buyIn.min
      ) {
        const amount = buyIn - seatState.stack;
        await room.bots?.ensureBot(seatState.name, amount, room.key('bot-chips', seatState.playerId));
        await room.chips.reload(seatState.playerId, amount, room.key('bot-reload', seatState.playerId));
        await step(reload(room.state, seatState.playerId, amount));
      }
    }
    // Bots never take the last free seat: a human arriving can always sit down.
    const target = Math.min(this.options.botTarget ?? 4, config.seats - 1);
    let surplus = this.options.botsMakeRoom ? room.state.seats.filter((s) => s !== null).length - target : 0;
    for (const seatState of [...room.state.seats].reverse()) {
      if (surplus <= 0) break;
      if (!seatState?.isBot) continue;
      await step(leave(room.state, seatState.playerId, room.now()));
      surplus--;
    }
    if (!room.bots) return;
    for (const seat of seatsForBots(room.state, target)) {
      const taken = room.state.seats.filter((s) => s !== null).map((s) => s!.name);
      const identity = makeBotIdentity(room.rng, taken);
      const userId = await room.bots.ensureBot(identity.name, buyIn, room.key('bot-chips', identity.name));
      if (seatOf(room.state, userId) >= 0) continue;
      const transition = join(room.state, {
        playerId: userId,
        name: identity.name,
        isBot: true,
        seat,
        buyIn,
        now: room.now(),
        waitForBigBlind: false,
      });
      await room.chips.buyIn(userId, buyIn, room.key('bot-sit', userId));
      await step(transition);
    }
  }
}
