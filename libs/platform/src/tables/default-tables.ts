// The room's default public tables (config/room.json, libs/platform/src/room): opened at start-up by
// whichever table-hosting copy gets there first. Each table's id is a name-based UUID of its key,
// so the cash_tables primary key decides: one copy inserts it, every other copy (and every restart)
// finds it there and leaves it alone (hosted again by the usual restart path or the lease adoption).
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { CashTableRepository } from '@naiko/persistence';
import { defaultTableId, type DefaultTable, type RoomConfig } from '../room/room-config';
import { ROOM_CONFIG } from '../tokens';
import { TableHostError } from './host-errors';
import type { CreateTableInput } from './table-commands';
import { TablesService } from './tables.service';

@Injectable()
export class DefaultTables implements OnApplicationBootstrap {
  private readonly logger = new Logger('Room');
  /** Keys opened by this copy at this start (tests, logs). */
  readonly opened: string[] = [];

  constructor(
    private readonly tables: TablesService,
    private readonly cashTables: CashTableRepository,
    @Optional() @Inject(ROOM_CONFIG) private readonly room: RoomConfig | null = null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.tables.hostsTables) return;
    const room = this.room;
    if (!room) return;
    await this.tables.booted;
    await this.open(room.tables);
  }

  async open(defs: readonly DefaultTable[]): Promise<string[]> {
    for (const def of defs) {
      const tableId = defaultTableId(def.key);
      if (await this.cashTables.exists(tableId)) continue;
      const { key, name, ...config } = def;
      const input: CreateTableInput = {
        name,
        tableId,
        config: { botsAllowed: true, ...config, private: null } as CreateTableInput['config'],
      };
      try {
        await this.tables.create(input);
        this.opened.push(key);
      } catch (err) {
        if (err instanceof TableHostError && (err.reason === 'TABLE_EXISTS' || err.reason === 'NOT_OWNER')) continue; // another copy won
        throw err;
      }
    }
    if (this.opened.length)
      this.logger.log({ msg: `opened default tables: ${this.opened.join(', ')}`, opened: this.opened });
    return this.opened;
  }
}
