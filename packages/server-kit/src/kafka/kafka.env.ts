import { applyDecorators } from '@nestjs/common';
import { IsString, Matches } from 'class-validator';

export class KafkaEnv {
  @IsString()
  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, {
    message: '$property must be a comma-separated list of host:port',
  })
  KAFKA_BROKERS = '127.0.0.1:9092';
}

/** A topic name a setting may choose (tests isolate themselves with their own). */
export const TopicSetting = () => applyDecorators(Matches(/^[a-zA-Z0-9._-]+$/), IsString());

/** Comma-separated host:port list, as kafkajs wants it. */
export function brokerList(value: string): string[] {
  return value
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
}
