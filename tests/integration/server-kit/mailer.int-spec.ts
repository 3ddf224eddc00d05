import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { join } from 'node:path';
import { EnvModule } from '../../../packages/server-kit/src/config/config.module';
import { CommonEnv } from '../../../packages/server-kit/src/config/common-env';
import { MailerEnv } from '../../../packages/server-kit/src/mail/mailer.env';
import { loadConfig } from '../../../packages/server-kit/src/config/load-config';
import { MetricsModule } from '../../../packages/server-kit/src/metrics/metrics.module';
import { Metrics } from '../../../packages/server-kit/src/metrics/metrics.service';
import { eventually, testInfra, uniqueName } from '../../../packages/server-kit/src/testing/infra';
import { Mailer, MailerHealth } from '../../../packages/server-kit/src/mail/mailer.service';
import { MailerModule } from '../../../packages/server-kit/src/mail/mailer.module';
import { createHttpAdapter } from '../../../packages/server-kit/src/http/bootstrap';

jest.setTimeout(60_000);

class SampleEnv extends CommonEnv {
  override PORT = 0;
}

@Module({
  imports: [
    EnvModule.forRoot('mail-test', SampleEnv),
    MetricsModule.forRoot(),
    MailerModule.forRoot({ templatesDir: join(__dirname, '..', '..', '..', 'packages', 'server-kit', 'src', 'mail', 'fixtures') }),
  ],
})
class MailTestModule {}

async function boot(smtpPort: number) {
  const infra = testInfra();
  const env = loadConfig('mail-test', MailerEnv, {
    SMTP_HOST: infra.smtpHost,
    SMTP_PORT: String(smtpPort),
    MAIL_FROM: 'HandCheck <test@handcheck.local>',
  });
  const moduleRef = await Test.createTestingModule({ imports: [MailTestModule] })
    .overrideProvider(MailerEnv)
    .useValue(env)
    .compile();
  const app = moduleRef.createNestApplication(createHttpAdapter());
  await app.init();
  return app;
}

interface MailpitSummary {
  ID: string;
  MessageID: string;
  Subject: string;
  To: Array<{ Address: string }>;
}

describe('MailerModule against the real mail catcher', () => {
  it('sends HTML and text parts with an inline image, verifies the relay, and counts what it sent', async () => {
    const app = await boot(testInfra().smtpPort);
    try {
      const mailer = app.get(Mailer);
      await expect(app.get(MailerHealth).probe()).resolves.toBeUndefined();
      const to = `${uniqueName('mailer')}@example.test`;
      const { messageId } = await mailer.send({
        to,
        template: 'greeting',
        rendered: mailer.render('greeting', { name: 'Ann', code: 'A1' }),
        messageId: `<${uniqueName('id')}@handcheck.local>`,
        images: [
          {
            cid: 'chart',
            filename: 'chart.png',
            contentType: 'image/png',
            content: Buffer.from('89504e47', 'hex'),
          },
        ],
      });
      expect(messageId).toMatch(/@handcheck\.local>$/);

      const mailpit = testInfra().mailpitUrl;
      const found = await eventually(
        async () => {
          const list = (await (
            await fetch(`${mailpit}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
          ).json()) as {
            messages: MailpitSummary[];
          };
          return list.messages[0];
        },
        10_000,
        200,
      );
      expect(found.Subject).toBe('Hello Ann');
      expect(`<${found.MessageID}>`).toBe(messageId);
      const message = (await (await fetch(`${mailpit}/api/v1/message/${found.ID}`)).json()) as {
        HTML: string;
        Text: string;
        Inline: Array<{ ContentID: string }>;
      };
      expect(message.HTML).toContain('your code is <strong>A1</strong>');
      expect(message.Text).toContain('your code is A1.');
      expect(message.Inline.map((part) => part.ContentID)).toEqual(['chart']);

      const text = await app.get(Metrics).registry.metrics();
      expect(text).toMatch(/mail_sent_total\{template="greeting",service="mail-test"\} 1/);
    } finally {
      await app.close();
    }
  });

  it('reports an unreachable relay down and counts the failed send', async () => {
    const app = await boot(1);
    try {
      const mailer = app.get(Mailer);
      await expect(app.get(MailerHealth).probe()).rejects.toThrow();
      await expect(
        mailer.send({
          to: 'x@example.test',
          template: 'greeting',
          rendered: mailer.render('greeting', { name: 'A', code: 'B' }),
        }),
      ).rejects.toThrow();
      const text = await app.get(Metrics).registry.metrics();
      expect(text).toMatch(/mail_failed_total\{template="greeting",service="mail-test"\} 1/);
    } finally {
      await app.close();
    }
  });
});
