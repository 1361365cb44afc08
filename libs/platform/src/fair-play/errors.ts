// Refusals of fair play and responsible play. One class, mapped to a socket `error` (FORBIDDEN, the
// message starting with the code, like the ledger's refusals) or an HTTP 403 `{ code, message }`.
import { ForbiddenException } from '@nestjs/common';
import { SocketErrorException } from '../gateway/socket-errors';

export type FairPlayRefusalCode = 'COOL_OFF' | 'SUSPENDED' | 'RESTRICTED' | 'SAME_CONNECTION';

export class FairPlayRefusal extends Error {
  override name = 'FairPlayRefusal';
  constructor(
    readonly code: FairPlayRefusalCode,
    message: string,
  ) {
    super(message);
  }

  toSocket(): SocketErrorException {
    return new SocketErrorException('FORBIDDEN', `${this.code}: ${this.message}`);
  }

  toHttp(): ForbiddenException {
    return new ForbiddenException({ code: this.code, message: this.message });
  }
}
