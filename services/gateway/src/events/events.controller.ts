import { BadRequestException, Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { type Request } from 'express';
import { GeoLocator, UNKNOWN_LOCATION } from '../geo/geo-locator';
import { EventsService } from './events.service';
import { parseEventBatch } from './parse-event-batch';

@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly geo: GeoLocator,
  ) {}

  @Post()
  @HttpCode(202)
  async ingest(@Body() body: unknown, @Req() req: Request): Promise<{ accepted: number }> {
    const parsed = parseEventBatch(body);
    if (!parsed.ok) throw new BadRequestException(parsed.problems);
    // Only session starts need a location; the IP is looked up and dropped right here.
    const needsLocation = parsed.events.some((event) => event.type === 'session_start');
    const context = {
      userAgent: req.headers['user-agent'] ?? '',
      receivedAtMs: Date.now(),
      location: needsLocation ? this.geo.locate(req.ip) : UNKNOWN_LOCATION,
    };
    await this.events.publish(parsed.events, context);
    return { accepted: parsed.events.length };
  }
}
