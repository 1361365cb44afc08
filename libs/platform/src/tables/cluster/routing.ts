// Cluster routing of table commands (scale-out): every gateway event and lobby operation is a
// TableCommand; `command()` runs it on this copy when it hosts the table, else sends it to the
// owner found in the Redis table directory (../../cluster/table-router.ts) with the caller's
// identity, and the owner's reply or typed refusal comes back. It also keeps which users watch a
// table from other copies (a copy that dies without a goodbye leaves them disconnected here).
import { Logger } from '@nestjs/common';
import { mayJoinPrivate } from '@naiko/table';
import type { TableSummary } from '@naiko/contracts';
import { RoutedCommandError, type DirectoryEntry, type RoutedUser, type TableRouter } from '../../cluster/table-router';
import { TableHostError } from '../host-errors';
import type { TableHost } from '../table-host';
import type { TableCommand } from '../table-commands';
import type { TablesService } from '../tables.service';
import { requireWatchAsync } from '../table-watch';

export interface RoutedRequest {
  cmd: TableCommand;
  user: RoutedUser;
}

/** A new owner asks every other copy which of its users watch the tables it took over. */
export interface WatchersRequest {
  watchers: string[];
}

export class TableRouting {
  private readonly logger = new Logger('Tables');

  constructor(
    private readonly service: TablesService,
    readonly router: TableRouter | null,
  ) {}

