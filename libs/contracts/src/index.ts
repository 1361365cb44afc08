export * from './auth/claims';
export * from './jobs/registry';
export * from './socket/errors';
export * from './socket/events';
export * from './socket/tables';
export * from './sit-and-go/jobs';
export * from './sit-and-go/events';
export * from './lobby/tables-http';
