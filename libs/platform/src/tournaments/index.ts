export * from './tournaments.module';
export * from './tournaments.service';
export * from './tournaments.runner';
export * from './tournaments.errors';
export * from './tournaments.gateway';
export * from './tournament-config';
export * from './mtt-state';
