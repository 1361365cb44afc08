import { randomFillSync } from 'node:crypto';
import type { RandomSource } from './random-source';

/**
 * The production source: the operating system CSPRNG via `node:crypto`. Bytes are fetched in
 * blocks so a shuffle costs one syscall rather than fifty; the block is never reused.
 */
export function cryptoRandom(): RandomSource {
  const block = new Uint32Array(256);
  let next = block.length;
  return {
    nextUint32(): number {
      if (next === block.length) {
        randomFillSync(block);
        next = 0;
      }
      return block[next++];
    },
  };
}

/** A fresh secret seed for the provably-fair scheme: 32 CSPRNG bytes as 64 lowercase hex digits. */
export function newShuffleSeed(): string {
  const bytes = new Uint8Array(32);
  randomFillSync(bytes);
  return Buffer.from(bytes).toString('hex');
}
