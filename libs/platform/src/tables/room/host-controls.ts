// The host's controls at a table (issue 23, item 1): pause/resume, "approval required" and the seat
// requests it creates, away / stand up / remove a player, transfer of host rights, a password, stakes
// from the next hand, and host-mutes (chat-moderation.ts enforces them). Each command is one queued
// command on the room core (../table-host.ts), refused to anyone but the host — a private table's
// host, an admin at a public table — with FORBIDDEN NOT_HOST before anything changes. Chips move
// only through the room's commit (a stood-up or removed player is cashed out through the ledger).
//
// What must survive a restart (paused, approval, mutes, removals, stakes owed to the next hand) is
// `saved()`; the tables service writes it to cash_tables.host_controls whenever `version` moved.
// Seat requests are not kept: a player whose request was lost simply asks again.
import {
  leave as tableLeave,
  setInviteCode as tableSetInviteCode,
  sitOut as tableSitOut,
  updateSettings as tableUpdateSettings,
  seatOf,
  type TableEvent,
  type TableStakes,
  type TableState,
  type Transition,
} from '@naiko/table';
import type { HostCommandPayload, HostControlsInfo } from '@naiko/contracts';
import { TableHostError } from '../host-errors';
import type { RunningHand } from './running-hand';

/** What the tables service stores in cash_tables.host_controls. */
export interface HostControlsSaved {
  paused?: boolean;
  approvalRequired?: boolean;
  muted?: string[];
  removed?: string[];
  pendingStakes?: TableStakes | null;
}

/** Who sends a host command: the user, and his role (an admin hosts the public tables). */
export interface HostActor {
  userId: string;
  role?: string;
}

/** A host command without its table id (the payload of `table:host`). */
export type HostCommand = DistributiveOmit<HostCommandPayload, 'tableId'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A sit held for the host's approval: the same request, replayed on `approve`. */
export interface PendingSeat {
  player: { userId: string; name: string };
  req: { buyIn: number; seat?: number; inviteCode?: string; waitForBigBlind?: boolean };
  at: number;
}

/** What the controls need of the room core. */
export interface HostRoom {
  readonly state: TableState;
  readonly hand: RunningHand | null;
  readonly queue: { run<T>(fn: () => Promise<T> | T): Promise<T> };
  readonly timers: { now(): number };
  readonly dealer: { cashOnly(what: string): void };
  readonly clock: { restart(h: RunningHand): void };
  commit(t: Transition<TableState>, publish?: boolean): Promise<void>;
  tryTable(fn: () => Transition<TableState>): Transition<TableState>;
  publishTable(events: TableEvent[]): void;
  scheduleNextHand(ms?: number): void;
  /** Seats a player now (chips through the ledger first); the queued `sit` without the approval gate. */
  seatNow(player: { userId: string; name: string }, req: PendingSeat['req']): Promise<number>;
}

/** A host event on `table:update` (libs/table has no such events: they are the room's). */
const hostEvent = (e: Record<string, unknown> & { type: string }): TableEvent => e as unknown as TableEvent;

export class HostControls {
  paused: boolean;
  approvalRequired: boolean;
  readonly muted: Set<string>;
  readonly removed: Set<string>;
  pendingStakes: TableStakes | null;
  /** Player id → his seat request (approval required), in arrival order. */
  readonly requests = new Map<string, PendingSeat>();
  /** Grows with every change worth saving (the tables service saves when it moved). */
  version = 0;

  constructor(
    private readonly room: HostRoom,
    saved: HostControlsSaved = {},
  ) {
    this.paused = saved.paused === true;
    this.approvalRequired = saved.approvalRequired === true;
    this.muted = new Set(saved.muted ?? []);
    this.removed = new Set(saved.removed ?? []);
    this.pendingStakes = saved.pendingStakes ?? null;
  }

  saved(): HostControlsSaved {
    return {
      paused: this.paused,
      approvalRequired: this.approvalRequired,
      muted: [...this.muted],
      removed: [...this.removed],
      pendingStakes: this.pendingStakes,
    };
  }

