// AccountsModule.forRoot({ welcomeChips }) in an app that also imports PlatformModule (which
// provides PrismaService and TokenService globally). Also provides the ledger, the hand store and
// the crash recovery for other modules: inject ChipLedger / HandStore / CrashRecoveryService.
import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ChipLedger, HandStore, PrismaService, PrismaSessionRepository, SessionRepository } from '@naiko/persistence';
import { JwtAuthGuard } from '../auth/http-auth';
import {
  AccountsController,
  LOGIN_ACCOUNT_THROTTLER,
  LOGIN_IP_THROTTLER,
  REGISTER_THROTTLER,
} from './accounts.controller';
import { SessionsService } from './sessions.service';
import { ACCOUNTS_OPTIONS, AccountsService, DEFAULT_ACCOUNTS_OPTIONS, type AccountsOptions } from './accounts.service';
import { CrashRecoveryService } from './crash-recovery.service';
import { WsRolesGuard } from './roles';
import { TopUpController, TopUpService } from './top-up';

/** The account a login attempt is for (case-folded); the body is not validated yet at guard time. */
function loginAccountTracker(req: Record<string, unknown>): string {
  const username = (req.body as { username?: unknown } | undefined)?.username;
  return `account:${typeof username === 'string' ? username.slice(0, 64).toLowerCase() : ''}`;
}

@Module({})
export class AccountsModule {
  static forRoot(overrides: Partial<AccountsOptions> = {}): DynamicModule {
    const options: AccountsOptions = { ...DEFAULT_ACCOUNTS_OPTIONS, ...overrides };
    return {
      module: AccountsModule,
      imports: [
        // Only the routes with @UseGuards(ThrottlerGuard) (login, register) are limited; each skips
        // the throttlers that are not its own. Login counts per client IP and per account, so users
        // behind one NAT do not lock each other out and one account cannot be guessed at from many IPs.
        ThrottlerModule.forRoot({
          throttlers: [
            { name: LOGIN_IP_THROTTLER, ttl: options.loginWindowMs, limit: options.loginIpLimit },
            {
              name: LOGIN_ACCOUNT_THROTTLER,
              ttl: options.loginWindowMs,
              limit: options.loginLimit,
              getTracker: loginAccountTracker,
            },
            { name: REGISTER_THROTTLER, ttl: options.registerWindowMs, limit: options.registerLimit },
          ],
        }),
      ],
      controllers: [AccountsController, TopUpController],
      providers: [
        { provide: ACCOUNTS_OPTIONS, useValue: options },
        { provide: ChipLedger, inject: [PrismaService], useFactory: (p: PrismaService) => new ChipLedger(p) },
        { provide: HandStore, inject: [PrismaService], useFactory: (p: PrismaService) => new HandStore(p) },
        {
          provide: SessionRepository,
          inject: [PrismaService],
          useFactory: (p: PrismaService) => new PrismaSessionRepository(p),
        },
        AccountsService,
        SessionsService,
        TopUpService,
        CrashRecoveryService,
        JwtAuthGuard,
        ThrottlerGuard,
        WsRolesGuard,
      ],
      exports: [AccountsService, SessionsService, ChipLedger, HandStore, CrashRecoveryService, WsRolesGuard],
    };
  }
}
