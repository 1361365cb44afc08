// The commands of players at a table: sit, reload, leave, sit out/in, (re)connect, and the host's
// settings, invitations and closing of a private table. Each is one queued command on the room
// core (../table-host.ts); the cash-only ones ask the dealer first (a tournament table refuses
// them with TOURNAMENT_TABLE: the tournament seats its players).
import {
  closeTable,
  disconnect as tableDisconnect,
  invite as tableInvite,
  join,
  leave as tableLeave,
  reconnect as tableReconnect,
  reload as tableReload,
  seatOf,
  requestBombPot as tableRequestBombPot,
  setInviteCode as tableSetInviteCode,
  sitIn as tableSitIn,
  sitOut as tableSitOut,
  updateSettings as tableUpdateSettings,
  type SettingsPatch,
  type TableState,
  type Transition,
} from '@naiko/table';
import type { ChipSource } from '../chip-source';
import type { Dealer } from '../dealers/dealer';
import type { SerialQueue } from '../serial-queue';
import type { Timers } from '../ports';
import type { HandClock } from './hand-clock';
import type { HostControls } from './host-controls';
import type { RunningHand } from './running-hand';

interface PlayerRefLike {
  userId: string;
  name: string;
  isBot?: boolean;
}

interface SitRequestLike {
  buyIn: number;
  seat?: number;
  inviteCode?: string;
  waitForBigBlind?: boolean;
}

export abstract class CashCommands {
  abstract state: TableState;
  abstract hand: RunningHand | null;
  abstract readonly queue: SerialQueue;
  abstract readonly timers: Timers;
  abstract readonly dealer: Dealer;
  abstract readonly clock: HandClock;
  abstract readonly options: { chips: ChipSource; hooks?: { onChanged?(host: never): void } };
  abstract commit(t: Transition<TableState>, publish?: boolean): Promise<void>;
  abstract tryTable(fn: () => Transition<TableState>): Transition<TableState>;
  abstract key(what: string, userId: string): string;
  abstract scheduleNextHand(ms?: number): void;
  abstract stop(): void;
  /** The host's controls (approval required, removed players: the sit gate). */
  abstract readonly controls: HostControls;

