import { ConfigError, loadConfig } from '../config/load-config';
import { GrpcEnv } from './grpc.env';

class SampleEnv extends GrpcEnv {
  override PORT = 9999;
}

const TOKEN = 'a'.repeat(16) + 'b'.repeat(16);

describe('GrpcEnv', () => {
  it('refuses to start in production without INTERNAL_GRPC_TOKEN, naming it', () => {
    expect(() => loadConfig('sample', SampleEnv, { NODE_ENV: 'production' })).toThrow(
      /sample cannot start[\s\S]*INTERNAL_GRPC_TOKEN must be at least 32 printable ASCII characters[\s\S]*required when NODE_ENV=production/,
    );
    expect(() =>
      loadConfig('sample', SampleEnv, { NODE_ENV: 'production', INTERNAL_GRPC_TOKEN: '' }),
    ).toThrow(ConfigError);
  });

  it('refuses a short token, or one a metadata header cannot carry, without printing it', () => {
    for (const token of ['too-short-but-still-a-secret', `${TOKEN} x`, `${TOKEN}\u00e9`]) {
      for (const NODE_ENV of ['production', 'development']) {
        try {
          loadConfig('sample', SampleEnv, { NODE_ENV, INTERNAL_GRPC_TOKEN: token });
          throw new Error('accepted');
        } catch (error) {
          expect((error as Error).message).toMatch(/INTERNAL_GRPC_TOKEN/);
          expect((error as Error).message).not.toContain(token);
        }
      }
    }
  });

  it('uses the configured token in every mode', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const env = loadConfig('sample', SampleEnv, { NODE_ENV, INTERNAL_GRPC_TOKEN: TOKEN });
      expect(env.internalGrpcToken).toBe(TOKEN);
    }
  });

  it('outside production, without one, gives every service of this process the same token of its own', () => {
    const first = loadConfig('sample', SampleEnv, { NODE_ENV: 'test' });
    const second = loadConfig('other', SampleEnv, {});
    expect(first.INTERNAL_GRPC_TOKEN).toBe('');
    expect(first.internalGrpcToken).toMatch(/^[0-9a-f]{64}$/);
    expect(second.internalGrpcToken).toBe(first.internalGrpcToken);
  });
});
