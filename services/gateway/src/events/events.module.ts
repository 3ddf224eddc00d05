import { Module } from '@nestjs/common';
import { GeoLocator } from '../geo/geo-locator.service';
import { AnalyticsProducer } from './analytics-producer.service';
import { EventsIntake } from './events-intake';
import { EventsService } from './events.service';

/** The analytics intake; it has no Nest controller, see EventsIntake. */
@Module({
  providers: [AnalyticsProducer, EventsIntake, EventsService, GeoLocator],
  exports: [EventsIntake],
})
export class EventsModule {}
