import { IsUrl } from 'class-validator';
import { CommonEnv } from './common-env';
import { ConfigError, loadConfig } from './load-config';

class SampleEnv extends CommonEnv {
  override PORT = 9999;

  @IsUrl({ require_tld: false, require_protocol: true })
  SERVICE_URL = 'http://localhost:1';
}

describe('loadConfig', () => {
  it('applies defaults and converts types', () => {
    const env = loadConfig('sample', SampleEnv, { PORT: '1234' });
    expect(env.PORT).toBe(1234);
    expect(env.NODE_ENV).toBe('development');
    expect(env.SERVICE_URL).toBe('http://localhost:1');
  });

  it('refuses a bad value and names the setting', () => {
    expect(() => loadConfig('sample', SampleEnv, { PORT: 'eighty', SERVICE_URL: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig('sample', SampleEnv, { PORT: '70000', NODE_ENV: 'staging' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^sample cannot start/);
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/NODE_ENV/);
    }
  });
});
