// Sit & Go and Spin orchestration: instances of templates, registration through the ledger,
// the start (seating, the Spin multiplier), blind steps, eliminations and the payout.
//
// Every state change locks the instance row (SELECT ... FOR UPDATE) and moves chips with
// `postInTransaction` in the same database transaction, so a registration racing the last seat,
// an unregistration, a job retried after a crash and the table runner's hand results serialise
// on one lock and each ledger command runs once (idempotency keys below).
//
// Ledger idempotency keys (tournament id `sng-<id>`):
//   sng:<id>:entry:<userId>:<n> / sng:<id>:unreg:<userId>:<n>   n = the instance's change counter
//   sng:<id>:spin-float, sng:<id>:spin-pool                     the Spin's house spin-pool movement
//   sng:<id>:prize:<userId>, sng:<id>:retire:<userId>            payout and the winner's chips
//
// The service is the entry point and keeps the templates; it delegates the rest to modules of this
// folder, which share its collaborators through one SitAndGoContext (sit-and-go-context.ts):
// instances, registration, the bot fill and unregistration (sit-and-go-registration.ts), the start
// and the blind steps (sit-and-go-start.ts), the table with the hands' record and crash recovery
// (sit-and-go-table.ts), the payout (sit-and-go-payout.ts) and the view (sit-and-go-view.ts).
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { SitAndGoStepPayload, SitAndGoView } from '@naiko/contracts';
import { PrismaService, SitAndGoRepository, UserRepository, type SitAndGoRow } from '@naiko/persistence';
import { awaitedJob, levelInForce, SIT_AND_GO_FORMAT, type BlindLevel, type SitAndGoTemplate } from '@naiko/tournament';
import { JobQueue } from '../jobs/job-queue.service';
import type { HandResult } from '../tournaments/mtt-state';
import type { SeatWithStack, TableFence, TableHandStart } from '../tournaments/table-runner';
import { SitAndGoError } from './sit-and-go.errors';
import type { DealtIn } from './standings';
import { checkTemplate, DEFAULT_TEMPLATES } from './templates';
import type { RoomConfig } from '../room/room-config';
import { ROOM_CONFIG } from '../tokens';
import { SitAndGoContext, termsOf, tournamentIdOf } from './sit-and-go-context';
import { SitAndGoRegistration } from './sit-and-go-registration';
import { SitAndGoStart } from './sit-and-go-start';
import { SitAndGoTable } from './sit-and-go-table';
import { SitAndGoPayout } from './sit-and-go-payout';
import { SitAndGoViewBuilder } from './sit-and-go-view';

export const SIT_AND_GO_TEMPLATES = Symbol('SIT_AND_GO_TEMPLATES');

export { termsOf, tournamentIdOf };

/** A `sit_and_gos` row (SitAndGoRepository) with its template as the Sit & Go template it is. */
export type InstanceRow = Omit<SitAndGoRow, 'template'> & { template: SitAndGoTemplate };

export interface RegisterResult {
  instanceId: number;
  /** True when this registration took the last seat (the start job is enqueued). */
  started: boolean;
}

/** Hook the runner and the gateway attach to (avoids a dependency cycle). */
export interface SitAndGoListener {
  changed(instanceId: number): void;
  started(instanceId: number): void;
}

@Injectable()
export class SitAndGoService {
  private readonly logger = new Logger('SitAndGo');
  private readonly templates = new Map<string, SitAndGoTemplate>();
  private readonly listeners: SitAndGoListener[] = [];

  constructor(
    /** The ledger and the hand store run on it; the Sit & Go's own rows are the repository's. */
    private readonly prisma: PrismaService,
    private readonly store: SitAndGoRepository,
    private readonly users: UserRepository,
    private readonly jobs: JobQueue,
    @Inject(SIT_AND_GO_TEMPLATES) templates: readonly SitAndGoTemplate[],
    @Optional() @Inject(ROOM_CONFIG) room: RoomConfig | null = null,
  ) {
    this.context = new SitAndGoContext(this, prisma, store, jobs, this.logger, this.listeners);
    this.registration = new SitAndGoRegistration(this.context, this.templates, users);
    this.starter = new SitAndGoStart(this.context);
    this.table = new SitAndGoTable(this.context);
    this.payouts = new SitAndGoPayout(this.context);
    this.views = new SitAndGoViewBuilder(this.context);
    // The room (config/room.json) may let bots fill a template's seats after some seconds.
    const fill = room?.sitAndGo?.botFillAfterSeconds ?? {};
    for (const template of templates.length ? templates : DEFAULT_TEMPLATES) {
      this.upsertTemplate(
        fill[template.templateId] ? { ...template, botFillAfterMs: fill[template.templateId] * 1000 } : template,
      );
    }
  }

  /** What the modules below share with this service (sit-and-go-context.ts). */
  private readonly context: SitAndGoContext;
  private readonly registration: SitAndGoRegistration;
  private readonly starter: SitAndGoStart;
  private readonly table: SitAndGoTable;
  private readonly payouts: SitAndGoPayout;
  private readonly views: SitAndGoViewBuilder;

  listen(listener: SitAndGoListener): void {
    this.listeners.push(listener);
  }

  private changed(id: number): void {
    this.context.changed(id);
  }

  /** Publishes (or replaces) a template; instances already open keep their copy. */
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

  async instance(instanceId: number): Promise<InstanceRow> {
    const row = await this.store.instance(instanceId);
    if (!row) throw new SitAndGoError('NOT_FOUND', `no Sit & Go ${instanceId}`);
    return row as InstanceRow;
  }

