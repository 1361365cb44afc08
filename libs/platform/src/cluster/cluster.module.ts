// What every copy of every app runs for scale-out: Prometheus metrics at /metrics (with the
// socket command latency interceptor) and the BullMQ dashboard at /admin/queues for admins.
import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ClusterMetrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { CommandLatencyInterceptor } from './command-latency.interceptor';
import { QueueDashboard } from './queue-dashboard';

@Module({
  controllers: [MetricsController],
  providers: [ClusterMetrics, QueueDashboard, { provide: APP_INTERCEPTOR, useClass: CommandLatencyInterceptor }],
  exports: [ClusterMetrics],
})
export class ClusterModule {}
