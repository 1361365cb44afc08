// Node/V8 flags every Naiko server process starts with: `npm start`, the Docker image and the
// benchmarks that start servers (bench/tables.ts, bench/cluster.ts). `node scripts/node-flags.js`
// prints them for a shell command line (the Dockerfile's CMD).
//
// Why: V8's concurrent marking (the major GC) runs on up to four background threads by default.
// A table server's live heap is mostly sockets and tables (~170 MB at 6,000 sockets) and is marked
// every ~15 s; on a 2-core machine four markers took both cores from the event loop and from
// PostgreSQL for a fraction of a second, and every table's decisions waited (bench/tables.ts at
// 1,000 tables: p99 93–111 ms with the default, 49–73 ms with one marker). Marking on half the
// cores leaves the other half to the event loop and the database. These flags are only accepted
// on the command line (not in NODE_OPTIONS).
const os = require('node:os');

/** The flags for a machine with `cores` cores. */
function serverNodeFlags(cores = os.availableParallelism()) {
  return [`--concurrent-marking-max-worker-num=${Math.max(1, Math.floor(cores / 2))}`];
}

module.exports = { serverNodeFlags };

if (require.main === module) console.log(serverNodeFlags().join(' '));