  // ------------------------------------------------------------------------------------------
  // Registration (sit-and-go-registration.ts)

  /** The instance of the template taking registrations (opened if there is none). */
  openInstanceId(templateId: string): Promise<number> {
    return this.registration.openInstanceId(templateId);
  }

  /**
   * Registers into the open instance: buy-in into the prize pool, entry fee to the house, the
   * starting stack issued in the tournament's book. Taking the last seat moves the instance to
   * `starting`, opens the next instance and enqueues the start job.
   */
  register(templateId: string, userId: string): Promise<RegisterResult> {
    return this.registration.register(templateId, userId);
  }

  /** Registers into this very instance (a private Sit & Go): ALREADY_STARTED once it has filled, CANCELLED. */
  registerInstance(instanceId: number, userId: string): Promise<RegisterResult> {
    return this.registration.registerInstance(instanceId, userId);
  }

  /** Tells the watchers an instance changed outside this service (a private Sit & Go's cancellation). */
  notifyChanged(instanceId: number): void {
    this.changed(instanceId);
  }

  /**
   * The bot-fill job: bots take every seat still free, which starts the game; nothing happens when
   * the instance has started, or when nobody (or only bots) registered.
   */
  fillWithBots(instanceId: number): Promise<number> {
    return this.registration.fillWithBots(instanceId);
  }

  /** Unregisters before the start: buy-in and fee back, tournament chips back to its issuer. */
  unregister(instanceId: number, userId: string): Promise<void> {
    return this.registration.unregister(instanceId, userId);
  }

  // ------------------------------------------------------------------------------------------
  // Start and blind steps (sit-and-go-start.ts)

  /**
   * The start job: seats the players at random, draws a Spin's multiplier from the committed seed,
   * settles the Spin's prize against the house spin pool, and puts level 1 in force. A retry of a
   * started instance only re-enqueues the next step (idempotent id).
   */
  start(instanceId: number): Promise<void> {
    return this.starter.start(instanceId);
  }

  /**
   * A blind-step job: puts step `stepIndex` in force (the next hand uses it) exactly once and in
   * order, then enqueues the following one (sit-and-go-start.ts).
   */
  applyStep(payload: SitAndGoStepPayload): Promise<{ applied: boolean }> {
    return this.starter.applyStep(payload);
  }

  /** The blind level for the next hand, or null during a break (no hand starts in a break). */
  levelInForce(row: InstanceRow): BlindLevel | null {
    return levelInForce(row.template.blindStructure, row.step_index);
  }

  // ------------------------------------------------------------------------------------------
  // The table (driven by SitAndGoTableRunner, the tournament table runner of ../tournaments; sit-and-go-table.ts)

  /**
   * Records a finished hand: busts and their places, the new button, the hand count; when one
   * player is left the instance moves to `paying` and the payout job is enqueued.
   */
  recordHand(
    instanceId: number,
    dealtIn: readonly DealtIn[],
    after: ReadonlyMap<string, number>,
    button: number,
    opts: { fence?: TableFence; onlyUnrecorded?: boolean } = {},
  ): Promise<{ busted: string[]; winner: string | null }> {
    return this.table.recordHand(instanceId, dealtIn, after, button, opts);
  }

  /** The table asks before each deal: null when it may not deal; else who is dealt in, the button and the blinds. */
  beginTableHand(instanceId: number, fence?: TableFence): Promise<TableHandStart | null> {
    return this.table.beginTableHand(instanceId, fence);
  }

  /** A hand ended at the table: busts, places, the payout when one player is left (once per hand). */
  finishTableHand(
    instanceId: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: never[]; brokenTables: never[] }> {
    return this.table.finishTableHand(instanceId, result, fence);
  }

  /** The table by seat with stacks, for the table to mirror between hands (version: hands recorded). */
  seatMaps(
    instanceId: number,
  ): Promise<{ running: boolean; version: number; tables: Map<number, (SeatWithStack | null)[]>; open: Set<number> }> {
    return this.table.seatMaps(instanceId);
  }

  /** The crash rule for the table, run by the process (or copy) that just took it; the cancelled hands' ids. */
  recoverTable(instanceId: number, fence?: TableFence): Promise<string[]> {
    return this.table.recoverTable(instanceId, fence);
  }

  // ------------------------------------------------------------------------------------------
  // Payout, restart and view

  /** The payout job (sit-and-go-payout.ts): one transaction; a retry finds `finished`. */
  payout(instanceId: number): Promise<void> {
    return this.payouts.payout(instanceId);
  }

  /** Instances a restarted process must pick up, by phase. */
  async unfinished(): Promise<{ id: number; status: InstanceRow['status'] }[]> {
    return this.store.unfinished();
  }

  /** Re-enqueues the job each unfinished instance waits for (ids are idempotent, so this is safe). */
  async resumeJobs(): Promise<number[]> {
    const running: number[] = [];
    for (const pending of await this.unfinished()) {
      const job = awaitedJob(SIT_AND_GO_FORMAT, pending.status);
      if (job === 'start') await this.jobs.ensure('sitAndGoStart', { instanceId: pending.id });
      if (job === 'payout') await this.jobs.ensure('sitAndGoPayout', { instanceId: pending.id });
      if (job === 'next-step') {
        await this.starter.enqueueNextStep(await this.instance(pending.id));
        running.push(pending.id);
      }
    }
    return running;
  }

  /** The lobby/socket view of one instance (sit-and-go-view.ts). */
  view(instanceId: number): Promise<SitAndGoView> {
    return this.views.view(instanceId);
  }
}
