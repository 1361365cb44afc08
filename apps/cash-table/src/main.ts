import { runNaikoApp } from '@naiko/platform';
import { CashTableModule } from './app.module';

runNaikoApp({ name: 'cash-table', module: CashTableModule });
