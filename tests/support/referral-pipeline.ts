import { type Kafka, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startGateway, startReferral } from './apps';
import { mongoUrl, referralTopic, testKafka, waitUntilPublishing } from './referrals';
import { type GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { type ReferralEnv } from '../../services/referral/src/config/referral.env';

export interface ReferralPipeline {
  kafka: Kafka;
  topic: string;
  /** What the referral service was started with: start another with it to share its work. */
  referralEnv: Record<string, string>;
  referral: Running<ReferralEnv>;
  gateway: Running<GatewayEnv>;
}

/**
 * A referral service and a gateway on a referral topic of their own (so no other service mails
 * their referrals), with a consumer group, inbox and MongoDB database of their own unless `env`
 * names them; returned once the gateway publishes.
 */
export async function startReferralPipeline(
  env: { referral?: Record<string, string>; gateway?: Record<string, string> } = {},
): Promise<ReferralPipeline> {
  const kafka = testKafka();
  const topic = await referralTopic(kafka);
  const referralEnv = {
    REFERRAL_TOPIC: topic,
    REFERRAL_CONSUMER_GROUP: uniqueName('referral-test'),
    REFERRAL_INBOX: `${uniqueName('inbox')}@handcheck.test`,
    MONGO_URL: mongoUrl(uniqueName('referral_test')),
    ...env.referral,
  };
  const referral = await startReferral(referralEnv);
  const gateway = await startGateway({
    REFERRAL_TOPIC: topic,
    REFERRAL_RATE_LIMIT: '1000',
    ...env.gateway,
  });
  await waitUntilPublishing(gateway.url);
  return { kafka, topic, referralEnv, referral, gateway };
}
