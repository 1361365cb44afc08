// AccountsModule.forRoot({ welcomeChips }) in an app that also imports PlatformModule (which
// provides PrismaService and TokenService globally). Also provides the ledger, the hand store and
// the crash recovery for other modules: inject ChipLedger / HandStore / CrashRecoveryService.
import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ChipLedger, HandStore, PrismaService } from '@naiko/persistence';
import { JwtAuthGuard } from '../auth/http-auth';
import { AccountsController } from './accounts.controller';
import { ACCOUNTS_OPTIONS, AccountsService, DEFAULT_ACCOUNTS_OPTIONS, type AccountsOptions } from './accounts.service';
import { CrashRecoveryService } from './crash-recovery.service';
import { WsRolesGuard } from './roles';
import { TopUpController, TopUpService } from './top-up';

@Module({})
export class AccountsModule {
  static forRoot(overrides: Partial<AccountsOptions> = {}): DynamicModule {
    const options: AccountsOptions = { ...DEFAULT_ACCOUNTS_OPTIONS, ...overrides };
    return {
      module: AccountsModule,
      imports: [
        // Only the routes with @UseGuards(ThrottlerGuard) (login) are limited.
        ThrottlerModule.forRoot({ throttlers: [{ name: 'login', ttl: options.loginWindowMs, limit: options.loginLimit }] }),
      ],
      controllers: [AccountsController, TopUpController],
      providers: [
        { provide: ACCOUNTS_OPTIONS, useValue: options },
        { provide: ChipLedger, inject: [PrismaService], useFactory: (p: PrismaService) => new ChipLedger(p) },
        { provide: HandStore, inject: [PrismaService], useFactory: (p: PrismaService) => new HandStore(p) },
        AccountsService,
        TopUpService,
        CrashRecoveryService,
        JwtAuthGuard,
        ThrottlerGuard,
        WsRolesGuard,
      ],
      exports: [AccountsService, ChipLedger, HandStore, CrashRecoveryService, WsRolesGuard],
    };
  }
}
