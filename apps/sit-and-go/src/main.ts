import { runNaikoApp } from '@naiko/platform';
import { SitAndGoModule } from './app.module';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to
// embedded ones (that would split its state from the other services').
process.env.EMBEDDED_FALLBACK ??= 'false';
// Sit & Go tables are table hosts reached by the tables gateway, but this service hosts no cash
// tables (apps/cash-table does): without this it would also reopen them and run their crash rule.
process.env.TABLES_HOST ??= 'false';
runNaikoApp({ name: 'sit-and-go', module: SitAndGoModule });