  info(): HostControlsInfo {
    const settings = this.room.state.config.private;
    return {
      paused: this.paused,
      approvalRequired: this.approvalRequired,
      seatRequests: [...this.requests.values()].map((seat) => ({
        playerId: seat.player.userId,
        name: seat.player.name,
        buyIn: seat.req.buyIn,
        at: seat.at,
      })),
      muted: [...this.muted],
      removed: [...this.removed],
      passwordSet: settings !== null && settings.inviteCode !== null,
      ...(this.pendingStakes
        ? {
            pendingStakes: {
              smallBlind: this.pendingStakes.smallBlind,
              bigBlind: this.pendingStakes.bigBlind,
              ...(this.pendingStakes.ante !== undefined ? { ante: this.pendingStakes.ante } : {}),
            },
          }
        : {}),
    };
  }

  /** The host of this table: a private table's host, or an admin at a public one. */
  isHost(actor: HostActor): boolean {
    const settings = this.room.state.config.private;
    return settings ? settings.hostId === actor.userId : actor.role === 'admin';
  }

  /** Who libs/table takes as the host (`'system'` administers public tables). */
  private tableBy(): string {
    return this.room.state.config.private?.hostId ?? 'system';
  }

  // ------------------------------------------------------------------ the sit gate (called by the queued sit)

  /** Refuses a removed player; true when this sit must wait for the host instead (approval required). */
  gate(player: { userId: string; isBot?: boolean }): boolean {
    if (this.removed.has(player.userId))
      throw new TableHostError('FORBIDDEN', 'REMOVED_BY_HOST', 'the host removed you from this table');
    if (!this.approvalRequired || player.isBot) return false;
    return this.room.state.config.private?.hostId !== player.userId;
  }

  /** Keeps a seat request (its checks already passed) and tells the table. */
  request(player: { userId: string; name: string }, req: PendingSeat['req']): void {
    this.requests.set(player.userId, {
      player: { userId: player.userId, name: player.name },
      req: { ...req },
      at: this.room.timers.now(),
    });
    this.room.publishTable([hostEvent({ type: 'seatRequested', playerId: player.userId, name: player.name })]);
  }

  // ------------------------------------------------------------------ between hands (the room's deal asks)

  /** Before a deal: stakes owed to the next hand take effect. False while paused (no deal). */
  async beforeDeal(): Promise<boolean> {
    if (this.paused) return false;
    if (this.pendingStakes) {
      const stakes = this.pendingStakes;
      this.pendingStakes = null;
      this.version++;
      await this.room.commit(
        this.room.tryTable(() => tableUpdateSettings(this.room.state, this.tableBy(), { stakes })),
      );
    }
    return true;
  }

  // ------------------------------------------------------------------ commands

  /** Runs one host command (queued). Refused to a non-host with FORBIDDEN NOT_HOST; nothing changes then. */
  run(actor: HostActor, cmd: HostCommand): Promise<void> {
    return this.room.queue.run(async () => {
      this.room.dealer.cashOnly('host controls');
      if (this.room.state.closed) throw new TableHostError('CONFLICT', 'TABLE_CLOSED', 'the table is closed');
      if (!this.isHost(actor)) throw new TableHostError('FORBIDDEN', 'NOT_HOST', 'only the host may do this');
      await this.apply(actor, cmd);
    });
  }

