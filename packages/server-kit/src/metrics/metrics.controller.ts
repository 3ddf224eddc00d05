import { Controller, Get, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { Metrics } from './metrics.service';
import { Public } from '../http/public.decorator';

@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await this.metrics.text();
    void reply.type(contentType).send(body);
  }
}
