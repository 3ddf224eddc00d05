import { type DynamicModule, Global, Module } from '@nestjs/common';
import { envProvider } from '../config/config.module';
import { MailerEnv } from './mailer.env';
import { MAILER_OPTIONS, Mailer, MailerHealth, type MailerOptions } from './mailer.service';

/** Mail for one service: its settings (SMTP_*, MAIL_FROM), templates, sender and readiness check. */
@Global()
@Module({})
export class MailerModule {
  static forRoot(options: MailerOptions): DynamicModule {
    return {
      module: MailerModule,
      providers: [
        envProvider(MailerEnv),
        { provide: MAILER_OPTIONS, useValue: options },
        Mailer,
        MailerHealth,
      ],
      exports: [MailerEnv, Mailer, MailerHealth],
    };
  }
}
