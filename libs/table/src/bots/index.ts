export * from './policy';
export * from './names';
export * from './fill';
export { madeCategory, startingStrength, madeStrength, lowballStrength } from './strength';
