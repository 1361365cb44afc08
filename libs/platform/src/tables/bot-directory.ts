// Bot players are database users (hands and stacks are booked per user) flagged `isBot`, named
// "BOT <name>". Their chips come from the house: a grant tops the bot's account up before it buys in.
import { ChipLedger, PrismaService } from '@naiko/persistence';
import type { BotDirectory } from './ports';

export class PrismaBotDirectory implements BotDirectory {
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: ChipLedger,
  ) {}

  async ensureBot(name: string, chips: number, key: string): Promise<string> {
    let id = this.ids.get(name);
    if (!id) {
      const user = await this.prisma.user.upsert({
        where: { username: name },
        create: { username: name, isBot: true },
        update: {},
        select: { id: true },
      });
      id = user.id;
      await this.ledger.openUserAccount(id);
      this.ids.set(name, id);
    }
    const balance = await this.ledger.userBalance(id);
    if (balance < chips) await this.ledger.grant({ idempotencyKey: `bot-chips:${key}`, userId: id, amount: chips - balance });
    return id;
  }
}
