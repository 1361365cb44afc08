// Errors of the body parsers (malformed JSON, over-deep JSON, a body over the size limit, a bad
// charset) answered as typed JSON like every other refusal, instead of Express's HTML error page:
// `{ statusCode, code: 'BAD_PAYLOAD' | 'PAYLOAD_TOO_LARGE', message }`. Registered right after the
// parsers, so it only ever sees their errors; anything else goes on to Nest.

interface BodyParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
}

type Res = { status(code: number): { json(body: unknown): void }; headersSent?: boolean };

export function bodyErrorHandler(err: unknown, _req: unknown, res: Res, next: (err?: unknown) => void): void {
  const error = err as BodyParserError | undefined;
  const status = error?.status ?? error?.statusCode;
  if (
    !error ||
    typeof error.type !== 'string' ||
    (!error.type.startsWith('entity.') && !error.type.startsWith('charset.') && !error.type.startsWith('encoding.')) ||
    status === undefined ||
    res.headersSent
  ) {
    next(err);
    return;
  }
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_PAYLOAD';
  res.status(status).json({
    statusCode: status,
    code,
    message: error.type === 'entity.parse.failed' ? 'malformed JSON body' : (error.message ?? 'bad request body'),
  });
}
