export * from './policy';
export * from './names';
export * from './fill';
export { categoryOf, madeCategory, startingStrength, madeStrength, lowballStrength } from './strength';
