// The table commands as they cross copies (cluster/routing.ts sends them to the table's owner) and
// how the owner runs one on a table it hosts: the player's and the host's commands go to the
// TableHost; what a command changed of the cash_tables row is stored before it is answered.
import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { LedgerError } from '@naiko/persistence';
import type { ClockSettings, makeTableConfig, SettingsPatch } from '@naiko/table';
import {
  cashTableLimitsProblem,
  type TablePublicState,
  type TableSettingsBody,
  type TableSnapshotPayload,
  type TableSummary,
} from '@naiko/contracts';
import type { RoutedUser } from '../cluster/table-router';
import { TableHostError } from './host-errors';
import type { HostCommand } from './room/host-controls';
import type { Decision, TableHost } from './table-host';
import type { TablesService } from './tables.service';
import { mayWatchHere, requireWatchAsync } from './table-watch';

export interface CreateTableInput {
  name: string;
  /** libs/table config input; the clock may be partial (defaults fill the rest). */
  config: Omit<Parameters<typeof makeTableConfig>[0], 'clock'> & { clock?: Partial<ClockSettings> };
  hostId?: string;
  /** A fixed id (the room's default tables); taken already → CONFLICT TABLE_EXISTS. */
  tableId?: string;
}

/**
 * A table command as it crosses copies: what the socket gateway and the lobby HTTP API ask of a
 * table. The caller's identity travels next to it (RoutedUser), as its own gateway authenticated it.
 */
export type TableCommand =
  | {
      op: 'watch';
      tableId: string;
      /** the user's first socket on this table at the caller's copy */ first: boolean;
      inviteCode?: string;
    }
  /**
   * Refused (FORBIDDEN, NOT_INVITED) unless the user may watch the table; the gateway asks before joining its rooms.
   */
  | { op: 'watch-access'; tableId: string; inviteCode?: string }
  | { op: 'unwatch'; tableId: string; /** the user's last socket on this table at the caller's copy */ last: boolean }
  | { op: 'sit'; tableId: string; buyIn: number; seat?: number; inviteCode?: string; waitForBigBlind?: boolean }
  | { op: 'leave' | 'sit-out' | 'invite-code' | 'close' | 'bomb-pot'; tableId: string }
  | { op: 'reload'; tableId: string; amount: number }
  | { op: 'sit-in'; tableId: string; waitForBigBlind?: boolean }
  | { op: 'act'; tableId: string; version: number; action: Decision }
  | { op: 'chat'; tableId: string; text: string }
  /** Issue 23: a host command (room/host-controls.ts); FORBIDDEN NOT_HOST for anyone else. */
  | { op: 'host'; tableId: string; command: HostCommand }
  /** Issue 23: reports a recent chat message of the table to the admins. */
  | { op: 'chat-report'; tableId: string; messageId: string; reason?: string }
  | { op: 'extended-time'; tableId: string; on: boolean }
  | { op: 'seat-map'; tableId: string; code?: string }
  | { op: 'invite'; tableId: string; invitedId: string }
  | { op: 'settings'; tableId: string; body: TableSettingsBody }
  | { op: 'create'; input: CreateTableInput };

const logger = new Logger('Tables');

/** Runs a command on a table this copy hosts (ledger refusals become typed host errors). */
export async function executeTableCommand(
  tables: TablesService,
  cmd: TableCommand,
  user: RoutedUser,
): Promise<unknown> {
  try {
    return await executeHere(tables, cmd, user);
  } catch (err) {
    return fromLedgerError(err);
  }
}

