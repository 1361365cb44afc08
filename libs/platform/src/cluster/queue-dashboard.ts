// Bull Board over the platform's BullMQ queues at /admin/queues, for admins only.
//
// The board is a browser app whose page, assets and API calls carry no Authorization header, so
// the admin's JWT is accepted from `Authorization: Bearer`, from the `naiko_admin` cookie, or once
// as `?token=` — which sets that cookie (HttpOnly, SameSite=Strict, scoped to the board's path)
// and redirects to the bare URL, so the token does not stay in the address bar or the history.
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { QUEUES, type AccessClaims } from '@naiko/contracts';
import { bearerToken } from '../auth/http-auth';
import { TokenService } from '../auth/token.service';
import { UserAccess } from '../auth/user-access';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
export const ADMIN_COOKIE = 'naiko_admin';

interface Req {
  headers: Record<string, string | string[] | undefined>;
  query?: Record<string, unknown>;
  originalUrl: string;
}
interface Res {
  status(code: number): Res;
  json(body: unknown): void;
  cookie(name: string, value: string, options: Record<string, unknown>): void;
  redirect(url: string): void;
}

/** The cookie's value, if the request carries it. */
export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const raw = Array.isArray(header) ? header.join(';') : header;
  for (const part of raw?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

@Injectable()
export class QueueDashboard implements OnModuleInit {
  private readonly logger = new Logger('QueueDashboard');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly moduleRef: ModuleRef,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(UserAccess) private readonly access: UserAccess,
  ) {}

  // onModuleInit runs before Nest installs its 404 handler, so the board is reachable.
  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter;
    if (!http || http.getType() !== 'express') return; // e.g. a standalone context without HTTP
    const queues: Queue[] = [];
    for (const name of Object.values(QUEUES)) {
      try {
        queues.push(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
      } catch {
        // not registered in this app
      }
    }
    const server = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter: server });
    http
      .getInstance()
      .use(
        QUEUE_DASHBOARD_PATH,
        (req: Req, res: Res, next: () => void) =>
          void this.guard(req, res, next).catch(() =>
            res.status(500).json({ statusCode: 500, message: 'internal error' }),
          ),
        server.getRouter(),
      );
    this.logger.log({ msg: `queue dashboard at ${QUEUE_DASHBOARD_PATH}`, queues: queues.map((q) => q.name) });
  }

  private async guard(req: Req, res: Res, next: () => void): Promise<void> {
    const fromQuery = typeof req.query?.token === 'string' ? req.query.token : undefined;
    const token = bearerToken(req.headers.authorization) ?? fromQuery ?? cookieValue(req.headers.cookie, ADMIN_COOKIE);
    let claims: AccessClaims;
    try {
      // The account as it is now: a demoted or deleted admin's token is refused (issue 19.5).
      claims = await this.access.check(this.tokens.verify(token));
    } catch {
      res
        .status(401)
        .json({ statusCode: 401, message: 'an admin token is required (Authorization: Bearer, or ?token=)' });
      return;
    }
    if (claims.role !== 'admin') {
      res.status(403).json({ statusCode: 403, message: 'requires role admin' });
      return;
    }
    if (fromQuery) {
      res.cookie(ADMIN_COOKIE, fromQuery, { httpOnly: true, sameSite: 'strict', path: QUEUE_DASHBOARD_PATH });
      const url = new URL(req.originalUrl, 'http://x');
      url.searchParams.delete('token');
      res.redirect(url.pathname + url.search);
      return;
    }
    next();
  }
}
