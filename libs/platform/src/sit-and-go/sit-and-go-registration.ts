// Registration into a Sit & Go or Spin instance (SitAndGoService delegates here): the instances of a
// template opened as seats fill (each with its committed seat draw and Spin seed), a registration
// through the ledger (`sng:<id>:entry:<userId>:<n>`) whose last seat enqueues the start, the bot fill
// (bots' chips granted under `sng:<id>:bot-chips:<botId>`) and the unregistration
// (`sng:<id>:unreg:<userId>:<n>`). Moved out of the service to keep it readable; it shares the
// service's collaborators through the SitAndGoContext (sit-and-go-context.ts) and reads the
// service's published templates.
import { cryptoRandom, newShuffleSeed } from '@naiko/engine';
import { makeBotIdentity } from '@naiko/table';
import { ChipLedger, postInTransaction, type Tx, type UserRepository } from '@naiko/persistence';
import {
  phaseAfterEntry,
  registrationRefusal,
  SIT_AND_GO_FORMAT,
  unregistrationRefusal,
  type LifecycleRefusal,
  type SitAndGoTemplate,
} from '@naiko/tournament';
import { entryMovements, refundMovements } from '../tournaments/lifecycle-movements';
import { newSpinSeed, spinCommitment } from '../tournaments/spin-draw';
import { seatDrawCommitment } from './seat-draw';
import { termsOf, tournamentIdOf, type SitAndGoContext } from './sit-and-go-context';
import { SitAndGoError } from './sit-and-go.errors';
import type { RegisterResult } from './sit-and-go.service';

export class SitAndGoRegistration {
  constructor(
    private readonly context: SitAndGoContext,
    /** The service's published templates: the same map, so a template published later is seen here too. */
    private readonly templates: ReadonlyMap<string, SitAndGoTemplate>,
    private readonly users: UserRepository,
  ) {}

  /** Inserts instance `n` of a template unless it exists (a new instance opens when the previous fills). */
  private async createInstance(template: SitAndGoTemplate, number: number, tx?: Tx): Promise<void> {
    let seed: string | null = null;
    let commitment: string | null = null;
    if (template.kind === 'spin' && template.spinTable) {
      seed = newSpinSeed().seed;
      commitment = spinCommitment(template.spinTable, seed);
    }
    // The seat draw is committed before anyone registers, like the Spin multiplier (seat-draw.ts).
    const seatSeed = newShuffleSeed();
    const seatCommitment = seatDrawCommitment(seatSeed);
    await this.context.store.insertInstance(
      {
        templateId: template.templateId,
        instanceNumber: number,
        kind: template.kind,
        template: template,
        spinSeed: seed,
        spinCommitment: commitment,
        seatSeed,
        seatCommitment,
      },
      tx,
    );
  }

  /** The instance of the template taking registrations (opened if there is none). */
  async openInstanceId(templateId: string): Promise<number> {
    const sitAndGoTemplate = this.context.service.template(templateId);
    for (;;) {
      const open = await this.context.store.registeringInstanceId(templateId);
      if (open !== null) return open;
      const last = await this.context.store.lastInstanceNumber(templateId);
      await this.createInstance(sitAndGoTemplate, (last ?? 0) + 1);
    }
  }

  /**
   * Registers into the open instance: buy-in into the prize pool, entry fee to the house, the
   * starting stack issued in the tournament's book. Taking the last seat moves the instance to
   * `starting`, opens the next instance and enqueues the start job.
   */
  async register(templateId: string, userId: string): Promise<RegisterResult> {
    for (;;) {
      const instanceId = await this.openInstanceId(templateId);
      const result = await this.enter(instanceId, userId);
      // Lost the race for the last seat (or the instance closed): the next instance.
      if ('refused' in result) continue;
      return result;
    }
  }

  /** Registers into this very instance (a private Sit & Go): ALREADY_STARTED once it has filled, CANCELLED. */
  async registerInstance(instanceId: number, userId: string): Promise<RegisterResult> {
    const result = await this.enter(instanceId, userId);
    if ('refused' in result)
      throw new SitAndGoError(result.refused, `Sit & Go ${instanceId} is not taking registrations`);
    return result;
  }

