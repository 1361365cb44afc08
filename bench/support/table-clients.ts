/**
 * The socket.io players of the `tables` benchmark (bench/tables.ts): each connects, sits at its
 * table after its stagger, plays with the libs/table bot policy from its own seat's view through the
 * real gateway and measures action → update latency. They run in the bench process, or spread over
 * child processes (`--client-processes K`, bench/support/table-clients-child.ts), so that at
 * thousands of tables the clients' own GC and CPU are not measured as the server's latency.
 */
import { HandFeedAssembler, type TableHandPayload, type TableSnapshotPayload } from '@naiko/contracts';
import { seededRandom } from '@naiko/engine';
import { decideBotAction, toBotView } from '@naiko/table';
import { connectSocket, type TestSocket } from '../../test/support/socket';
import { pool } from './cluster';

/** One player of the plan: who, where, and when he sits (ms after the clients connected). */
export interface PlannedPlayer {
  index: number;
  userId: string;
  token: string;
  tableId: string;
  seat: number;
  sitAfterMs: number;
}

/**
 * The players of `tables.length` tables of `seats` seats: user `index` sits at table `index / seats`,
 * seat `index % seats`, `sitAfterMs(index)` after the clients connected.
 */
export function planPlayers(
  users: readonly { id: string; username: string }[],
  tables: readonly { tableId: string }[],
  seats: number,
  token: (user: { id: string; username: string }) => string,
  sitAfterMs: (index: number) => number,
): PlannedPlayer[] {
  return users.map((user, index) => ({
    index,
    userId: user.id,
    token: token(user),
    tableId: tables[Math.floor(index / seats)]!.tableId,
    seat: index % seats,
    sitAfterMs: sitAfterMs(index),
  }));
}

export interface ClientPlan {
  url: string;
  seats: number;
  thinkMs: number;
  players: PlannedPlayer[];
}

/** What the clients measured in the window. `slow` carries wall-clock times (comparable across processes). */
export interface ClientStats {
  latencies: number[];
  handsSeen: number;
  actionsSeen: number;
  timeouts: number;
  slow: { at: number; ms: number }[];
  /** The slowest decision of each wall-clock second (epoch seconds → ms): a stall shows as a run of them. */
  slowestBySecond: Record<number, number>;
  /** The players' error answers by code (CONFLICT, a decision the clock took first, included). */
  errors: Record<string, number>;
  /** CPU seconds of the process running these clients over the window. */
  cpuSeconds: number;
}

const emptyStats = (): Omit<ClientStats, 'cpuSeconds'> => ({
  latencies: [],
  handsSeen: 0,
  actionsSeen: 0,
  timeouts: 0,
  slow: [],
  slowestBySecond: {},
  errors: {},
});

export class TableClients {
  private readonly sockets: TestSocket[] = [];
  private measuring = false;
  private stats: Omit<ClientStats, 'cpuSeconds'> = emptyStats();
  private cpuAtStart = process.cpuUsage();

  constructor(
    private readonly plan: ClientPlan,
    private readonly log: (line: string) => void,
  ) {}

  /** Connects every player and schedules his sit; `seated(index)` when his seat is his. */
  async connect(seated: (index: number) => void): Promise<void> {
    const { seats, thinkMs } = this.plan;
    await pool(this.plan.players, 32, async (player) => {
      const { socket } = await connectSocket(this.plan.url, player.token, 30_000);
      this.sockets.push(socket);
      const rng = seededRandom(`bench:${player.index}`);
      let seat: number | null = null;
      let pending: { version: number; at: number } | null = null;
      const onView = (view: Record<string, unknown> | undefined): void => {
        const wire = view as { version: number; toAct: number | null; legal: unknown } | undefined;
        if (!wire || !wire.legal || wire.toAct !== seat || seat === null) return;
        if (pending && pending.version === wire.version) return;
        const bv = toBotView(view as never, 10);
        if (!bv) return;
        const decision = decideBotAction(bv, rng);
        const action =
          decision.type === 'draw'
            ? { type: 'draw' as const, discard: decision.discard }
            : { type: decision.type, ...('amount' in decision ? { amount: decision.amount } : {}) };
        const send = () => {
          pending = { version: wire.version, at: performance.now() };
          socket.emit('table:act', { tableId: player.tableId, version: wire.version, action: action as never });
        };
        if (thinkMs <= 0) return send();
        // Marks the decision as taken (no second one for this version) while "thinking".
        pending = { version: wire.version, at: Number.POSITIVE_INFINITY };
        setTimeout(send, thinkMs * (0.75 + (0.5 * rng.nextUint32()) / 2 ** 32));
      };
      socket.on('table:snapshot', (payload: TableSnapshotPayload) => {
        seat = payload.yourSeat;
        if (seat !== null) seated(player.index);
        onView(payload.hand?.view);
      });
      // The public part of each update and this player's private part (own cards, legal actions), put together.
      const feed = new HandFeedAssembler();
      socket.on('table:hand-private', (own) => {
        const late = feed.private(own);
        if (late) onView(late.payload.view);
      });
      socket.on('table:hand', (part: TableHandPayload) => {
        const publicPart = feed.public(part);
        const stats = this.stats;
        if (this.measuring && player.index % seats === 0) {
          if (publicPart.events.some((e) => e.type === 'hand-ended')) stats.handsSeen++;
          stats.actionsSeen += publicPart.events.filter((e) => e.type === 'action').length;
        }
        if (pending && publicPart.events.some((e) => e.type === 'action' && e.seat === seat)) {
          // A timeout's action while still thinking is not a measured decision.
          if (this.measuring && Number.isFinite(pending.at)) {
            const ms = performance.now() - pending.at;
            stats.latencies.push(ms);
            if (ms > 200) stats.slow.push({ at: Date.now(), ms });
            const second = Math.floor(Date.now() / 1000);
            stats.slowestBySecond[second] = Math.max(stats.slowestBySecond[second] ?? 0, ms);
          } else if (this.measuring) stats.timeouts++;
          pending = null;
        }
        onView(publicPart.view);
      });
      socket.on('table:update', (payload) => {
        if (payload.events.some((e) => e.type === 'busted' && e.playerId === player.userId))
          socket.emit('table:reload', { tableId: player.tableId, amount: 1000 });
      });
      socket.on('error', (error) => {
        if (error.code !== 'CONFLICT') this.log(`client error: ${error.code} ${error.message}`);
        if (this.measuring) this.stats.errors[error.code] = (this.stats.errors[error.code] ?? 0) + 1;
        pending = null;
      });
      // Tables open at different moments, as in a real room (all dealing in step would make every
      // table start its hands in the same second, a herd no room sees).
      setTimeout(
        () => socket.emit('table:sit', { tableId: player.tableId, buyIn: 1000, seat: player.seat }),
        player.sitAfterMs,
      );
    });
  }

  startMeasuring(): void {
    this.stats = emptyStats();
    this.cpuAtStart = process.cpuUsage();
    this.measuring = true;
  }

  stopMeasuring(): ClientStats {
    this.measuring = false;
    const cpu = process.cpuUsage(this.cpuAtStart);
    return { ...this.stats, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  }

  close(): void {
    for (const socket of this.sockets) socket.close();
  }
}
