import { Module } from '@nestjs/common';
import { DirectoryClient } from './directory.client';
import { SpecialistsController } from './specialists.controller';
import { SpecialistsNodeRoute } from './specialists-node-route';
import { SpecialistsService } from './specialists.service';

/**
 * GET /api/specialists, from the directory service (gRPC). Served by SpecialistsNodeRoute
 * ahead of Express; the controller describes it for OpenAPI and answers alike should a
 * request reach Nest. No readiness check: see SiteHealth.
 */
@Module({
  controllers: [SpecialistsController],
  providers: [DirectoryClient, SpecialistsService, SpecialistsNodeRoute],
  exports: [SpecialistsNodeRoute],
})
export class SpecialistsModule {}
