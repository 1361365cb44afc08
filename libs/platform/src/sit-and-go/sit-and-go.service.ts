// Sit & Go and Spin: the published templates and their instances. Since issue 21 item 2 there is one
// tournament lifecycle: instance n of a template is a scheduled tournament without a start time
// (`scheduled_tournaments.template_id`, `instance_number`), opened with the template's settings
// (template-settings.ts), registration open at once, starting when its seats are taken. Its
// registration, start (seat draw, a Spin's multiplier), blind levels, table, busts, payout and crash
// recovery are the tournament's (../tournaments): the same code, ledger movements (book `mtt-<id>`),
// jobs and table runner as every tournament.
//
// What stays here is what only a Sit & Go has:
// - the templates, and the instance of each that takes registrations (the next one opens when it fills);
// - the bot fill: after the template's delay, bots take the seats still free (`sitAndGoBotFill`;
//   their chips granted by the house under `mtt:<id>:bot-chips:<botId>`);
// - the Sit & Go lobby's view of an instance (sit-and-go-view.ts).
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { SitAndGoView } from '@naiko/contracts';
import { cryptoRandom } from '@naiko/engine';
import { makeBotIdentity } from '@naiko/table';
import { ChipLedger, PrismaService, UserRepository } from '@naiko/persistence';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { JobQueue } from '../jobs/job-queue.service';
import type { RoomConfig } from '../room/room-config';
import { ROOM_CONFIG } from '../tokens';
import { TournamentError } from '../tournaments/tournaments.errors';
import { TournamentsService, type TournamentStatus } from '../tournaments/tournaments.service';
import { SitAndGoError } from './sit-and-go.errors';
import { sitAndGoViewOf } from './sit-and-go-view';
import { tournamentSettingsOf } from './template-settings';
import { checkTemplate, DEFAULT_TEMPLATES } from './templates';

export const SIT_AND_GO_TEMPLATES = Symbol('SIT_AND_GO_TEMPLATES');

/** An instance as the Sit & Go lobby knows it: the tournament row's part it reads. */
export interface SitAndGoInstance {
  id: number;
  templateId: string;
  instanceNumber: number;
  status: TournamentStatus;
  /** A private Sit & Go's host (private-sit-and-go.ts); null for the published templates' instances. */
  hostId: string | null;
}

export interface RegisterResult {
  instanceId: number;
  /** True when this registration took the last seat (the tournament's start job is enqueued). */
  started: boolean;
}

/** Hook the gateway attaches to: every change of a tournament (the gateway keeps those it has watchers for). */
export interface SitAndGoListener {
  changed(instanceId: number): void;
}

/** Refusals meaning "this instance takes no more registrations": the next instance is tried. */
const NEXT_INSTANCE = new Set(['ALREADY_STARTED', 'FULL', 'NOT_OPEN', 'CANCELLED', 'FINISHED']);

@Injectable()
export class SitAndGoService {
  private readonly logger = new Logger('SitAndGo');
  private readonly templates = new Map<string, SitAndGoTemplate>();
  private readonly listeners: SitAndGoListener[] = [];

  constructor(
    /** The ledger's grants for the bots' chips. */
    private readonly prisma: PrismaService,
    private readonly tournaments: TournamentsService,
    private readonly users: UserRepository,
    private readonly jobs: JobQueue,
    @Inject(SIT_AND_GO_TEMPLATES) templates: readonly SitAndGoTemplate[],
    @Optional() @Inject(ROOM_CONFIG) room: RoomConfig | null = null,
  ) {
    // The room (config/room.json) may let bots fill a template's seats after some seconds.
    const fill = room?.sitAndGo?.botFillAfterSeconds ?? {};
    for (const template of templates.length ? templates : DEFAULT_TEMPLATES) {
      this.upsertTemplate(
        fill[template.templateId] ? { ...template, botFillAfterMs: fill[template.templateId] * 1000 } : template,
      );
    }
    tournaments.listen({ changed: (id) => this.changed(id), started: () => undefined });
  }

  listen(listener: SitAndGoListener): void {
    this.listeners.push(listener);
  }

  /**
   * A tournament changed: the watchers hear of it when it is an instance. Whether a tournament is one
   * never changes, so each id is looked up once (bounded; an ordinary tournament's changes, a hand at
   * any of its tables, then cost nothing here).
   */
  private changed(id: number): void {
    const known = this.isInstance.get(id);
    if (known === false) return;
    if (known) {
      for (const listener of this.listeners) listener.changed(id);
      return;
    }
    this.tournaments
      .row(id)
      .then((row) => {
        if (this.isInstance.size >= 10_000) this.isInstance.clear();
        this.isInstance.set(id, row.template_id !== null);
        if (row.template_id !== null) for (const listener of this.listeners) listener.changed(id);
      })
      .catch((err: unknown) => this.logger.warn({ msg: 'change of an unknown tournament', id, err: String(err) }));
  }

  /** Tournament id → whether it is a Sit & Go instance (`changed`). */
  private readonly isInstance = new Map<number, boolean>();

  /** Tells the watchers an instance changed outside the tournament service. */
  notifyChanged(instanceId: number): void {
    this.isInstance.set(instanceId, true);
    this.changed(instanceId);
  }

  /** Publishes (or replaces) a template; instances already open keep their settings. */
  upsertTemplate(template: SitAndGoTemplate): SitAndGoTemplate {
    this.templates.set(template.templateId, checkTemplate(template));
    return template;
  }

  listTemplates(): SitAndGoTemplate[] {
    return [...this.templates.values()];
  }

  template(templateId: string): SitAndGoTemplate {
    const template = this.templates.get(templateId);
    if (!template) throw new SitAndGoError('UNKNOWN_TEMPLATE', `no Sit & Go template ${templateId}`);
    return template;
  }

