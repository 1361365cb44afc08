// Structured JSON logs (one object per line, pino) behind Nest's LoggerService, so framework
// messages and ours share one format: {"level":30,"time":...,"app":"all-in-one","context":"...","msg":"..."}.
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

export class JsonLogger implements LoggerService {
  readonly pino: Logger;

  constructor(app: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream) {
    this.pino = pino({ level, base: { app, pid: process.pid } }, destination ?? pino.destination({ sync: true }));
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  // Nest calls log(message, context) and error(message, stack, context): the last string
  // argument is the context, a preceding string on error() is the stack.
  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    const args = [...rest];
    const context = typeof args[args.length - 1] === 'string' ? (args.pop() as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (level === 'error' && typeof args[0] === 'string') fields.stack = args.shift();
    if (args.length) fields.extra = args;
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...(message as object) });
    } else {
      this.pino[level](fields, String(message));
    }
  }
}
