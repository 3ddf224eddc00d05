import { Injectable } from '@nestjs/common';
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type ReadinessCheck } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/**
 * The gateway is ready when it can serve the site. Kafka is deliberately not
 * part of it: without Kafka the site, the guides and the directory keep
 * serving, and only POST /api/events answers 503 once its buffer is full.
 */
@Injectable()
export class SiteHealth implements ReadinessCheck {
  readonly key = 'site';
  private readonly index: string;

  constructor(env: GatewayEnv) {
    this.index = join(resolve(env.WEB_DIST_DIR), 'index.html');
  }

  async probe(): Promise<void> {
    await access(this.index).catch(() => {
      throw new Error('The built site is missing (no index.html in WEB_DIST_DIR)');
    });
  }
}
