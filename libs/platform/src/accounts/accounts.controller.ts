// HTTP endpoints of accounts and chips:
//   POST /auth/register          public                 → { accessToken, user }
//   POST /auth/login             public, rate-limited per client IP (429 beyond the limit)
//   GET  /accounts/me            any signed-in user     → profile with chip balance
//   PUT  /admin/users/:id/role   admin                  → user
//   POST /admin/chips/grant      admin                  → ledger result (idempotent)
//   GET  /admin/ledger/audit     admin                  → audit report
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, UseFilters, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { AccessClaims } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { AccountsService } from './accounts.service';
import { GrantChipsDto, LoginDto, RegisterDto, SetRoleDto } from './accounts.dto';
import { LedgerErrorFilter } from './ledger-errors.filter';

export const LOGIN_THROTTLER = 'login';

@Controller()
@UseFilters(LedgerErrorFilter)
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly ledger: ChipLedger,
    private readonly prisma: PrismaService,
  ) {}

  @Post('auth/register')
  register(@Body() body: RegisterDto) {
    return this.accounts.register(body);
  }

  @Post('auth/login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  login(@Body() body: LoginDto) {
    return this.accounts.login(body.username, body.password);
  }

  @Get('accounts/me')
  @UseGuards(JwtAuthGuard)
  me(@CurrentUser() user: AccessClaims) {
    return this.accounts.profile(user.sub);
  }

  @Put('admin/users/:id/role')
  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  setRole(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: SetRoleDto) {
    return this.accounts.setRole(id, body.role);
  }

  @Post('admin/chips/grant')
  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  grant(@Body() body: GrantChipsDto) {
    return this.ledger.grant({ note: 'admin', ...body });
  }

  @Get('admin/ledger/audit')
  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  audit() {
    return auditLedger(this.prisma);
  }
}
