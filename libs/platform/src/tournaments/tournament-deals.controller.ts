// HTTP side of issue 25 at a running tournament: final-table deals (propose, accept, refuse; the
// admin sets one) and the admin's pause and resume. The lobby view (GET /tournaments/:id) shows the
// deal and the pause.
import { Body, Controller, HttpCode, HttpException, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { DealProposalDto, type AccessClaims } from '@naiko/contracts';
import { inTransaction, LedgerError, PrismaService } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { JobQueue } from '../jobs/job-queue.service';
import { FinalTableDeals } from './final-table-deal';
import { lockExclusive } from './mtt-rows';
import { pauseTournament, resumeTournament } from './tournament-pause';
import { TournamentError } from './tournaments.errors';
import { TournamentsService } from './tournaments.service';

const STATUS: Record<string, HttpStatus> = {
  NOT_FOUND: HttpStatus.NOT_FOUND,
  BAD_DEAL: HttpStatus.BAD_REQUEST,
  NOT_IN_DEAL: HttpStatus.FORBIDDEN,
};

export async function tournamentDomain<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TournamentError || err instanceof LedgerError) {
      throw new HttpException({ code: err.code, message: err.message }, STATUS[err.code] ?? HttpStatus.CONFLICT);
    }
    throw err;
  }
}

@Controller('tournaments')
export class TournamentDealsController {
  constructor(
    private readonly deals: FinalTableDeals,
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    private readonly service: TournamentsService,
  ) {}

  @UseGuards(JwtAuthGuard)
  @Post(':id/deal')
  async propose(@Param('id', ParseIdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AccessClaims) {
    const parsed = DealProposalDto.safeParse(body);
    if (!parsed.success)
      throw new HttpException({ code: 'BAD_DEAL', message: parsed.error.message }, HttpStatus.BAD_REQUEST);
    return tournamentDomain(() =>
      this.deals.propose(id, { userId: user.sub, admin: user.role === 'admin' }, parsed.data),
    );
  }

  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
  @Post(':id/deal/accept')
  async accept(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return tournamentDomain(() => this.deals.accept(id, user.sub));
  }

  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
  @Post(':id/deal/reject')
  async reject(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return tournamentDomain(() => this.deals.reject(id, user.sub, user.role === 'admin'));
  }

  /** The admin sets the deal under discussion, without the players' acceptance. */
  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @HttpCode(200)
  @Post(':id/deal/force')
  async force(@Param('id', ParseIdPipe) id: number) {
    return tournamentDomain(() => this.deals.force(id));
  }

  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @HttpCode(200)
  @Post(':id/pause')
  async pause(@Param('id', ParseIdPipe) id: number) {
    return this.pauseOrResume(id, 'pause');
  }

  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @HttpCode(200)
  @Post(':id/resume')
  async resume(@Param('id', ParseIdPipe) id: number) {
    return this.pauseOrResume(id, 'resume');
  }

  private async pauseOrResume(id: number, what: 'pause' | 'resume') {
    return tournamentDomain(async () => {
      await this.service.get(id); // NOT_FOUND
      const changed = await inTransaction(this.prisma, async (tx) => {
        await lockExclusive(tx, id);
        return what === 'pause' ? pauseTournament(tx, this.jobs, id, 'admin') : resumeTournament(tx, this.jobs, id);
      });
      this.service.changed(id);
      return { changed };
    });
  }
}
