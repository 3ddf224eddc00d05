import { Module } from '@nestjs/common';
import { GeoLocator } from '../geo/geo-locator.service';
import { AnalyticsProducer } from './analytics-producer.service';
import { EventsRoute } from './events-route';
import { EventsService } from './events.service';

/** The analytics intake; it has no Nest controller, see EventsRoute. */
@Module({
  providers: [AnalyticsProducer, EventsRoute, EventsService, GeoLocator],
  exports: [EventsRoute],
})
export class EventsModule {}
