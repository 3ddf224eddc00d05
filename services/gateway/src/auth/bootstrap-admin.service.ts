import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { GatewayEnv } from '../config/gateway.env';
import { AdminUsersRepository } from './admin-users.repository';

/**
 * ADMIN_BOOTSTRAP_EMAIL + ADMIN_BOOTSTRAP_PASSWORD: the first admin of a fresh install, made
 * at start only when no admin exists at all (so changing or removing the variables later
 * does nothing). In the background: the gateway does not wait for MongoDB to serve the site.
 */
@Injectable()
export class BootstrapAdmin implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly env: GatewayEnv,
    private readonly users: AdminUsersRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.env.ADMIN_BOOTSTRAP_EMAIL) return;
    void this.run().catch((error: unknown) =>
      this.logger.error({ err: error }, 'The bootstrap admin could not be created'),
    );
  }

  async run(): Promise<boolean> {
    if (!(await this.users.none())) return false;
    const { email } = await this.users.create(
      this.env.ADMIN_BOOTSTRAP_EMAIL,
      this.env.ADMIN_BOOTSTRAP_PASSWORD,
    );
    this.logger.log({ emailDomain: email.split('@')[1] }, 'Bootstrap admin created');
    return true;
  }
}
