export * from './policy';
export * from './names';
export * from './fill';
export * from './powers';
export { categoryOf, madeCategory, startingStrength, madeStrength, lowballStrength } from './strength';
