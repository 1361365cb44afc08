// The moves that come from the room itself rather than a player's socket: the decision clock
// (each decision bounded; on timeout check if legal, else fold; draws stand pat; the shield
// window declines; a disconnected limit player may be protected at cash tables) and the bots'
// turns. Each is queued on the core like a player's command and goes through the same `decide`.
import type { Action } from '@naiko/engine';
import { decisionKindOf, finalDeadline, startDecision, timeoutAction } from '@naiko/table';
import type { ClockInfo } from '@naiko/contracts';
import { TableHostError } from '../host-errors';
import type { ProtectionQuota } from '../ports';
import type { TableHost } from '../table-host';
import { botAction, botFallback, botPower, timeoutMove } from './moves';
import type { RunningHand } from './running-hand';

export class HandClock {
  constructor(private readonly host: TableHost) {}

  info(): ClockInfo | null {
    const decisionClock = this.host.hand?.clock;
    return decisionClock
      ? {
          seat: decisionClock.seat,
          kind: decisionClock.kind,
          deadline: decisionClock.deadline,
          timeBankMs: decisionClock.timeBankMs,
          ...(decisionClock.extensionMs ? { extendedMs: decisionClock.extensionMs } : {}),
        }
      : null;
  }

  clear(hand: RunningHand): void {
    if (hand.timer) this.host.timers.clear(hand.timer);
    hand.timer = null;
    hand.clock = null;
  }

  restart(hand: RunningHand): void {
    if (hand.timer !== undefined && hand.timer !== null) this.host.timers.clear(hand.timer);
    this.start(hand);
  }

  start(hand: RunningHand): void {
    const host = this.host;
    const la = host.legal();
    if (!la) return;
    const seat = la.seat;
    const now = host.timers.now();
    const bank = host.state.seats[seat]?.timeBankMs ?? 0;
    const extendedTime = host.extendedTime.has(hand.players.get(seat) ?? '');
    const clock = startDecision(decisionKindOf(la.actions), now, host.state.config.clock, bank, { extendedTime });
    hand.clock = { ...clock, seat };
    const version = hand.state.version;
    hand.timer = host.timers.set(
      () => {
        host.queue
          .run(() => this.onTimeout(hand.id, version))
          .catch((err: unknown) => host.log('error', 'timeout failed', err));
      },
      // A player who left during the hand (leaveAfterHand), or sat out at a tournament table (he is
      // dealt in and blinded off, issue 25): his decisions are taken at once.
      this.leaving(seat) || this.away(seat) ? 0 : Math.max(0, finalDeadline(clock) - now),
    );
  }

  private away(seat: number): boolean {
    return this.host.dealer.kind === 'tournament' && this.host.state.seats[seat]?.sittingOut === true;
  }

  private leaving(seat: number): boolean {
    return this.host.state.seats[seat]?.leaveAfterHand === true;
  }

  private async onTimeout(handId: string, version: number): Promise<void> {
    const host = this.host;
    if (host.stopped) return; // stopped (shutdown, lease lost): write nothing more
    const runningHand = host.hand;
    if (!runningHand || runningHand.id !== handId || runningHand.state.version !== version || !runningHand.clock)
      return;
    const la = host.legal();
    if (!la) return;
    const seat = la.seat;
    const userId = runningHand.players.get(seat)!;
    const seatState = host.state.seats[seat];
    const idx = runningHand.state.seats.indexOf(seat);
    // Only cash tables protect (docs/rules/README.md: never in Sit & Go, Spin or scheduled tournaments).
    const quota = host.dealer.protects ? host.options.protections : undefined;
    const ctx = {
      kind: runningHand.clock.kind,
      legal: la.actions,
      structure: host.state.config.structure,
      disconnected: seatState ? !seatState.connected : true,
      committed: idx >= 0 ? runningHand.state.committed[idx] : 0,
      cashTable: quota !== undefined,
      protectionAvailable: la.artificialAllIn === true && host.state.config.protectionsPerDay > 0,
    };
    let onTimeout = timeoutAction(ctx);
    // The allowance is spent in the database only when the rule would protect him; a refusal (none
    // left in the last 24 h, at any table) folds him like any other timeout.
    if (onTimeout.type === 'artificialAllIn' && !(await this.spendProtection(quota!, userId)))
      onTimeout = timeoutAction({ ...ctx, protectionAvailable: false });
    // The spend awaited the database.
    if (host.stopped || host.hand !== runningHand || runningHand.state.version !== version) return;
    // A player who left during the hand folds at once (start() gave him no clock).
    const leaverFolds = this.leaving(seat) && runningHand.clock.kind === 'bet' && la.actions.includes('fold');
    const action: Action = leaverFolds ? { type: 'fold', seat } : timeoutMove(la, seat, onTimeout);
    await host.decide(seat, userId, { ...action, expectedVersion: version } as Action);
  }

