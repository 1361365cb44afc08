/**
 * A child process of the `tables` benchmark running a share of its players (`--client-processes K`):
 * bench/support/table-clients.ts over IPC. The parent sends the plan, then `start` and `stop` around
 * the measured window, then `close`; the child reports each seated player and its stats.
 */
import { TableClients, type ClientPlan } from './table-clients';

type FromParent = { type: 'plan'; plan: ClientPlan } | { type: 'start' } | { type: 'stop' } | { type: 'close' };

let clients: TableClients | null = null;
const send = (message: unknown): void => {
  process.send?.(message);
};

process.on('message', (message: FromParent) => {
  switch (message.type) {
    case 'plan':
      clients = new TableClients(message.plan, (line) => send({ type: 'log', line }));
      clients
        .connect((index) => send({ type: 'seated', index }))
        .then(
          () => send({ type: 'connected' }),
          (err: unknown) => send({ type: 'failed', error: String(err) }),
        );
      break;
    case 'start':
      clients?.startMeasuring();
      break;
    case 'stop':
      send({ type: 'stats', stats: clients?.stopMeasuring() });
      break;
    case 'close':
      clients?.close();
      process.disconnect?.();
      setTimeout(() => process.exit(0), 200).unref();
      break;
  }
});
