import { CommonEnv } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

export class ReferralEnv extends CommonEnv {
  override PORT = SERVICES.referral.httpPort;
}
