import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Specialist, SpecialistSchema } from './specialist.schema';
import { SpecialistsController } from './specialists.controller';
import { SpecialistsRepository } from './specialists.repository';

/** The specialist directory: MongoDB collection `specialists`, read over gRPC. */
@Module({
  imports: [MongooseModule.forFeature([{ name: Specialist.name, schema: SpecialistSchema }])],
  controllers: [SpecialistsController],
  providers: [SpecialistsRepository],
})
export class SpecialistsModule {}
