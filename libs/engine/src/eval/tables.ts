/**
 * 13-bit rank-mask lookup tables shared by the bitmask evaluators. Each has 8192 entries (one per set
 * of ranks, bit r = rank r, deuce = bit 0, ace = bit 12), about 100 KB in total.
 */
const SIZE = 1 << 13;

export interface RankTables {
  /** Number of set bits. */
  readonly POPCOUNT: Uint8Array;
  /** Mask of the highest 1, 2, 3 and 5 set bits (fewer if the mask has fewer bits). */
  readonly TOP1: Uint16Array;
  readonly TOP2: Uint16Array;
  readonly TOP3: Uint16Array;
  readonly TOP5: Uint16Array;
  /**
   * Straight with ace-low wheel (A-2-3-4-5): 1 + rank of the top card of the best straight in the mask,
   * 0 if none. The wheel's top card is the five (rank 3), so it scores 4, below 6-high (5).
   */
  readonly STRAIGHT: Uint8Array;
  /** As STRAIGHT but the ace is high only (deuce-to-seven lowball: A-2-3-4-5 is not a straight). */
  readonly STRAIGHT_NO_WHEEL: Uint8Array;
}

function topBits(mask: number, count: number): number {
  let out = 0;
  for (let r = 12; r >= 0 && count > 0; r--) {
    if (mask & (1 << r)) {
      out |= 1 << r;
      count--;
    }
  }
  return out;
}

/** Builds the tables (exported so the benchmark can time and size the start-up cost). */
export function buildRankTables(): RankTables {
  const rankTables = {
    POPCOUNT: new Uint8Array(SIZE),
    TOP1: new Uint16Array(SIZE),
    TOP2: new Uint16Array(SIZE),
    TOP3: new Uint16Array(SIZE),
    TOP5: new Uint16Array(SIZE),
    STRAIGHT: new Uint8Array(SIZE),
    STRAIGHT_NO_WHEEL: new Uint8Array(SIZE),
  };
  for (let m = 0; m < SIZE; m++) {
    let count = 0;
    for (let r = 0; r < 13; r++) if (m & (1 << r)) count++;
    rankTables.POPCOUNT[m] = count;
    rankTables.TOP1[m] = topBits(m, 1);
    rankTables.TOP2[m] = topBits(m, 2);
    rankTables.TOP3[m] = topBits(m, 3);
    rankTables.TOP5[m] = topBits(m, 5);
    let st = 0;
    for (let top = 12; top >= 4; top--) {
      const run = 0x1f << (top - 4);
      if ((m & run) === run) {
        st = top + 1;
        break;
      }
    }
    rankTables.STRAIGHT_NO_WHEEL[m] = st;
    if (st === 0 && (m & 0x100f) === 0x100f) st = 4; // A,2,3,4,5
    rankTables.STRAIGHT[m] = st;
  }
  return rankTables;
}

export const { POPCOUNT, TOP1, TOP2, TOP3, TOP5, STRAIGHT, STRAIGHT_NO_WHEEL } = buildRankTables();
