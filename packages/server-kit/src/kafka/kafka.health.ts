import { Injectable } from '@nestjs/common';
import { type ReadinessCheck } from '../health/readiness';
import { KafkaService } from './kafka.service';

@Injectable()
export class KafkaHealth implements ReadinessCheck {
  readonly key = 'kafka';

  constructor(private readonly kafka: KafkaService) {}

  probe(): Promise<unknown> {
    return this.kafka.probe();
  }
}
