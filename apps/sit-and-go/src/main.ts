import { runNaikoApp } from '@naiko/platform';
import { SitAndGoModule } from './app.module';

runNaikoApp({ name: 'sit-and-go', module: SitAndGoModule });
