export * from './platform-secret-repository';
