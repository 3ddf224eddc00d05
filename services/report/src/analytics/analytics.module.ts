import { Module } from '@nestjs/common';
import { AnalyticsRepository } from './analytics.repository';

/** Reads of the analytics database (ClickHouse), for the weekly report and the dashboard. */
@Module({ providers: [AnalyticsRepository], exports: [AnalyticsRepository] })
export class AnalyticsModule {}
