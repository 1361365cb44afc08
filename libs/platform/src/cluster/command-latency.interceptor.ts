// Measures every socket command's handling time into naiko_socket_command_seconds (a global
// interceptor: it sees the handlers of every gateway; HTTP requests pass through untouched).
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { type Observable, tap } from 'rxjs';
import { ClusterMetrics } from './metrics';

@Injectable()
export class CommandLatencyInterceptor implements NestInterceptor {
  constructor(private readonly metrics: ClusterMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'ws') return next.handle();
    const event = context.switchToWs().getPattern();
    const end = this.metrics.actionLatency.startTimer({ event });
    return next.handle().pipe(
      tap({
        complete: () => end({ outcome: 'ok' }),
        error: () => end({ outcome: 'refused' }),
      }),
    );
  }
}
