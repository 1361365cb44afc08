export * from './tournament-repository';
export * from './mtt-rows-repository';
export * from './purchase-repository';