  /**
   * One protection from the player's 24 h allowance; a database failure counts as none left (the timeout still
   * decides).
   */
  private async spendProtection(quota: ProtectionQuota, userId: string): Promise<boolean> {
    const host = this.host;
    try {
      return await quota.trySpend({
        userId,
        tableId: host.tableId,
        at: new Date(host.timers.now()),
        perDay: host.state.config.protectionsPerDay,
      });
    } catch (err) {
      host.log('warn', 'protection allowance unavailable: folding', err);
      return false;
    }
  }

  scheduleBot(hand: RunningHand): void {
    const host = this.host;
    const la = host.legal();
    if (!la) return;
    if (!host.state.seats[la.seat]?.isBot) return;
    const version = hand.state.version;
    host.timers.set(() => {
      host.queue
        .run(() => this.botTurn(hand.id, version))
        .catch((err: unknown) => host.log('warn', 'bot move failed', err));
    }, host.options.botDelayMs ?? 800);
  }

  /** A bot decides from its own seat's view only, and its move goes through the same validation as a player's. */
  private async botTurn(handId: string, version: number): Promise<void> {
    const host = this.host;
    if (host.stopped) return; // stopped (shutdown, lease lost): write nothing more
    const runningHand = host.hand;
    if (!runningHand || runningHand.id !== handId || runningHand.state.version !== version) return;
    const la = host.legal();
    if (!la) return;
    const seat = la.seat;
    const userId = runningHand.players.get(seat)!;
    const config = host.state.config;
    // Naiko mode (docs/rules/naiko.de.txt §7): a power never ends the turn; the applied power
    // schedules the bot's next move (same seat, new version), where the poker policy acts.
    if (
      config.naikoMode &&
      (await this.tryBot(
        seat,
        userId,
        botPower(runningHand.state, seat, config, host.rng),
        version,
        'bot power refused',
      ))
    )
      return;
    if (la.actions.includes('decline')) {
      // A shield window the power policy did not answer: let the anchor stand.
      await host.decide(seat, userId, { type: 'decline', seat, expectedVersion: version } as Action);
      return;
    }
    const action = botAction(runningHand.state, seat, config, host.rng);
    if (!action) return;
    // The policy proposed something the engine refuses: the table's timeout decision instead.
    if (!(await this.tryBot(seat, userId, action, version, 'bot action refused, checking or folding'))) {
      await host.decide(seat, userId, { ...botFallback(la, seat), expectedVersion: version } as Action);
    }
  }

  /** Applies a bot's move; false when there was none or the engine refused it (logged). */
  private async tryBot(
    seat: number,
    userId: string,
    action: Action | null,
    version: number,
    refused: string,
  ): Promise<boolean> {
    if (!action) return false;
    try {
      await this.host.decide(seat, userId, { ...action, expectedVersion: version } as Action);
      return true;
    } catch (err) {
      if (!(err instanceof TableHostError)) throw err;
      this.host.log('warn', `${refused} (${err.reason})`, err);
      return false;
    }
  }
}
