import { Controller, Get, Res } from '@nestjs/common';
import { type Response } from 'express';
import { Metrics } from './metrics.service';
import { Public } from '../http/public.decorator';

@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, body } = await this.metrics.text();
    res.type(contentType).send(body);
  }
}
