import { runNaikoApp } from '@naiko/platform';
import { LobbyModule } from './app.module';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to
// embedded ones (that would split its state from the other services').
process.env.EMBEDDED_FALLBACK ??= 'false';
// Split deployment: the lobby hosts no tables; it lists every copy's tables from the Redis
// directory and routes each table command to the apps/cash-table copy that owns the table.
process.env.TABLES_HOST ??= 'false';
runNaikoApp({ name: 'lobby', module: LobbyModule });