  /** The instance (NOT_FOUND for a tournament that is not a Sit & Go's). */
  async instance(instanceId: number): Promise<SitAndGoInstance> {
    const row = await this.tournaments.row(instanceId).catch((err: unknown) => {
      if (err instanceof TournamentError && err.code === 'NOT_FOUND') return null;
      throw err;
    });
    if (!row || row.template_id === null || row.instance_number === null)
      throw new SitAndGoError('NOT_FOUND', `no Sit & Go ${instanceId}`);
    return {
      id: row.id,
      templateId: row.template_id,
      instanceNumber: row.instance_number,
      status: row.status,
      hostId: row.host_id,
    };
  }

  /** The instance of the template taking registrations (opened if there is none). */
  async openInstanceId(templateId: string): Promise<number> {
    const template = this.template(templateId);
    return this.tournaments.openInstance(templateId, (n) => tournamentSettingsOf(template, n));
  }

  /**
   * Registers into the template's open instance: the tournament's entry (buy-in to the prize pool,
   * fee to the house, the starting stack issued in its book). The registration that takes the last
   * seat starts it; the next registration opens the next instance.
   */
  async register(templateId: string, userId: string): Promise<RegisterResult> {
    for (;;) {
      const instanceId = await this.openInstanceId(templateId);
      try {
        return await this.enter(instanceId, userId);
      } catch (err) {
        // Lost the race for the last seat (or the instance closed): the next instance.
        if (err instanceof SitAndGoError && NEXT_INSTANCE.has(err.code)) continue;
        throw err;
      }
    }
  }

  /** Registers into this very instance (a private Sit & Go): ALREADY_STARTED once it has filled, CANCELLED. */
  registerInstance(instanceId: number, userId: string): Promise<RegisterResult> {
    return this.enter(instanceId, userId);
  }

  private async enter(instanceId: number, userId: string): Promise<RegisterResult> {
    const instance = await this.instance(instanceId);
    const out = await sitAndGoErrors(() => this.tournaments.register(instanceId, userId));
    // The first entry starts the template's bot-fill countdown (one job per instance).
    const fillAfter = instance.hostId ? undefined : this.templates.get(instance.templateId)?.botFillAfterMs;
    if (!out.filled && out.entries === 1 && fillAfter)
      await this.jobs.ensure('sitAndGoBotFill', { instanceId }, { delay: fillAfter });
    return { instanceId, started: out.filled };
  }

  /** Unregisters before the start: buy-in and fee back, tournament chips back to its issuer. */
  async unregister(instanceId: number, userId: string): Promise<void> {
    await this.instance(instanceId);
    await sitAndGoErrors(() => this.tournaments.unregister(instanceId, userId));
  }

  /**
   * The bot-fill job: bots (users flagged isBot, named "BOT <name>", their buy-in and fee granted by
   * the house with the note `bot-chips`) take every seat still free, which starts the game. Nothing
   * happens when the instance has started, or when nobody (or only bots) registered.
   */
  async fillWithBots(instanceId: number): Promise<number> {
    const instance = await this.instance(instanceId);
    if (instance.status !== 'registering') return 0;
    const before = await this.tournaments.view(instanceId);
    const entrants = await this.users.names(before.entrants.map((e) => e.userId));
    if (!entrants.some((e) => !e.isBot)) return 0;
    const rng = cryptoRandom();
    const taken = entrants.map((e) => e.username);
    const cost = before.buyIn + before.fee;
    let added = 0;
    for (let free = before.maxEntrants - before.entries; free > 0; free--) {
      const { name } = makeBotIdentity(rng, taken);
      taken.push(name);
      const bot = await this.users.ensureBot(name);
      if (!bot.isBot) continue; // a person took that name
      const ledger = new ChipLedger(this.prisma);
      await ledger.openUserAccount(bot.id);
      if (cost > 0)
        await ledger.grant({
          idempotencyKey: `mtt:${instanceId}:bot-chips:${bot.id}`,
          userId: bot.id,
          amount: cost,
          note: 'bot-chips',
        });
      try {
        const result = await this.enter(instanceId, bot.id);
        added++;
        if (result.started) break;
      } catch (err) {
        if (err instanceof SitAndGoError && NEXT_INSTANCE.has(err.code)) break;
        throw err;
      }
    }
    if (added) this.logger.log({ msg: `bots filled ${added} seats`, instanceId });
    return added;
  }

  /**
   * Re-enqueues the bot-fill job of every published template's instance waiting with players (after
   * Redis lost its data; the id is the same, so this is safe). The delay runs again from now.
   */
  async resumeBotFills(): Promise<number[]> {
    const waiting: number[] = [];
    for (const template of this.templates.values()) {
      if (!template.botFillAfterMs) continue;
      // The instance taking registrations (the lobby's: opened if there is none, then nobody waits in it).
      const instanceId = await this.openInstanceId(template.templateId);
      if ((await this.tournaments.view(instanceId)).entries === 0) continue;
      await this.jobs.ensure('sitAndGoBotFill', { instanceId }, { delay: template.botFillAfterMs });
      waiting.push(instanceId);
    }
    return waiting;
  }

  /** The Sit & Go lobby's view of one instance (sit-and-go-view.ts). */
  async view(instanceId: number): Promise<SitAndGoView> {
    const instance = await this.instance(instanceId);
    const template = this.templates.get(instance.templateId) ?? null;
    return sitAndGoViewOf(instance, template, await this.tournaments.view(instanceId));
  }
}

/** The tournament's refusals as the Sit & Go lobby's (same codes: both are the one lifecycle's). */
async function sitAndGoErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TournamentError) throw new SitAndGoError(err.code as SitAndGoError['code'], err.message);
    throw err;
  }
}
