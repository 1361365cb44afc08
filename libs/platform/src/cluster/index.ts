export * from './table-lease';
export * from './fence';
export * from './metrics';
export * from './metrics.controller';
export * from './command-latency.interceptor';
export * from './queue-dashboard';
export * from './cluster.module';
export * from './table-ownership';
