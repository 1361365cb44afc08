// What a cash table keeps in its `cash_tables` row besides its creation: the config (host settings,
// invitations, closed), the host's controls (issue 23) and a bomb pot the host asked for. Each is
// written when it changed, and a command that changed it is answered once it is stored, so what
// a player was told survives a restart.
import type { Logger } from '@nestjs/common';
import type { CashTableRepository } from '@naiko/persistence';
import type { TableHost } from './table-host';

export class CashTableSaves {
  /** The controls' version last written per table, and that write (saved only when it moved). */
  private readonly controlsSaved = new Map<string, { version: number; done: Promise<void> }>();
  /** What the row says of a requested bomb pot, per table hosted here (written only when it changes). */
  private readonly bombPotSaved = new Map<string, boolean>();
  /** Per table, the newest save of its bomb-pot flag (a host's request is answered once it is stored). */
  private readonly bombPotSaving = new Map<string, Promise<void>>();

  constructor(
    private readonly cashTables: CashTableRepository,
    private readonly logger: Logger,
  ) {}

  /** A table hosted here from its row: what the row says now. */
  hosted(host: TableHost): void {
    this.bombPotSaved.set(host.tableId, host.table.bombPotPending === true);
    this.controlsSaved.set(host.tableId, { version: host.controls.version, done: Promise.resolve() });
  }

  /** Stores the table's current config (after host settings or invitations). */
  async saveConfig(host: TableHost): Promise<void> {
    await this.cashTables.saveConfig(host.tableId, {
      config: host.table.config,
      // hostId follows a transfer of host rights (issue 23).
      hostId: host.table.config.private?.hostId ?? null,
      closed: host.closed,
    });
  }

  /** Issue 23: the host's controls survive a restart (`cash_tables.host_controls`). */
  saveHostControls(host: TableHost): Promise<void> {
    const last = this.controlsSaved.get(host.tableId);
    if (last?.version === host.controls.version) return last.done;
    const done = this.cashTables.saveHostControls(host.tableId, host.controls.saved());
    this.controlsSaved.set(host.tableId, { version: host.controls.version, done });
    return done;
  }

  /** The newest save of the table's bomb-pot flag (resolved when none is under way). */
  bombPotStored(tableId: string): Promise<void> | undefined {
    return this.bombPotSaving.get(tableId);
  }

  /**
   * After any change of the table (its onChanged hook): the bomb-pot flag when it moved, and the
   * config and controls when stakes owed to the next hand took effect at its deal.
   */
  changed(host: TableHost): void {
    this.saveBombPotPending(host);
    if (this.controlsSaved.get(host.tableId)?.version !== host.controls.version) {
      Promise.all([this.saveConfig(host), this.saveHostControls(host)]).catch((err: unknown) =>
        this.logger.warn({ msg: 'saving the host controls failed', tableId: host.tableId, err: String(err) }),
      );
    }
  }

  /** Home games: a bomb pot the host asked for survives a restart (`cash_tables.bomb_pot_pending`). */
  private saveBombPotPending(host: TableHost): void {
    const pending = host.table.bombPotPending === true;
    if ((this.bombPotSaved.get(host.tableId) ?? false) === pending) return;
    this.bombPotSaved.set(host.tableId, pending);
    const saving = this.cashTables
      .saveBombPotPending(host.tableId, pending)
      .catch((err: unknown) =>
        this.logger.warn({ msg: 'saving the requested bomb pot failed', tableId: host.tableId, err: String(err) }),
      )
      .finally(() => {
        if (this.bombPotSaving.get(host.tableId) === saving) this.bombPotSaving.delete(host.tableId);
      });
    this.bombPotSaving.set(host.tableId, saving);
  }
}
