import { runNaikoApp } from '@naiko/platform';
import { CashTableModule } from './app.module';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to
// embedded ones (that would split its state from the other services').
process.env.EMBEDDED_FALLBACK ??= 'false';
runNaikoApp({ name: 'cash-table', module: CashTableModule });
