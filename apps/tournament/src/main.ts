import { runNaikoApp } from '@naiko/platform';
import { TournamentModule } from './app.module';

runNaikoApp({ name: 'tournament', module: TournamentModule });