  /** Registers into this instance; `refused` when it is no longer taking registrations (the lifecycle's code). */
  private async enter(instanceId: number, userId: string): Promise<RegisterResult | { refused: LifecycleRefusal }> {
    {
      const result = await this.context.store.transaction(async (tx) => {
        const row = await this.context.lock(tx, instanceId);
        const refused = registrationRefusal(SIT_AND_GO_FORMAT, row.status);
        if (refused) return { refused };
        const sitAndGoTemplate = row.template;
        const tournamentId = tournamentIdOf(instanceId);
        const entry = await this.context.store.entry(tx, tournamentId, userId);
        if (entry && entry.status === 'registered')
          throw new SitAndGoError('ALREADY_REGISTERED', `already registered in Sit & Go ${instanceId}`);
        const registered = row.registrations + 1;
        const movements = entryMovements(tournamentId, userId, termsOf(sitAndGoTemplate));
        await postInTransaction(tx, {
          idempotencyKey: `sng:${instanceId}:entry:${userId}:${registered}`,
          reason: 'tournament_entry',
          refs: { tournamentId },
          movements,
        });
        await this.context.store.registerEntry(tx, {
          tournamentId,
          userId,
          fee: BigInt(sitAndGoTemplate.buyIn),
          startingStack: BigInt(sitAndGoTemplate.startingStack),
          again: entry !== null,
        });
        const count = await this.context.store.countRegistered(tx, tournamentId);
        // The last seat starts it (registering → starting).
        const full = phaseAfterEntry(SIT_AND_GO_FORMAT, row.status, count >= sitAndGoTemplate.seats) === 'starting';
        await this.context.store.recordRegistration(tx, instanceId, registered, full);
        // A private Sit & Go is one game: no next instance opens when it fills.
        if (full && !row.host_id)
          await this.createInstance(
            this.templates.get(row.template_id) ?? sitAndGoTemplate,
            row.instance_number + 1,
            tx,
          );
        return {
          instanceId,
          started: full,
          botFillAfterMs: !full && registered === 1 ? (sitAndGoTemplate.botFillAfterMs ?? null) : null,
        };
      });
      if ('refused' in result) return result;
      if (result.started) await this.context.jobs.ensure('sitAndGoStart', { instanceId });
      // The first registration starts the template's bot-fill countdown (one job per instance).
      else if (result.botFillAfterMs)
        await this.context.jobs.ensure('sitAndGoBotFill', { instanceId }, { delay: result.botFillAfterMs });
      this.context.changed(instanceId);
      return { instanceId, started: result.started };
    }
  }

  /**
   * The bot-fill job: bots (users flagged isBot, named "BOT <name>", their buy-in and fee granted
   * by the house with the note `bot-chips`) take every seat still free, which starts the game.
   * Nothing happens when the instance has started, or when nobody (or only bots) registered.
   */
  async fillWithBots(instanceId: number): Promise<number> {
    const row = await this.context.service.instance(instanceId);
    if (row.status !== 'registering') return 0;
    const tournamentId = tournamentIdOf(instanceId);
    const entries = await this.context.store.registeredWithNames(tournamentId);
    if (!entries.some((e) => !e.isBot)) return 0;
    const sitAndGoTemplate = row.template;
    const rng = cryptoRandom();
    const taken = entries.map((e) => e.username);
    let added = 0;
    for (let free = sitAndGoTemplate.seats - entries.length; free > 0; free--) {
      const { name } = makeBotIdentity(rng, taken);
      taken.push(name);
      const bot = await this.users.ensureBot(name);
      if (!bot.isBot) continue; // a person took that name
      const ledger = new ChipLedger(this.context.prisma);
      await ledger.openUserAccount(bot.id);
      const cost = sitAndGoTemplate.buyIn + sitAndGoTemplate.entryFee;
      if (cost > 0)
        await ledger.grant({
          idempotencyKey: `sng:${instanceId}:bot-chips:${bot.id}`,
          userId: bot.id,
          amount: cost,
          note: 'bot-chips',
        });
      const result = await this.enter(instanceId, bot.id);
      if ('refused' in result) break;
      added++;
      if (result.started) break;
    }
    if (added) this.context.logger.log({ msg: `bots filled ${added} seats`, instanceId });
    return added;
  }

  /** Unregisters before the start: buy-in and fee back, tournament chips back to its issuer. */
  async unregister(instanceId: number, userId: string): Promise<void> {
    await this.context.store.transaction(async (tx) => {
      const row = await this.context.lock(tx, instanceId);
      const refused = unregistrationRefusal(row.status);
      if (refused) throw new SitAndGoError(refused, `Sit & Go ${instanceId} is ${row.status}`);
      const sitAndGoTemplate = row.template;
      const tournamentId = tournamentIdOf(instanceId);
      const entry = await this.context.store.entry(tx, tournamentId, userId);
      if (!entry || entry.status !== 'registered')
        throw new SitAndGoError('NOT_REGISTERED', `not registered in Sit & Go ${instanceId}`);
      const registered = row.registrations + 1;
      const movements = refundMovements(tournamentId, userId, termsOf(sitAndGoTemplate), { chips: true });
      await postInTransaction(tx, {
        idempotencyKey: `sng:${instanceId}:unreg:${userId}:${registered}`,
        reason: 'refund',
        refs: { tournamentId },
        movements,
      });
      await this.context.store.refundEntry(tx, tournamentId, userId);
      await this.context.store.setRegistrations(tx, instanceId, registered);
    });
    this.context.changed(instanceId);
  }
}
