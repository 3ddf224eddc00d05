import { Module } from '@nestjs/common';
import { GeoLocator } from '../geo/geo-locator';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  controllers: [EventsController],
  providers: [EventsService, GeoLocator],
})
export class EventsModule {}