async function executeHere(tables: TablesService, cmd: TableCommand, user: RoutedUser): Promise<unknown> {
  if (cmd.op === 'create') return (await tables.create(cmd.input)).summary();
  const host = tables.get(cmd.tableId);
  switch (cmd.op) {
    case 'watch-access':
      await requireWatchAsync(host, user, cmd.inviteCode);
      return null;
    case 'watch': {
      await requireWatchAsync(host, user, cmd.inviteCode);
      // The first socket of a seated player is a (re)connection: same seat, clock untouched.
      if (cmd.first) await host.connected(user.sub);
      else await host.idle();
      return host.snapshot(user.sub) satisfies TableSnapshotPayload;
    }
    case 'unwatch':
      if (cmd.last) await host.disconnected(user.sub);
      return null;
    case 'sit':
      await host.sit(
        { userId: user.sub, name: user.username },
        { buyIn: cmd.buyIn, seat: cmd.seat, inviteCode: cmd.inviteCode, waitForBigBlind: cmd.waitForBigBlind },
      );
      return host.snapshot(user.sub);
    case 'leave':
      return host.leave(user.sub);
    case 'reload':
      return host.reload(user.sub, cmd.amount);
    case 'sit-out':
      return host.sitOut(user.sub);
    case 'sit-in':
      return host.sitIn(user.sub, cmd.waitForBigBlind);
    case 'act':
      return host.act(user.sub, cmd.version, cmd.action);
    case 'chat':
      return host.chat(user.sub, cmd.text);
    case 'host':
      return hostCommand(tables, host, user, cmd.command);
    case 'chat-report':
      return tables.chatReporting.report(host, user, cmd.messageId, cmd.reason);
    case 'extended-time':
      return host.setExtendedTime(user.sub, cmd.on);
    case 'seat-map': {
      if (!mayWatchHere(host, user, cmd.code))
        throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${cmd.tableId}`);
      await host.options.watchGuard?.(user, cmd.code).catch(() => {
        throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${cmd.tableId}`);
      });
      return host.publicState() satisfies TablePublicState;
    }
    case 'invite':
      await host.invite(user.sub, cmd.invitedId);
      await tables.saves.saveConfig(host);
      return { invited: cmd.invitedId };
    case 'invite-code': {
      const code = newInviteCode();
      await host.setInviteCode(user.sub, code);
      await tables.saves.saveConfig(host);
      return { code };
    }
    case 'settings':
      return changeSettings(tables, host, user, cmd.body);
    case 'bomb-pot':
      // Home games: the host asks for a bomb pot on the next hand; saved with the table (onChanged),
      // and answered once saved, so an acknowledged request survives a restart.
      await host.requestBombPot(user.sub);
      await tables.saves.bombPotStored(host.tableId);
      return host.summary();
    case 'close': {
      const closing = await host.close(
        user.role === 'admin' && host.table.config.private === null ? 'system' : user.sub,
      );
      // During a hand the table closes when the hand is over (summary.closingAfterHand until then).
      if (closing.deferred)
        closing.afterHand
          .then(() => tables.saves.saveConfig(host))
          .catch((err: unknown) =>
            logger.error({ msg: 'closing after the hand failed', tableId: host.tableId, err: String(err) }),
          );
      else await tables.saves.saveConfig(host);
      return host.summary();
    }
  }
}

/** The private table's settings: checked limits, then stored; spectators turned off leave its rooms. */
async function changeSettings(
  tables: TablesService,
  host: TableHost,
  user: RoutedUser,
  settings: TableSettingsBody,
): Promise<TableSummary> {
  // The stakes and buy-in the table would have (issue 19.8: no buy-in below the big blind).
  const problem = cashTableLimitsProblem(
    settings.stakes ?? host.table.config.stakes,
    settings.buyIn ?? host.table.config.buyIn,
  );
  if (problem)
    throw new TableHostError('BAD_PAYLOAD', 'INVALID_CONFIG', `${problem.path.join('.')}: ${problem.message}`);
  const patch: SettingsPatch = {
    ...settings,
    ...(settings.clock ? { clock: { ...host.table.config.clock, ...settings.clock } } : {}),
  } as SettingsPatch;
  await host.updateSettings(user.sub, patch);
  await tables.saves.saveConfig(host);
  // Spectators turned off: everyone who may no longer watch leaves the table's rooms (every copy).
  if (settings.spectatorsAllowed === false) {
    await tables.sockets
      .evictWatchers(host.tableId, (watcher, code) => mayWatchHere(host, watcher, code))
      .catch((err: unknown) =>
        logger.warn({ msg: 'evicting spectators failed', tableId: host.tableId, err: String(err) }),
      );
  }
  return host.summary() satisfies TableSummary;
}

/**
 * A host command (issue 23). What it changed is saved before the answer: the config (password,
 * host rights, stakes), cash_tables.host_id, and the controls a restart must keep.
 */
async function hostCommand(
  tables: TablesService,
  host: TableHost,
  user: RoutedUser,
  command: HostCommand,
): Promise<unknown> {
  if (command.command === 'stakes') {
    const problem = cashTableLimitsProblem(command.stakes, host.table.config.buyIn);
    if (problem)
      throw new TableHostError('BAD_PAYLOAD', 'INVALID_CONFIG', `${problem.path.join('.')}: ${problem.message}`);
  }
  await host.controls.run({ userId: user.sub, role: user.role }, command);
  await tables.saves.saveConfig(host);
  await tables.saves.saveHostControls(host);
  return host.summary();
}

export function newInviteCode(): string {
  return randomBytes(9).toString('base64url');
}

/** Ledger refusals (no account, not enough chips) as typed host errors. */
export function fromLedgerError(err: unknown): never {
  if (err instanceof LedgerError)
    throw new TableHostError(err.code === 'INSUFFICIENT_FUNDS' ? 'FORBIDDEN' : 'CONFLICT', err.code, err.message);
  throw err;
}
