// HTTP endpoints of accounts and chips:
//   POST /auth/register          public, rate-limited per client IP → session
//   POST /auth/login             public, rate-limited per account and per client IP (429) → session
//   POST /auth/refresh           public (refresh token) → a new session; the old refresh token dies
//   POST /auth/logout            public (refresh token) → 204, that session ends
//   GET  /accounts/me            any signed-in user     → profile with chip balance
//   PUT  /accounts/me/password   any signed-in user     → a new session; every other one ends
//   PUT  /admin/users/:id/role   admin                  → user (his sessions end)
// PUT /admin/users/:id/username admin → user (his sessions end; old name free; 409 SEATED while seated)
//   DELETE /admin/users/:id      admin                  → 204 (soft deletion; his sessions end)
// A session is { accessToken, expiresIn, refreshToken, user }.
//   POST /admin/chips/grant      admin                  → ledger result (idempotent)
//   GET  /admin/ledger/audit     admin                  → audit report
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import type { AccessClaims } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { AccountsService } from './accounts.service';
import {
  ChangePasswordDto,
  GrantChipsDto,
  LoginDto,
  RefreshDto,
  RegisterDto,
  RenameDto,
  SetRoleDto,
} from './accounts.dto';
import { SessionsService } from './sessions.service';
import { LedgerErrorFilter } from './ledger-errors.filter';

/** Named throttlers (accounts.module.ts): each route skips the ones that are not its own. */
export const LOGIN_IP_THROTTLER = 'login-ip';
export const LOGIN_ACCOUNT_THROTTLER = 'login-account';
export const REGISTER_THROTTLER = 'register';

@Controller()
@UseFilters(LedgerErrorFilter)
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly ledger: ChipLedger,
    private readonly prisma: PrismaService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('auth/register')
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ [LOGIN_IP_THROTTLER]: true, [LOGIN_ACCOUNT_THROTTLER]: true })
  register(@Body() body: RegisterDto) {
    return this.accounts.register(body);
  }

  @Post('auth/login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ [REGISTER_THROTTLER]: true })
  login(@Body() body: LoginDto) {
    return this.accounts.login(body.username, body.password);
  }

  @Post('auth/refresh')
  @HttpCode(200)
  refresh(@Body() body: RefreshDto) {
    return this.sessions.refresh(body.refreshToken);
  }

  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Body() body: RefreshDto): Promise<void> {
    await this.sessions.revoke(body.refreshToken);
  }

  @Put('accounts/me/password')
  @UseGuards(JwtAuthGuard)
  changePassword(@CurrentUser() user: AccessClaims, @Body() body: ChangePasswordDto) {
    return this.accounts.changePassword(user.sub, body.currentPassword, body.newPassword);
  }

  @Put('admin/users/:id/username')
  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  rename(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: RenameDto) {
    return this.accounts.rename(id, body.username);
  }

  @Delete('admin/users/:id')
  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @HttpCode(204)
  async deleteUser(@Param('id', new ParseUUIDPipe()) id: string): Promise<void> {
    await this.accounts.deleteUser(id);
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
