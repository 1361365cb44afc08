// The upgrade's settlement of the Sit & Gos the old service left unfinished (issue 21 item 2). Before
// it an instance was a `sit_and_gos` row with its own service, jobs and book `sng-<id>`; today an
// instance is a tournament, and nothing runs an old one any more. So that no chip stays stuck in an
// old book, every process of the Sit & Go module settles them when it starts, by the room's
// published cancellation rules (../tournaments/cancel-after-start.ts, `CANCELLATION_RULES`):
// - still registering (or filled, not started): every entry's buy-in and fee back, its tournament
//   chips back to the issuer (`sng:<id>:upgrade-refund:<userId>`);
// - started: the hand left running is cancelled first (the crash rule: every contribution back to
//   the stacks); the players already out in the paid places get their place's prize
//   (`sng:<id>:upgrade-prize:<userId>`); what is left of the prize pool is split among the players
//   still in, half equally and half by chips (`sng:<id>:upgrade-split:<userId>`); every stack goes
//   back to the issuer (`sng:<id>:upgrade-retire:<userId>`). A game whose last player was known
//   (`paying`) is paid exactly as its payout would have: every place is decided.
// The instance ends `cancelled`. One transaction per instance under its row lock, with idempotent
// ledger keys: copies starting together settle each instance once.
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  cancelRunningHand,
  HandStore,
  LegacySitAndGoRepository,
  postInTransaction,
  PrismaService,
  type LegacySitAndGoRow,
  type Tx,
} from '@naiko/persistence';
import {
  cancellationAfterStartSplit,
  payStandings,
  sitAndGoPrizeTable,
  spinPrizeTable,
  type FinishGroup,
  type PrizeTable,
  type SitAndGoTemplate,
} from '@naiko/tournament';
import { prizeMovement, refundMovements, retireMovement } from '../tournaments/lifecycle-movements';

/** What became of one old instance. */
export interface LegacySettlement {
  id: number;
  refunded: string[];
  paid: { userId: string; prize: number }[];
}

@Injectable()
export class LegacySitAndGos implements OnApplicationBootstrap {
  private readonly logger = new Logger('LegacySitAndGos');
  private readonly repository: LegacySitAndGoRepository;

  constructor(private readonly prisma: PrismaService) {
    this.repository = new LegacySitAndGoRepository(prisma);
  }

  async onApplicationBootstrap(): Promise<void> {
    const settled = await this.settleAll();
    if (settled.length) this.logger.warn({ msg: 'settled Sit & Gos left unfinished before the upgrade', settled });
  }

  /** Settles every unfinished old instance; returns what each became. */
  async settleAll(): Promise<LegacySettlement[]> {
    const out: LegacySettlement[] = [];
    for (const id of await this.repository.unfinished()) {
      const settled = await this.settle(id);
      if (settled) out.push(settled);
    }
    return out;
  }

  private async settle(id: number): Promise<LegacySettlement | null> {
    const book = `sng-${id}`;
    // The crash rule first (its own transactions, as at any table's recovery): the stacks are then final.
    const hands = new HandStore(this.prisma);
    for (const handId of await this.repository.runningHandIds(book))
      await cancelRunningHand(this.prisma, await hands.getHand(handId));
    return this.repository.transaction(async (tx) => {
      const row = await this.repository.lockUnfinished(tx, id);
      if (!row) return null; // another copy settled it
      const template = row.template as SitAndGoTemplate;
      const settlement =
        row.status === 'registering' || row.status === 'starting'
          ? await this.refund(tx, row, template, book)
          : await this.cancelAfterStart(tx, row, template, book);
      await this.repository.markCancelled(tx, id);
      return settlement;
    });
  }

