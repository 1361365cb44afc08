// Integer ids in paths (tournaments, Sit & Go instances) are PostgreSQL `integer`s: anything that
// is not a plain decimal 1..2^31-1 is a typed 400 here instead of a database error (a 500) later
// (issue 19.8).
import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

export const MAX_INT_ID = 2_147_483_647;

@Injectable()
export class ParseIdPipe implements PipeTransform<string | number, number> {
  // The global ValidationPipe (transform) may already have made a number of it (`1e3` → 1000).
  transform(value: string | number): number {
    const parsed = typeof value === 'number' ? value : /^\d{1,20}$/.test(value) ? Number(value) : NaN;
    if (!(Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_INT_ID)) {
      throw new BadRequestException({
        code: 'BAD_PAYLOAD',
        message: `id must be an integer from 1 to ${MAX_INT_ID}`,
        statusCode: 400,
      });
    }
    return parsed;
  }
}
