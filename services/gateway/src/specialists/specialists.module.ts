import { Module } from '@nestjs/common';
import { DirectoryClient } from './directory.client';
import { SpecialistsController } from './specialists.controller';
import { SpecialistsRoute } from './specialists-route';
import { SpecialistsService } from './specialists.service';

/**
 * GET /api/specialists, from the directory service (gRPC). The controller declares and
 * describes the route; SpecialistsRoute answers it with a plain Fastify handler. No readiness
 * check: see SiteHealth.
 */
@Module({
  controllers: [SpecialistsController],
  providers: [DirectoryClient, SpecialistsService, SpecialistsRoute],
  exports: [SpecialistsRoute],
})
export class SpecialistsModule {}
