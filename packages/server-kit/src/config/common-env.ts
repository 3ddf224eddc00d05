import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** Settings every service shares; each service's Env class extends it. */
export class CommonEnv {
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** 0 picks a free port (tests). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT!: number;

  @IsString()
  @IsNotEmpty()
  HOST = '127.0.0.1';

  /** Shown on every log line; deployments set it to the image tag. */
  @IsString()
  @IsNotEmpty()
  SERVICE_VERSION = '0.1.0';
}

/** Comma-separated host:port list, as kafkajs wants it. */
export function brokerList(value: string): string[] {
  return value
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
}
