// Bot players are database users (hands and stacks are booked per user) flagged `isBot`, named
// "BOT <name>". Their chips come from the house: a grant of the whole buy-in before each buy-in.
// One bot user may sit at several tables at once (names are unique per table only), so topping the
// account up to the buy-in raced: two tables read the same balance, one bought in, the other was
// refused (INSUFFICIENT_FUNDS) and its key was reused for another amount (IDEMPOTENCY_CONFLICT).
// A grant of the full amount under a fresh key each time cannot race; what a bot cashes out stays
// on its account (house chips, counted in the audit's granted total).
import { randomUUID } from 'node:crypto';
import type { ChipLedger, UserRepository } from '@naiko/persistence';
import type { BotDirectory } from './ports';

export class UserBotDirectory implements BotDirectory {
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly users: UserRepository,
    private readonly ledger: ChipLedger,
  ) {}

  async ensureBot(name: string, chips: number, key: string): Promise<string> {
    let id = this.ids.get(name);
    if (!id) {
      // Two tables may create the same bot at once: the repository reads the winner's row.
      const user = await this.users.ensureBot(name);
      id = user.id;
      await this.ledger.openUserAccount(id);
      this.ids.set(name, id);
    }
    await this.ledger.grant({
      idempotencyKey: `bot-chips:${key}:${randomUUID()}`.slice(-200),
      userId: id,
      amount: chips,
      note: 'bot-chips',
    });
    return id;
  }
}
