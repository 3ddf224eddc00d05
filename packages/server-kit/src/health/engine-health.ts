import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';

/**
 * Turns a plain async check into a terminus result, so each service's health
 * controller is a list of one-liners.
 */
@Injectable()
export class EngineHealth {
  constructor(private readonly indicators: HealthIndicatorService) {}

  async check(key: string, probe: () => Promise<unknown>): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    try {
      await probe();
      return session.up();
    } catch (error) {
      return session.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }
}
