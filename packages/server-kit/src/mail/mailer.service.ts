import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { isEmail } from '@handcheck/contracts';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { MailerEnv } from './mailer.env';
import { withTimeout } from '../resilience/timeout';
import { type ReadinessCheck } from '../health/readiness';
import { Metrics } from '../metrics/metrics.service';
import { MailTemplates, type RenderedMail } from './mail-templates';

export const MAILER_OPTIONS = Symbol('MAILER_OPTIONS');

export interface MailerOptions {
  /** Folder of the service's Handlebars templates (see MailTemplates). */
  templatesDir: string;
}

export interface InlineImage {
  /** Referenced from the HTML as `cid:<cid>`. */
  cid: string;
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string | string[];
  replyTo?: string;
  /** The template it was rendered from, for the metrics. */
  template: string;
  rendered: RenderedMail;
  images?: InlineImage[];
  /** A Message-ID made from the work's own key, so a resend is recognisable as the same mail. */
  messageId?: string;
}

/** A recipient the mailer refuses to send to: not an address by the contracts' one rule. */
export class InvalidAddressError extends Error {}

/**
 * Each address as nodemailer's address object, checked by the same rule the web form and the
 * gateway apply: nodemailer then writes it as it is, without parsing it out of a header
 * string (where a quote or a comma would split or mangle it).
 */
function addresses(value: string | string[]): Array<{ name: string; address: string }> {
  const list = Array.isArray(value) ? value : [value];
  for (const address of list) {
    if (!isEmail(address)) throw new InvalidAddressError('not an email address');
  }
  return list.map((address) => ({ name: '', address }));
}

/**
 * The service's one SMTP client (nodemailer) and its compiled templates. The
 * connection is checked with verify() at start (logged) and by readiness.
 */
@Injectable()
export class Mailer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;
  private readonly templates: MailTemplates;
  private readonly sent;
  private readonly failed;

  constructor(
    private readonly env: MailerEnv,
    @Inject(MAILER_OPTIONS) options: MailerOptions,
    metrics: Metrics,
  ) {
    this.templates = new MailTemplates(options.templatesDir);
    this.transport = createTransport({
      // A new SMTP session per mail (greeting, EHLO, STARTTLS) cost more than the
      // sending itself: keep a few connections open and reuse them.
      pool: true,
      maxConnections: 3,
      maxMessages: 100,
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.sent = metrics.counter({
      name: 'mail_sent_total',
      help: 'Mails the relay accepted',
      labelNames: ['template'],
    });
    this.failed = metrics.counter({
      name: 'mail_failed_total',
      help: 'Mails the relay refused or could not be reached for',
      labelNames: ['template'],
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.verify();
      this.logger.log(`SMTP relay ${this.env.SMTP_HOST}:${this.env.SMTP_PORT} answers`);
    } catch (error) {
      // Not fatal: mail is retried, and readiness reports the relay down meanwhile.
      this.logger.warn(
        { err: error },
        `SMTP relay ${this.env.SMTP_HOST}:${this.env.SMTP_PORT} does not answer`,
      );
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  render(template: string, data: object): RenderedMail {
    return this.templates.render(template, data);
  }

  async verify(timeoutMs = 3000): Promise<void> {
    await withTimeout(this.transport.verify(), timeoutMs, 'SMTP');
  }

  /** Sends; resolves with the relay's message id once the relay has accepted the mail. */
  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    try {
      const info = await this.transport.sendMail({
        from: this.env.MAIL_FROM,
        to: addresses(mail.to),
        replyTo: mail.replyTo === undefined ? undefined : addresses(mail.replyTo),
        subject: mail.rendered.subject,
        html: mail.rendered.html,
        text: mail.rendered.text,
        messageId: mail.messageId,
        attachments: mail.images?.map((image) => ({
          cid: image.cid,
          filename: image.filename,
          content: image.content,
          contentType: image.contentType,
          contentDisposition: 'inline' as const,
        })),
      });
      this.sent.inc({ template: mail.template });
      return { messageId: info.messageId };
    } catch (error) {
      this.failed.inc({ template: mail.template });
      throw error;
    }
  }
}

@Injectable()
export class MailerHealth implements ReadinessCheck {
  readonly key = 'smtp';

  constructor(private readonly mailer: Mailer) {}

  probe(): Promise<void> {
    return this.mailer.verify(2000);
  }
}
