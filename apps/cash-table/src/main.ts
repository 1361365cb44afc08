import { runNaikoApp } from '@naiko/platform';
import { CashTableModule } from './app.module';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to
// embedded ones (that would split its state from the other services').
process.env.EMBEDDED_FALLBACK ??= 'false';
// The lobby (apps/lobby) routes table commands here through Redis, even to a single copy; several
// copies also need CLUSTER_MODE=redis (table leases, takeover).
process.env.TABLES_ROUTE ??= 'true';
runNaikoApp({ name: 'cash-table', module: CashTableModule });
