import { runNaikoApp } from '@naiko/platform';
import { LobbyModule } from './app.module';

runNaikoApp({ name: 'lobby', module: LobbyModule });