  /**
   * Runs a table command where the table lives: here when this copy hosts it, else on its owner
   * (through Redis). The reply, or the owner's typed refusal (TableHostError), comes back.
   */
  async command(cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    if (cmd.op === 'create') {
      if (this.service.hostsTables || !this.router) return this.service.execute(cmd, user);
      const alive = await this.router.aliveHosts();
      if (!alive.length) throw new TableHostError('CONFLICT', 'NO_TABLE_HOST', 'no copy hosting tables is running');
      return this.routed(alive[Math.floor(Math.random() * alive.length)]!, cmd, user);
    }
    if (this.service.find(cmd.tableId) || !this.router) return this.service.execute(cmd, user);
    const entry = await this.router.entry(cmd.tableId);
    if (!entry) throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${cmd.tableId}`);
    // Listed as ours but not hosted (being adopted or just lost), or its owner stopped heartbeating.
    if (entry.owner === this.router.instanceId || !(await this.router.isAlive(entry.owner))) {
      throw new TableHostError('CONFLICT', 'TABLE_MOVING', 'the table is moving to another copy; retry in a moment');
    }
    return this.routed(entry.owner, cmd, user);
  }

  private async routed(owner: string, cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    try {
      return await this.router!.send(owner, cmd.op, { cmd, user } satisfies RoutedRequest);
    } catch (err) {
      if (err instanceof RoutedCommandError)
        throw new TableHostError(err.error.code, err.error.reason, err.error.message);
      throw err;
    }
  }

  /** A request another copy sent here: a table command, or a new owner asking for watchers. */
  async onRouted(req: RoutedRequest | WatchersRequest, from: string): Promise<unknown> {
    return 'watchers' in req ? this.localWatchers(req.watchers) : this.serve(req, from);
  }

  /** A command another copy routed here. */
  private async serve(req: RoutedRequest, from: string): Promise<unknown> {
    const { cmd, user } = req;
    if (cmd.op !== 'create' && !this.service.find(cmd.tableId)) {
      throw new TableHostError('CONFLICT', 'TABLE_MOVING', 'the table is moving to another copy; retry in a moment');
    }
    // Known as a listener before the command runs: the feeds from the snapshot on reach him (the
    // host sends nothing to users nobody knows to watch).
    const joins = cmd.op === 'watch' || cmd.op === 'sit';
    const known = joins && this.remoteWatchers.get(cmd.tableId)?.get(user.sub)?.has(from) === true;
    if (joins) this.remoteWatch(cmd.tableId, user.sub, from, true);
    let result: unknown;
    try {
      result = await this.service.execute(cmd, user);
    } catch (err) {
      if (joins && !known) this.remoteWatch(cmd.tableId, user.sub, from, false);
      throw err;
    }
    if (cmd.op === 'unwatch' && cmd.last) this.remoteWatch(cmd.tableId, user.sub, from, false);
    return result;
  }

  /** tableId → userId → copies where that user has sockets watching the table (routed watches only). */
  readonly remoteWatchers = new Map<string, Map<string, Set<string>>>();

  remoteWatch(tableId: string, userId: string, copy: string, on: boolean): void {
    let users = this.remoteWatchers.get(tableId);
    if (!users) this.remoteWatchers.set(tableId, (users = new Map()));
    let copies = users.get(userId);
    if (!copies) users.set(userId, (copies = new Set()));
    if (on) copies.add(copy);
    else copies.delete(copy);
    if (!copies.size) users.delete(userId);
    if (!users.size) this.remoteWatchers.delete(tableId);
  }

  /** Which users watch each of `tableIds` through sockets of this copy (asked by a new owner). */
  private localWatchers(tableIds: string[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const tableId of tableIds) {
      const users = this.service.sockets.usersWatching(tableId);
      if (users.length) out[tableId] = users;
    }
    return out;
  }

  /**
   * After a takeover the new owner knows none of the watchers the old one learnt from routed
   * `watch`es: it asks every other live copy, so a later death of one of them is noticed for its
   * users (forgetDeadCopies). A re-seated player who watches from nowhere (his socket was on the
   * dead copy and has not come back yet) counts as disconnected from now: his reconnection window
   * runs, and he is sat out if he does not return, instead of being checked and folded forever.
   */
  async learnWatchers(tableIds: string[]): Promise<void> {
    if (!this.router || !tableIds.length) return;
    const router = this.router;
    const others = (await router.aliveCopies().catch(() => [] as string[])).filter((c) => c !== router.instanceId);
    await Promise.all(
      others.map(async (copy) => {
        try {
          const reply = (await router.send(copy, 'watchers', {
            watchers: tableIds,
          } satisfies WatchersRequest)) as Record<string, string[]>;
          for (const [tableId, users] of Object.entries(reply)) {
            if (this.service.find(tableId)) for (const userId of users) this.remoteWatch(tableId, userId, copy, true);
          }
        } catch (err) {
          // A copy dying meanwhile: its users are not watching from there anyway.
          this.logger.warn({ msg: 'could not ask a copy for its watchers', copy, err: String(err) });
        }
      }),
    );
    for (const tableId of tableIds) {
      const host = this.service.find(tableId);
      if (!host) continue;
      for (const userId of this.service.reseated.get(tableId) ?? []) {
        if (this.remoteWatchers.get(tableId)?.has(userId) || this.service.sockets.userWatches(tableId, userId))
          continue;
        await host
          .disconnected(userId)
          .catch((err: unknown) =>
            this.logger.warn({ msg: 'disconnect after a takeover failed', tableId, err: String(err) }),
          );
      }
    }
  }

  /**
   * A copy killed without a goodbye never sends the `unwatch` of its sockets: once it stops
   * heartbeating, its users count as disconnected here (the reconnection window, then sat out),
   * unless they still watch from another copy or this one.
   */
  async forgetDeadCopies(): Promise<void> {
    if (!this.router) return;
    const copies = new Set<string>();
    for (const users of this.remoteWatchers.values())
      for (const set of users.values()) for (const copy of set) copies.add(copy);
    for (const copy of copies) {
      if (await this.router.isAlive(copy).catch(() => true)) continue;
      for (const [tableId, users] of [...this.remoteWatchers]) {
        for (const [userId, set] of [...users]) {
          if (!set.has(copy)) continue;
          this.remoteWatch(tableId, userId, copy, false);
          const still =
            this.remoteWatchers.get(tableId)?.has(userId) || this.service.sockets.userWatches(tableId, userId);
          const host = this.service.find(tableId);
          if (!still && host)
            host
              .disconnected(userId)
              .catch((err: unknown) =>
                this.logger.warn({ msg: 'disconnect after a dead copy failed', tableId, err: String(err) }),
              );
        }
      }
    }
  }

  /**
   * Refused (FORBIDDEN, NOT_INVITED) unless `user` may watch the table (a private table: host,
   * invitees, invite-code holders, seated players, admins, or anyone when the host allows
   * spectators). Asked by the gateway before it joins a socket to the table's rooms, so a refused
   * watch or sit never receives a single message of the table. Public tables routed elsewhere are
   * known from the directory without asking their owner.
   */
  async checkWatch(tableId: string, user: RoutedUser, inviteCode?: string): Promise<void> {
    if (this.service.find(tableId) || !this.router) {
      await requireWatchAsync(this.service.get(tableId), user, inviteCode);
      return;
    }
    const entry = await this.router.entry(tableId);
    if (entry && entry.access === null) return;
    await this.command({ op: 'watch-access', tableId, ...(inviteCode === undefined ? {} : { inviteCode }) }, user);
  }

  /**
   * The lobby's tables as `userId` may see them: every open public table, and private ones he
   * hosts or is invited to — of every copy (the Redis directory) when tables are spread over copies.
   */
  async summaries(userId: string): Promise<TableSummary[]> {
    if (!this.router) {
      return this.service
        .all()
        .filter((h) => !h.closed && (h.table.config.private === null || mayJoinPrivate(h.table, userId, false)))
        .map((h) => h.summary());
    }
    const entries = await this.router.entries();
    return entries
      .filter(
        (entry) =>
          entry.listed !== false &&
          !entry.summary.closed &&
          (entry.access === null || entry.access.hostId === userId || entry.access.invited.includes(userId)),
      )
      .map((e) => e.summary);
  }

  publishEntry(host: TableHost, listed = true): void {
    if (!this.router) return;
    const settings = host.table.config.private;
    const entry: DirectoryEntry = {
      tableId: host.tableId,
      owner: this.router.instanceId,
      summary: host.summary(),
      access: settings ? { hostId: settings.hostId, invited: [...settings.invited] } : null,
      ...(listed ? {} : { listed: false }),
    };
    const write = host.closed ? this.router.unpublish(host.tableId) : this.router.publish(entry);
    write.catch((err: unknown) =>
      this.logger.warn({ msg: 'table directory write failed', tableId: host.tableId, err: String(err) }),
    );
  }
}
