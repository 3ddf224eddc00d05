import { type Readable, type Writable } from 'node:stream';

type Input = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/** All of a piped stdin, without its final line break: `printf %s "$PW" | npm run admin:create …`. */
async function readPiped(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** A prompt that does not echo: raw mode, characters read one by one, backspace honoured. */
function readHidden(input: Input, output: Writable, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    output.write(prompt);
    let value = '';
    input.setRawMode?.(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.setRawMode?.(false);
      input.pause();
      input.removeListener('data', onData);
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

/** The password from a terminal prompt (twice, without echo) or from piped stdin. */
export async function readPassword(input: Input, output: Writable): Promise<string> {
  if (!input.isTTY) return readPiped(input);
  const first = await readHidden(input, output, 'Password (at least 12 characters): ');
  const second = await readHidden(input, output, 'Repeat the password: ');
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}