  private async apply(actor: HostActor, cmd: HostCommand): Promise<void> {
    const room = this.room;
    const by = actor.userId;
    switch (cmd.command) {
      case 'pause':
      case 'resume': {
        const paused = cmd.command === 'pause';
        if (this.paused === paused) return;
        this.paused = paused;
        this.version++;
        room.publishTable([
          hostEvent({ type: paused ? 'paused' : 'resumed', by, afterHand: paused && room.hand !== null }),
        ]);
        if (!paused) room.scheduleNextHand(0);
        return;
      }
      case 'approval':
        if (this.approvalRequired === cmd.on) return;
        this.approvalRequired = cmd.on;
        this.version++;
        room.publishTable([hostEvent({ type: 'approvalRequired', on: cmd.on, by })]);
        return;
      case 'approve': {
        const seat = this.takeRequest(cmd.playerId);
        room.publishTable([hostEvent({ type: 'seatApproved', playerId: cmd.playerId, by })]);
        await room.seatNow(seat.player, seat.req);
        return;
      }
      case 'deny':
        this.takeRequest(cmd.playerId);
        room.publishTable([hostEvent({ type: 'seatDenied', playerId: cmd.playerId, by })]);
        return;
      case 'away':
        await room.commit(room.tryTable(() => tableSitOut(room.state, cmd.playerId)));
        return;
      case 'stand-up':
        await this.standUp(cmd.playerId);
        return;
      case 'remove': {
        const seated = seatOf(room.state, cmd.playerId) >= 0;
        if (cmd.playerId === this.room.state.config.private?.hostId)
          throw new TableHostError('BAD_PAYLOAD', 'HOST_ITSELF', 'the host cannot remove himself');
        if (seated) await this.standUp(cmd.playerId);
        this.requests.delete(cmd.playerId);
        this.removed.add(cmd.playerId);
        this.muted.delete(cmd.playerId);
        this.version++;
        room.publishTable([hostEvent({ type: 'playerRemoved', playerId: cmd.playerId, by })]);
        return;
      }
      case 'transfer':
        await this.transfer(by, cmd.playerId);
        return;
      case 'password': {
        if (!room.state.config.private)
          throw new TableHostError('BAD_PAYLOAD', 'INVALID_CONFIG', 'only private tables have a password');
        await room.commit(room.tryTable(() => tableSetInviteCode(room.state, by, cmd.password)));
        return;
      }
      case 'stakes':
        await this.changeStakes(cmd.stakes as TableStakes, by);
        return;
      case 'mute':
      case 'unmute': {
        const on = cmd.command === 'mute';
        if (on === this.muted.has(cmd.playerId)) return;
        if (on) this.muted.add(cmd.playerId);
        else this.muted.delete(cmd.playerId);
        this.version++;
        room.publishTable([hostEvent({ type: on ? 'muted' : 'unmuted', playerId: cmd.playerId, by })]);
        return;
      }
    }
  }

  private takeRequest(playerId: string): PendingSeat {
    const seat = this.requests.get(playerId);
    if (!seat) throw new TableHostError('NOT_FOUND', 'NO_SEAT_REQUEST', 'this player has no seat request');
    this.requests.delete(playerId);
    return seat;
  }

  /** The player leaves: between hands cashed out now; dealt in, he folds now and is cashed out at the hand's end. */
  private async standUp(playerId: string): Promise<void> {
    const room = this.room;
    await room.commit(room.tryTable(() => tableLeave(room.state, playerId, room.timers.now())));
    const runningHand = room.hand;
    if (runningHand?.clock && runningHand.players.get(runningHand.clock.seat) === playerId)
      room.clock.restart(runningHand);
  }

  private async transfer(by: string, to: string): Promise<void> {
    const room = this.room;
    const settings = room.state.config.private;
    if (!settings)
      throw new TableHostError('BAD_PAYLOAD', 'INVALID_CONFIG', 'only private tables have a host to transfer');
    if (to === settings.hostId) return;
    const seat = seatOf(room.state, to);
    if (seat >= 0 && room.state.seats[seat]!.isBot)
      throw new TableHostError('BAD_PAYLOAD', 'BOT_CANNOT_HOST', 'a bot cannot host');
    if (seat < 0 && !settings.invited.includes(to))
      throw new TableHostError('NOT_FOUND', 'NOT_AT_TABLE', 'host rights go to a seated or invited player');
    if (this.removed.has(to))
      throw new TableHostError('BAD_PAYLOAD', 'REMOVED_BY_HOST', 'a removed player cannot host');
    // The old host stays invited (he may sit and watch as before).
    const invited = [...settings.invited.filter((id) => id !== to), ...(settings.invited.includes(by) ? [] : [by])];
    const config = { ...room.state.config, private: { ...settings, hostId: to, invited } };
    await room.commit({
      state: { ...room.state, config, version: room.state.version + 1 },
      events: [hostEvent({ type: 'hostTransferred', from: by, to })],
    });
  }

  /** New stakes now between hands; during a hand they wait for its end (checked now: a bad one is refused at once). */
  private async changeStakes(stakes: TableStakes, by: string): Promise<void> {
    const room = this.room;
    const tableBy = room.state.config.private ? by : 'system';
    if (room.state.hand || room.hand) {
      room.tryTable(() => tableUpdateSettings({ ...room.state, hand: null }, tableBy, { stakes }));
      this.pendingStakes = { ...stakes };
      this.version++;
      room.publishTable([
        hostEvent({ type: 'stakesNextHand', smallBlind: stakes.smallBlind, bigBlind: stakes.bigBlind, by }),
      ]);
      return;
    }
    this.pendingStakes = null;
    await room.commit(room.tryTable(() => tableUpdateSettings(room.state, tableBy, { stakes })));
  }
}
