import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LeaseClaim, LeaseClaimSchema } from './lease.schema';
import { LeasesRepository } from './leases.repository';

/** LeasesRepository, for a feature module whose documents are leased. */
@Module({
  imports: [MongooseModule.forFeature([{ name: LeaseClaim.name, schema: LeaseClaimSchema }])],
  providers: [LeasesRepository],
  exports: [LeasesRepository],
})
export class LeasesModule {}
