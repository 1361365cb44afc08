import { clusterModeFromEnv, runNaikoApp } from '@naiko/platform';
import { AllInOneModule } from './app.module';

// A single all-in-one process holds every socket and every table, so socket.io rooms need not
// span processes: without CLUSTER_MODE/INSTANCE_ID it leaves the Redis adapter out (it publishes
// every emit to Redis and decodes it back: ~10 % of the CPU under table load). As one of several
// copies it keeps it. SOCKET_REDIS_ADAPTER set explicitly always wins.
if (process.env.SOCKET_REDIS_ADAPTER === undefined && !clusterModeFromEnv(process.env).clustered) {
  process.env.SOCKET_REDIS_ADAPTER = 'false';
}

runNaikoApp({ name: 'all-in-one', module: AllInOneModule });
