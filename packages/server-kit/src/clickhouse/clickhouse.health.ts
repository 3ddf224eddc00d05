import { Injectable } from '@nestjs/common';
import { type ReadinessCheck } from '../health/readiness';
import { ClickHouseService } from './clickhouse.service';

@Injectable()
export class ClickHouseHealth implements ReadinessCheck {
  readonly key = 'clickhouse';

  constructor(private readonly clickhouse: ClickHouseService) {}

  probe(): Promise<void> {
    return this.clickhouse.probe();
  }
}
