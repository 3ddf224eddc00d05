import { Injectable } from '@nestjs/common';
import { Mailer } from '@handcheck/server-kit';
import { dailyVisitsPng } from './daily-chart';
import { CHART_CID, WEEKLY_TEMPLATE, weeklyTemplateData } from './weekly-report-template';
import { type WeeklyStats } from './weekly-stats-from-rows';
import { WeeklyStatsService } from './weekly-stats.service';

export interface MailStatsOptions {
  isTest: boolean;
  /** A Message-ID of our own (the scheduled run's, from its period key). */
  messageId?: string;
  now?: Date;
}

/** Mails the weekly report: the stats as of now, in HTML (the chart inline, the table) and text. */
@Injectable()
export class WeeklyReportMailer {
  constructor(
    private readonly stats: WeeklyStatsService,
    private readonly mailer: Mailer,
  ) {}

  async mailStats(
    to: string[],
    options: MailStatsOptions,
  ): Promise<{ messageId: string; stats: WeeklyStats }> {
    const stats = await this.stats.compute(options.now);
    const rendered = this.mailer.render(
      WEEKLY_TEMPLATE,
      weeklyTemplateData(stats, { isTest: options.isTest }),
    );
    const chart = await dailyVisitsPng(stats.dailyBreakdown);
    const { messageId } = await this.mailer.send({
      to,
      template: WEEKLY_TEMPLATE,
      rendered,
      messageId: options.messageId,
      images: [
        { cid: CHART_CID, filename: 'daily-visits.png', content: chart, contentType: 'image/png' },
      ],
    });
    return { messageId, stats };
  }
}
