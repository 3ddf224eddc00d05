import { IsEmail, IsString } from 'class-validator';
import { BoolSetting, IsPort, OptionalTextSetting } from '../config/setting-decorators';

export class MailerEnv {
  @IsString()
  SMTP_HOST = '127.0.0.1';

  @IsPort()
  SMTP_PORT = 1025;

  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the relay offers it. */
  @BoolSetting()
  SMTP_SECURE = false;

  @OptionalTextSetting()
  SMTP_USER = '';

  @OptionalTextSetting()
  SMTP_PASSWORD = '';

  /** The sender of every HandCheck mail. */
  @IsEmail({ require_tld: false, allow_display_name: true })
  MAIL_FROM = 'HandCheck <no-reply@handcheck.local>';
}
