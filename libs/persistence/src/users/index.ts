export * from './user-repository';
export * from './session-repository';
