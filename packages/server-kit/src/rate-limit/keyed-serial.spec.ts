import { KeyedSerial } from './keyed-serial';

describe('KeyedSerial', () => {
  it('runs the tasks of one key one after another, other keys alongside, and forgets idle keys', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      serial.run('a', task('a1')),
      serial.run('a', task('a2')),
      serial.run('b', task('b1')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(serial.size).toBe(0);
  });

  it('goes on after a failed task', async () => {
    const serial = new KeyedSerial();
    await expect(serial.run('a', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(serial.run('a', () => Promise.resolve(1))).resolves.toBe(1);
  });
});
