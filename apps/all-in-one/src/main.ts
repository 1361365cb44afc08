import { runNaikoApp } from '@naiko/platform';
import { AllInOneModule } from './app.module';

runNaikoApp({ name: 'all-in-one', module: AllInOneModule });
