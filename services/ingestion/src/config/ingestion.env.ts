import { CommonEnv, IntSetting, TextSetting } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

export class IngestionEnv extends CommonEnv {
  override PORT = SERVICES.ingestion.httpPort;

  @TextSetting()
  CONSUMER_GROUP = 'ingestion';

  /** The broker holds a fetch until this much data is ready, or until the wait below ends. */
  @IntSetting({ min: 1, max: 10_000_000 })
  BATCH_MIN_BYTES = 1_048_576;

  @IntSetting({ min: 10, max: 10_000 })
  BATCH_MAX_WAIT_MS = 500;
}
