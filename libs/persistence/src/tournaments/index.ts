export * from './tournament-repository';
