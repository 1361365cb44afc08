/** Fair-play signals (issue 26 item 1): pure functions over stored hands and connection/timing records. */
export * from './hands';
export * from './chip-dump';
export * from './soft-play';
export * from './same-connection';
export * from './bot-timing';
