export * from './tournament-repository';
export * from './mtt-rows-repository';
export * from './purchase-repository';
export * from './deal-repository';
export * from './pause-repository';
export * from './prize-repository';
export * from './private-event-repository';
export * from './tournament-view-repository';
