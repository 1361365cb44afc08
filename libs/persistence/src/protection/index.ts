export * from './protection-uses';
