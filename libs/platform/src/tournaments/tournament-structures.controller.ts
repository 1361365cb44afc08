// Issue 25: blind-structure templates (turbo, regular, deep) and "suggest levels" for the admin's
// structure editor (libs/tournament structure-templates.ts). Pure computations; admin only.
import { Body, Controller, Get, HttpCode, HttpException, HttpStatus, Post, Query, UseGuards } from '@nestjs/common';
import { SuggestLevelsDto } from '@naiko/contracts';
import {
  STRUCTURE_TEMPLATES,
  StructureTemplateError,
  suggestLevels,
  templateStructure,
  TournamentError as RulesError,
  type StructureTemplateName,
} from '@naiko/tournament';
import { JwtAuthGuard, Roles } from '../auth/http-auth';

const refused = (err: unknown): never => {
  if (err instanceof StructureTemplateError || err instanceof RulesError) {
    throw new HttpException({ code: 'BAD_SETTINGS', message: err.message }, HttpStatus.BAD_REQUEST);
  }
  throw err;
};

@Controller('tournament-structures')
@UseGuards(JwtAuthGuard)
@Roles('admin')
export class TournamentStructuresController {
  /** The templates, each with its ready-made structure for `startingStack` (default 10,000). */
  @Get()
  templates(@Query('startingStack') stackText?: string) {
    const stack = stackText === undefined ? 10_000 : Number(stackText);
    if (!Number.isSafeInteger(stack) || stack < 1)
      throw new HttpException(
        { code: 'BAD_SETTINGS', message: 'startingStack is a whole number ≥ 1' },
        HttpStatus.BAD_REQUEST,
      );
    try {
      return Object.values(STRUCTURE_TEMPLATES).map((t) => ({ ...t, structure: templateStructure(t.name, stack) }));
    } catch (err) {
      return refused(err);
    }
  }

  /** Levels from the starting stack and the wanted duration (the rule in libs/tournament/README.md). */
  @HttpCode(200)
  @Post('suggest')
  suggest(@Body() body: unknown) {
    const parsed = SuggestLevelsDto.safeParse(body);
    if (!parsed.success)
      throw new HttpException({ code: 'BAD_SETTINGS', message: parsed.error.message }, HttpStatus.BAD_REQUEST);
    try {
      return suggestLevels({ ...parsed.data, template: parsed.data.template as StructureTemplateName | undefined });
    } catch (err) {
      return refused(err);
    }
  }
}