  private async refund(
    tx: Tx,
    row: LegacySitAndGoRow,
    template: SitAndGoTemplate,
    book: string,
  ): Promise<LegacySettlement> {
    const refunded: string[] = [];
    for (const entry of await this.repository.entries(tx, book)) {
      if (entry.status !== 'registered') continue;
      await postInTransaction(tx, {
        idempotencyKey: `sng:${row.id}:upgrade-refund:${entry.userId}`,
        reason: 'refund',
        refs: { tournamentId: book },
        movements: refundMovements(
          book,
          entry.userId,
          { buyIn: template.buyIn, fee: template.entryFee },
          { chips: true },
        ),
      });
      await this.repository.setEntry(tx, book, entry.userId, { status: 'refunded' });
      refunded.push(entry.userId);
    }
    return { id: row.id, refunded, paid: [] };
  }

  private async cancelAfterStart(
    tx: Tx,
    row: LegacySitAndGoRow,
    template: SitAndGoTemplate,
    book: string,
  ): Promise<LegacySettlement> {
    const prizes = new Map<string, number>();
    const places = new Map<string, number>();
    const table = prizeTableOf(template, row.multiplier);
    const groups = (Array.isArray(row.standings) ? (row.standings as FinishGroup[]) : []).filter(
      (group) => group.bestPlace <= table.paidPlaces,
    );
    // 1. Places already decided in the money: their prize, ties sharing.
    for (const payout of groups.length ? payStandings(Number(row.prize_pool), table, groups) : []) {
      places.set(payout.playerId, payout.bestPlace);
      if (payout.prize <= 0) continue;
      prizes.set(payout.playerId, payout.prize);
      await this.pay(tx, `sng:${row.id}:upgrade-prize:${payout.playerId}`, book, payout.playerId, payout.prize);
    }
    // 2. The rest of the pool to the players still in: half equally, half by chips.
    const stacks = await this.repository.stacks(tx, book);
    const still = [...stacks].filter(([userId, stack]) => stack > 0 && !places.has(userId));
    const left = await this.repository.balance(tx, `pool:${book}`);
    if (still.length && left > 0) {
      const split = cancellationAfterStartSplit(
        left,
        still.map(([, stack]) => stack),
      );
      for (const [index, [userId]] of still.entries()) {
        const { total } = split[index];
        if (total <= 0) continue;
        prizes.set(userId, (prizes.get(userId) ?? 0) + total);
        await this.pay(tx, `sng:${row.id}:upgrade-split:${userId}`, book, userId, total);
      }
    }
    // 3. Every tournament chip back to the issuer; every entry ends.
    for (const [userId, stack] of stacks) {
      if (stack <= 0) continue;
      await postInTransaction(tx, {
        idempotencyKey: `sng:${row.id}:upgrade-retire:${userId}`,
        reason: 'tournament_chips',
        refs: { tournamentId: book },
        movements: [retireMovement(book, userId)],
      });
    }
    for (const entry of await this.repository.entries(tx, book)) {
      if (entry.status === 'refunded') continue;
      await this.repository.setEntry(tx, book, entry.userId, {
        status: 'finished',
        place: places.get(entry.userId) ?? entry.place,
        prize: BigInt(prizes.get(entry.userId) ?? 0),
      });
    }
    return { id: row.id, refunded: [], paid: [...prizes].map(([userId, prize]) => ({ userId, prize })) };
  }

  private async pay(tx: Tx, key: string, book: string, userId: string, amount: number): Promise<void> {
    await postInTransaction(tx, {
      idempotencyKey: key,
      reason: 'tournament_prize',
      refs: { tournamentId: book },
      movements: [prizeMovement(book, userId, amount)],
    });
  }
}

/** The old instance's prize table: the template's, or a Spin's split for its drawn multiplier. */
function prizeTableOf(template: SitAndGoTemplate, multiplier: number | null): PrizeTable {
  const spin = template.kind === 'spin' && multiplier !== null ? template.spinTable : null;
  const entry = spin?.entries.find((e) => e.multiplier === multiplier);
  return entry ? spinPrizeTable(entry) : sitAndGoPrizeTable(template);
}
