/**
 * Where the `tables` benchmark's players run: in the bench process (the default), or spread by
 * table over K child processes (`--client-processes K`), each its own heap and GC, so that at
 * thousands of tables the server's latency is measured without the clients' own pauses.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { TableClients, type ClientPlan, type ClientStats } from './table-clients';

export interface ClientRunner {
  connect(seated: (index: number) => void): Promise<void>;
  startMeasuring(): void;
  stopMeasuring(): Promise<ClientStats>;
  close(): Promise<void>;
}

export function clientRunner(plan: ClientPlan, processes: number, log: (line: string) => void): ClientRunner {
  return processes <= 1 ? inProcess(plan, log) : inChildren(plan, processes, log);
}

function inProcess(plan: ClientPlan, log: (line: string) => void): ClientRunner {
  const clients = new TableClients(plan, log);
  return {
    connect: (seated) => clients.connect(seated),
    startMeasuring: () => clients.startMeasuring(),
    stopMeasuring: () => Promise.resolve(clients.stopMeasuring()),
    close: () => Promise.resolve(clients.close()),
  };
}

/** The children's keyed figures as one: `combine` for a key more than one child has. */
function mergeCounts<K extends string | number>(
  parts: Record<K, number>[],
  combine: (a: number, b: number) => number,
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const part of parts)
    for (const [key, value] of Object.entries(part) as [K, number][])
      out[key] = key in out ? combine(out[key], value) : value;
  return out;
}

type FromChild =
  | { type: 'seated'; index: number }
  | { type: 'connected' }
  | { type: 'failed'; error: string }
  | { type: 'log'; line: string }
  | { type: 'stats'; stats: ClientStats };

function inChildren(plan: ClientPlan, processes: number, log: (line: string) => void): ClientRunner {
  // Whole tables per child: the hands a table's first seat counts are then counted once.
  const shares: ClientPlan[] = Array.from({ length: processes }, () => ({ ...plan, players: [] }));
  for (const player of plan.players) shares[Math.floor(player.index / plan.seats) % processes].players.push(player);
  const children: ChildProcess[] = shares.map(() =>
    fork(join(__dirname, 'table-clients-child.ts'), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const next = (child: ChildProcess, type: FromChild['type']): Promise<FromChild> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: FromChild) => {
        if (message.type === 'failed') reject(new Error(message.error));
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`a client process exited (${code})`)));
    });
  return {
    async connect(seated) {
      for (const child of children)
        child.on('message', (message: FromChild) => {
          if (message.type === 'seated') seated(message.index);
          if (message.type === 'log') log(message.line);
        });
      const connected = children.map((child) => next(child, 'connected'));
      children.forEach((child, i) => child.send({ type: 'plan', plan: shares[i] }));
      await Promise.all(connected);
    },
    startMeasuring() {
      for (const child of children) child.send({ type: 'start' });
    },
    async stopMeasuring() {
      const replies = children.map((child) => next(child, 'stats'));
      for (const child of children) child.send({ type: 'stop' });
      const all = (await Promise.all(replies)).map((reply) => (reply as { stats: ClientStats }).stats);
      return {
        latencies: all.flatMap((s) => s.latencies),
        handsSeen: all.reduce((sum, s) => sum + s.handsSeen, 0),
        actionsSeen: all.reduce((sum, s) => sum + s.actionsSeen, 0),
        timeouts: all.reduce((sum, s) => sum + s.timeouts, 0),
        slow: all.flatMap((s) => s.slow),
        slowestBySecond: mergeCounts(
          all.map((s) => s.slowestBySecond),
          Math.max,
        ),
        errors: mergeCounts(
          all.map((s) => s.errors),
          (a, b) => a + b,
        ),
        cpuSeconds: all.reduce((sum, s) => sum + s.cpuSeconds, 0),
      };
    },
    async close() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.send({ type: 'close' });
              setTimeout(() => {
                child.kill('SIGKILL');
                resolve();
              }, 5_000).unref();
            }),
        ),
      );
    },
  };
}
