import { Injectable } from '@nestjs/common';
import { Mailer } from '@handcheck/server-kit';
import { dailyVisitsPng } from './daily-chart';
import { CHART_CID, WEEKLY_TEMPLATE, weeklyMailData } from './weekly-mail';
import { type WeeklyStats } from './weekly-stats-from-rows';
import { WeeklyStatsService } from './weekly-stats.service';

export interface SendOptions {
  isTest: boolean;
  /** A Message-ID of our own (the scheduled run's, from its period key). */
  messageId?: string;
  now?: Date;
}

/** Stats now → mail (HTML with the chart inline and the table, plus text) → the relay. */
@Injectable()
export class WeeklyReportSender {
  constructor(
    private readonly stats: WeeklyStatsService,
    private readonly mailer: Mailer,
  ) {}

  async send(
    to: string[],
    options: SendOptions,
  ): Promise<{ messageId: string; stats: WeeklyStats }> {
    const stats = await this.stats.compute(options.now);
    const { messageId } = await this.mail(to, stats, options);
    return { messageId, stats };
  }

  async mail(
    to: string[],
    stats: WeeklyStats,
    options: SendOptions,
  ): Promise<{ messageId: string }> {
    const rendered = this.mailer.render(
      WEEKLY_TEMPLATE,
      weeklyMailData(stats, { isTest: options.isTest }),
    );
    const chart = await dailyVisitsPng(stats.dailyBreakdown);
    return this.mailer.send({
      to,
      template: WEEKLY_TEMPLATE,
      rendered,
      messageId: options.messageId,
      images: [
        {
          cid: CHART_CID,
          filename: 'daily-visits.png',
          content: chart,
          contentType: 'image/png',
        },
      ],
    });
  }
}
