export * from './auth/claims';
export * from './jobs/registry';
export * from './socket/errors';
export * from './socket/events';
