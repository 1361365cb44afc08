// What SitAndGoService shares with the modules it delegates to (sit-and-go-registration.ts,
// sit-and-go-start.ts, sit-and-go-table.ts, sit-and-go-payout.ts, sit-and-go-view.ts): its
// collaborators, the locked read of an instance row and the publication of a change. One object for
// all of them, built once by the service, so every module sees the same repository, queue, logger and
// listeners as the service itself. The book's id and the entry terms live here too (the service
// re-exports them), so the modules need not import the service's values back.
import type { Logger } from '@nestjs/common';
import type { PrismaService, SitAndGoRepository, Tx } from '@naiko/persistence';
import type { SitAndGoTemplate } from '@naiko/tournament';
import type { JobQueue } from '../jobs/job-queue.service';
import type { EntryTerms } from '../tournaments/lifecycle-movements';
import { SitAndGoError } from './sit-and-go.errors';
import type { InstanceRow, SitAndGoListener, SitAndGoService } from './sit-and-go.service';

export const tournamentIdOf = (instanceId: number): string => `sng-${instanceId}`;

/** A template's entry terms in the lifecycle's words (the fee is the template's entry fee). */
export const termsOf = (template: SitAndGoTemplate): EntryTerms => ({
  buyIn: template.buyIn,
  fee: template.entryFee,
  startingStack: template.startingStack,
});

/** The public methods the modules call back as the service's own code did. */
export type SitAndGoServiceCalls = Pick<SitAndGoService, 'template' | 'instance' | 'levelInForce'>;

export class SitAndGoContext {
  constructor(
    readonly service: SitAndGoServiceCalls,
    /** The ledger and the hand store run on it; the Sit & Go's own rows are the repository's. */
    readonly prisma: PrismaService,
    readonly store: SitAndGoRepository,
    readonly jobs: JobQueue,
    readonly logger: Logger,
    /** The service's listeners: the same array, so one registered later is seen here too. */
    readonly listeners: readonly SitAndGoListener[],
  ) {}

  /** The instance row under `SELECT ... FOR UPDATE`; NOT_FOUND when there is none. */
  async lock(tx: Tx, instanceId: number): Promise<InstanceRow> {
    const row = await this.store.lock(tx, instanceId);
    if (!row) throw new SitAndGoError('NOT_FOUND', `no Sit & Go ${instanceId}`);
    return row as InstanceRow;
  }

  /** Publishes a change to the listeners (the runner, the gateway). */
  changed(id: number): void {
    for (const listener of this.listeners) listener.changed(id);
  }
}
