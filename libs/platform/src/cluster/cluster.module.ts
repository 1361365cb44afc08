// What every copy of every app runs for scale-out: Prometheus metrics at /metrics (with the
// socket command latency interceptor), the BullMQ dashboard at /admin/queues for admins, and the
// fencing-token floors restored after Redis lost its data (fence-floors.ts).
import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ClusterMetrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { CommandLatencyInterceptor } from './command-latency.interceptor';
import { QueueDashboard } from './queue-dashboard';
import { FenceFloors } from './fence-floors';

@Module({
  controllers: [MetricsController],
  providers: [ClusterMetrics, QueueDashboard, FenceFloors, { provide: APP_INTERCEPTOR, useClass: CommandLatencyInterceptor }],
  exports: [ClusterMetrics],
})
export class ClusterModule {}