  /** A close asked for during a hand: who asked, and the promise its caller waits on. */
  closeAfterHand: { by: string; done: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | null =
    null;

  /**
   * Sits a player; at a table whose host requires approval (room/host-controls.ts) the sit becomes
   * a seat request instead (-1: not seated yet), once the table's own checks pass; the host's
   * `approve` seats him then. A player the host removed is refused (REMOVED_BY_HOST).
   */
  sit(player: PlayerRefLike, req: SitRequestLike): Promise<number> {
    return this.queue.run(async () => {
      this.dealer.cashOnly('sit');
      if (this.controls.gate(player)) {
        // The checks of a sit now (invitation, buy-in, seat): a request the table would refuse is refused at once.
        this.tryTable(() => join(this.state, this.joinRequest(player, req)));
        this.controls.request(player, req);
        return -1;
      }
      return this.seatNow(player, req);
    });
  }

  /** @internal Seats a player now, inside the queue (the sit, or the host's approval of a request). */
  async seatNow(player: PlayerRefLike, req: SitRequestLike): Promise<number> {
    const transition = this.tryTable(() => join(this.state, this.joinRequest(player, req)));
    // Chips move first; the seat exists only once the ledger has them (a refusal changes nothing).
    await this.options.chips.buyIn(player.userId, req.buyIn, this.key('sit', player.userId));
    await this.commit(transition);
    this.scheduleNextHand();
    return seatOf(this.state, player.userId);
  }

  private joinRequest(player: PlayerRefLike, req: SitRequestLike): Parameters<typeof join>[1] {
    return {
      playerId: player.userId,
      name: player.name,
      isBot: player.isBot ?? false,
      seat: req.seat,
      buyIn: req.buyIn,
      now: this.timers.now(),
      inviteCode: req.inviteCode,
      waitForBigBlind: req.waitForBigBlind,
    };
  }

  reload(userId: string, amount: number): Promise<void> {
    return this.queue.run(async () => {
      this.dealer.cashOnly('reload');
      const transition = this.tryTable(() => tableReload(this.state, userId, amount));
      await this.options.chips.reload(userId, amount, this.key('reload', userId));
      await this.commit(transition);
      this.scheduleNextHand();
    });
  }

  leave(userId: string): Promise<void> {
    return this.queue.run(async () => {
      this.dealer.cashOnly('leave');
      await this.commit(this.tryTable(() => tableLeave(this.state, userId, this.timers.now())));
      // Leaving during a hand folds at once: if it is the leaver's turn now, decide without the clock.
      const runningHand = this.hand;
      if (runningHand?.clock && runningHand.players.get(runningHand.clock.seat) === userId)
        this.clock.restart(runningHand);
    });
  }

  /**
   * Cash: out of the next deals. Tournament (issue 25): still dealt in by the tournament, his blinds
   * and antes posted, every decision checked or folded at once (blinded off); his turn now included.
   */
  sitOut(userId: string): Promise<void> {
    return this.queue.run(async () => {
      await this.commit(this.tryTable(() => tableSitOut(this.state, userId)));
      const runningHand = this.hand;
      if (
        this.dealer.kind === 'tournament' &&
        runningHand?.clock &&
        runningHand.players.get(runningHand.clock.seat) === userId
      )
        this.clock.restart(runningHand);
    });
  }

  sitIn(userId: string, waitForBigBlind?: boolean): Promise<void> {
    return this.queue.run(async () => {
      await this.commit(
        this.tryTable(() => tableSitIn(this.state, userId, waitForBigBlind === undefined ? {} : { waitForBigBlind })),
      );
      this.scheduleNextHand();
    });
  }

  /** A socket of this user connected/disconnected (the gateway counts sockets; this sees the first and the last). */
  connected(userId: string): Promise<void> {
    return this.queue.run(async () => {
      if (seatOf(this.state, userId) < 0) return;
      await this.commit(tableReconnect(this.state, userId, this.timers.now()));
    });
  }

  disconnected(userId: string): Promise<void> {
    return this.queue.run(async () => {
      if (seatOf(this.state, userId) < 0) return;
      await this.commit(tableDisconnect(this.state, userId, this.timers.now()));
      this.scheduleNextHand();
    });
  }

  updateSettings(by: string, patch: SettingsPatch): Promise<void> {
    return this.queue.run(
      () => this.cashOnly('settings') ?? this.commit(this.tryTable(() => tableUpdateSettings(this.state, by, patch))),
    );
  }

  /**
   * Home games (issue 23): the host asks for a bomb pot on the next hand (NOT_HOST, INVALID_CONFIG without bomb pots).
   */
  requestBombPot(by: string): Promise<void> {
    return this.queue.run(
      () => this.cashOnly('settings') ?? this.commit(this.tryTable(() => tableRequestBombPot(this.state, by))),
    );
  }

  invite(by: string, userId: string): Promise<void> {
    return this.queue.run(
      () => this.cashOnly('invite') ?? this.commit(this.tryTable(() => tableInvite(this.state, by, userId))),
    );
  }

  setInviteCode(by: string, code: string | null): Promise<void> {
    return this.queue.run(
      () => this.cashOnly('invite') ?? this.commit(this.tryTable(() => tableSetInviteCode(this.state, by, code))),
    );
  }

  /**
   * Closes the table; every stack goes back to its account. Between hands at once; during a hand
   * the table closes when that hand is over (no new hand is dealt): `afterHand` resolves then.
   */
  close(by: string): Promise<{ deferred: boolean; afterHand: Promise<void> }> {
    return this.queue.run(async () => {
      this.dealer.cashOnly('close');
      if (this.state.hand || this.hand) {
        // The same checks as closing now (host only, not closed yet), on the state without its hand.
        this.tryTable(() => closeTable({ ...this.state, hand: null }, by, this.timers.now()));
        if (!this.closeAfterHand) {
          let resolve!: () => void;
          let reject!: (err: unknown) => void;
          const done = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
          done.catch(() => undefined);
          this.closeAfterHand = { by, done, resolve, reject };
          this.options.hooks?.onChanged?.(this as never);
        }
        return { deferred: true, afterHand: this.closeAfterHand.done };
      }
      await this.commit(this.tryTable(() => closeTable(this.state, by, this.timers.now())));
      this.stop();
      return { deferred: false, afterHand: Promise.resolve() };
    });
  }

  /** Refuses a cash-table command at a tournament table (typed, changes nothing). */
  private cashOnly(what: string): undefined {
    this.dealer.cashOnly(what);
    return undefined;
  }
}
