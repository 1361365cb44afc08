// Flags as rows (`fair_play_flags`): one per finding, keyed `<signal>|<pattern>|<accounts>` so that a
// later scan finding the same thing updates its evidence instead of adding a row. A dismissed or
// actioned flag keeps its status when found again (its evidence and count still move on).
import { Injectable } from '@nestjs/common';
import { FairPlayRepository } from '@naiko/persistence';
import type { FairPlaySignal } from '@naiko/contracts';

export interface FlagInput {
  signal: FairPlaySignal;
  pattern: string | null;
  /** The accounts concerned, the main one first. */
  userIds: string[];
  /** The accounts that make the flag the same flag (e.g. the recipient alone for concentrated flow). */
  keyUsers: string[];
  evidence: unknown;
  handIds: string[];
}

/** Hands linked from one flag (the newest are kept). */
const MAX_HANDS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const flagKey = (f: Pick<FlagInput, 'signal' | 'pattern' | 'keyUsers'>): string =>
  `${f.signal}|${f.pattern ?? ''}|${f.keyUsers.join(',')}`;

@Injectable()
export class FlagStore {
  constructor(private readonly repository: FairPlayRepository) {}

  async record(input: FlagInput): Promise<string> {
    const handIds = input.handIds.filter((h) => UUID.test(h)).slice(-MAX_HANDS);
    const userIds = [...new Set(input.userIds)];
    const evidence = JSON.parse(JSON.stringify(input.evidence)) as object;
    return this.repository.recordFlag({
      key: flagKey(input),
      signal: input.signal,
      pattern: input.pattern,
      userIds,
      evidence,
      handIds,
    });
  }
}
