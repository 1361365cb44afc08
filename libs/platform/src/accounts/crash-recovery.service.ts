// The crash rule at boot, as a Nest provider. The process that hosts tables calls
//   await app.get(CrashRecoveryService).recover({ resumeTable })
// before it hosts any table again (see libs/persistence/src/hands/crash-recovery.ts).
import { Injectable, Logger } from '@nestjs/common';
import { PrismaService, recoverFromCrash, type RecoveryOptions, type RecoveryReport } from '@naiko/persistence';

@Injectable()
export class CrashRecoveryService {
  private readonly logger = new Logger('CrashRecovery');

  constructor(private readonly prisma: PrismaService) {}

  async recover(options: Omit<RecoveryOptions, 'log'> = {}): Promise<RecoveryReport> {
    const report = await recoverFromCrash(this.prisma, {
      ...options,
      log: (msg, data) => this.logger.log({ msg, ...data }),
    });
    if (report.audit && !report.audit.ok)
      this.logger.error({ msg: 'ledger audit failed after crash recovery', audit: report.audit });
    return report;
  }
}
