// The Spin multiplier draw, provably fair like the deck (libs/engine rng/commitment.ts), of a Spin
// Sit & Go and of a scheduled tournament with `spin` settings (tournaments/spin-start.ts):
//   1. When a Spin instance opens, the server draws a secret seed with the CSPRNG (`newShuffleSeed`)
//      and publishes `spinCommitment(table, seed)` = SHA-256 hex of "naiko-spin-v1|<table name>|<seed>".
//   2. When the third player registers, the multiplier is `drawSpinMultiplier(table, hashRandom(seed))`:
//      one uniform integer below the table's total weight from the SHA-256 counter stream.
//   3. At the end the seed is revealed; `verifySpinDraw` redoes 1 and 2 from it.
// The seed is fixed before anyone registers, so neither the server nor a player can steer the draw
// after seeing who joined; the CSPRNG makes the seed unguessable from the commitment.
import { createHash } from 'node:crypto';
import { hashRandom, newShuffleSeed } from '@naiko/engine';
import { drawSpinMultiplier, type SpinMultiplier, type SpinTable } from '@naiko/tournament';

export function spinCommitment(table: SpinTable, seed: string): string {
  return createHash('sha256').update(`naiko-spin-v1|${table.name}|${seed}`, 'utf8').digest('hex');
}

export function newSpinSeed(): { seed: string } {
  return { seed: newShuffleSeed() };
}

export function drawFromSeed(table: SpinTable, seed: string): SpinMultiplier {
  return drawSpinMultiplier(table, hashRandom(`spin:${seed}`));
}

export function verifySpinDraw(table: SpinTable, commitment: string, seed: string, multiplier: number): boolean {
  return (
    spinCommitment(table, seed) === commitment.toLowerCase() && drawFromSeed(table, seed).multiplier === multiplier
  );
}
