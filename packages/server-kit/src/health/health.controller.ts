import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { EngineHealth } from './engine-health';
import { type ReadinessCheck } from './readiness';
import { Public } from '../http/public.decorator';

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/**
 * /health/live: the process answers (a failing liveness probe restarts the
 * pod, so it must never depend on anything outside the process).
 * /health/ready: every engine the service needs for its job answers (a failing
 * readiness probe only takes the pod out of rotation).
 */
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly engines: EngineHealth,
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check(
      this.checks.map((check) => () => this.engines.check(check.key, () => check.probe())),
    );
  }
}
