import { TimeoutError, withTimeout } from './timeout';

describe('withTimeout', () => {
  it('resolves and rejects as the work does when it is in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 100, 'Kafka')).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('refused')), 100, 'Kafka')).rejects.toThrow(
      'refused',
    );
  });

  it('rejects with a TimeoutError naming what did not answer', async () => {
    const never = new Promise<never>(() => undefined);
    const error: unknown = await withTimeout(never, 20, 'MongoDB').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe('MongoDB did not answer within 20 ms');
  });

  it('ignores a late failure of the work', async () => {
    const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('late')), 40));
    await expect(withTimeout(late, 10, 'SMTP')).rejects.toBeInstanceOf(TimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 60));
  });
});
