import { ConfigError, loadConfig } from '@handcheck/server-kit';
import { GatewayEnv } from './gateway.env';

describe('GatewayEnv admin settings', () => {
  it('needs no JWT_SECRET in development and test', () => {
    expect(loadConfig('gateway', GatewayEnv, { NODE_ENV: 'test' }).JWT_SECRET).toBe('');
    expect(loadConfig('gateway', GatewayEnv, {}).JWT_SECRET).toBe('');
  });

  it('refuses production without a JWT_SECRET of at least 32 bytes, naming it', () => {
    expect(() => loadConfig('gateway', GatewayEnv, { NODE_ENV: 'production' })).toThrow(
      /gateway cannot start[\s\S]*JWT_SECRET must be at least 32 bytes/,
    );
    expect(() =>
      loadConfig('gateway', GatewayEnv, { NODE_ENV: 'production', JWT_SECRET: 'é'.repeat(15) }),
    ).toThrow(ConfigError); // 30 bytes, 15 characters
    expect(
      loadConfig('gateway', GatewayEnv, {
        NODE_ENV: 'production',
        JWT_SECRET: 'é'.repeat(16),
        INTERNAL_GRPC_TOKEN: 'i'.repeat(32),
      }).JWT_SECRET,
    ).toHaveLength(16);
  });

  it('refuses production without the INTERNAL_GRPC_TOKEN its gRPC calls carry, naming it', () => {
    expect(() =>
      loadConfig('gateway', GatewayEnv, { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32) }),
    ).toThrow(/gateway cannot start[\s\S]*INTERNAL_GRPC_TOKEN must be at least 32/);
  });

  it('never prints a secret it refuses', () => {
    const secret = 'too-short-but-still-secret';
    try {
      loadConfig('gateway', GatewayEnv, { NODE_ENV: 'production', JWT_SECRET: secret });
      throw new Error('accepted');
    } catch (error) {
      expect((error as Error).message).toMatch(/JWT_SECRET/);
      expect((error as Error).message).not.toContain(secret);
    }
    try {
      loadConfig('gateway', GatewayEnv, {
        ADMIN_BOOTSTRAP_EMAIL: 'first@example.com',
        ADMIN_BOOTSTRAP_PASSWORD: 'short pw',
      });
      throw new Error('accepted');
    } catch (error) {
      expect((error as Error).message).toMatch(/ADMIN_BOOTSTRAP_PASSWORD/);
      expect((error as Error).message).not.toContain('short pw');
    }
  });
});
