import 'reflect-metadata';
import { IsIn } from 'class-validator';
import { IntSetting, IsListenPort, TextSetting } from './setting-decorators';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** Settings every service shares; each service's Env class extends it. */
export class CommonEnv {
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** 0 picks a free port (tests). */
  @IsListenPort()
  PORT!: number;

  @TextSetting()
  HOST = '127.0.0.1';

  /** Shown on every log line; deployments set it to the image tag. */
  @TextSetting()
  SERVICE_VERSION = '0.1.0';

  /** The longest a client may take to send a whole request (headers and body). */
  @IntSetting({ min: 1000, max: 600_000 })
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /** The longest a client may take to send a request's headers (at most the request timeout). */
  @IntSetting({ min: 1000, max: 600_000 })
  HTTP_HEADERS_TIMEOUT_MS = 15_000;

  /** How long an idle keep-alive connection is kept; above a load balancer's own idle timeout (60 s is common). */
  @IntSetting({ min: 1000, max: 600_000 })
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 65_000;
}
