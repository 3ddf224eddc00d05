import crypto from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  Client,
  credentials,
  Metadata,
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceError,
} from '@grpc/grpc-js';
import { DirectoryService } from '@handcheck/contracts';
import { grpcServerOptions } from './grpc-server';
import {
  InternalCredential,
  INTERNAL_CREDENTIAL_KEY,
  internalCredentialInterceptor,
  withInternalCredential,
} from './internal-credential';

const TOKEN = 'internal-token-of-the-unit-tests-0123456789';

const bearer = (value: string) => {
  const metadata = new Metadata();
  metadata.set(INTERNAL_CREDENTIAL_KEY, value);
  return metadata;
};

describe('InternalCredential', () => {
  const credential = new InternalCredential(TOKEN);

  it('accepts the Bearer token it was made with', () => {
    expect(credential.refusal(bearer(`Bearer ${TOKEN}`))).toBeUndefined();
    expect(credential.refusal(withInternalCredential(TOKEN))).toBeUndefined();
  });

  it('refuses a call without one, saying what to send', () => {
    expect(credential.refusal(new Metadata())).toMatch(
      /without a credential.*authorization: Bearer <INTERNAL_GRPC_TOKEN>/,
    );
  });

  it('refuses a wrong, short, longer, unprefixed or repeated token', () => {
    const twice = bearer(`Bearer ${TOKEN}`);
    twice.add(INTERNAL_CREDENTIAL_KEY, `Bearer ${TOKEN}`);
    for (const metadata of [
      bearer(`Bearer ${TOKEN.replace(/.$/, 'X')}`),
      bearer('Bearer short'),
      bearer('Bearer '),
      bearer(`Bearer ${TOKEN}0`),
      bearer(TOKEN),
      bearer(`bearer ${TOKEN}`),
      twice,
    ]) {
      expect(credential.refusal(metadata)).toMatch(/wrong credential/);
    }
  });

  it('compares hashes of equal length in constant time, whatever the length sent', () => {
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    try {
      for (const sent of ['x', TOKEN.slice(0, -1), `${TOKEN}${'y'.repeat(500)}`, TOKEN]) {
        credential.refusal(bearer(`Bearer ${sent}`));
      }
      expect(compare).toHaveBeenCalledTimes(4);
      for (const [a, b] of compare.mock.calls as [Buffer, Buffer][]) {
        expect([a.length, b.length]).toEqual([32, 32]);
      }
    } finally {
      compare.mockRestore();
    }
  });

  it('cannot be made with an empty, short or non-header token, and names the setting', () => {
    for (const token of ['', 'x'.repeat(31), `${'x'.repeat(31)} y`, `${'é'.repeat(32)}`]) {
      expect(() => new InternalCredential(token)).toThrow(/INTERNAL_GRPC_TOKEN.*at least 32/);
    }
  });
});

describe('withInternalCredential', () => {
  it("keeps the caller's metadata but never lets it replace the credential", () => {
    const extra = new Metadata();
    extra.set('x-request-id', 'r-1');
    extra.set(INTERNAL_CREDENTIAL_KEY, 'Bearer forged');
    const sent = withInternalCredential(TOKEN, extra);
    expect(sent.get('x-request-id')).toEqual(['r-1']);
    expect(sent.get(INTERNAL_CREDENTIAL_KEY)).toEqual([`Bearer ${TOKEN}`]);
    // The caller's own object is left as it was.
    expect(extra.get(INTERNAL_CREDENTIAL_KEY)).toEqual(['Bearer forged']);
  });
});

describe('grpcServerOptions', () => {
  it('puts the credential check on the server grpc-js builds', () => {
    const options = grpcServerOptions({
      services: [DirectoryService],
      port: 0,
      host: '127.0.0.1',
      internalToken: TOKEN,
    });
    expect(options.channelOptions?.interceptors).toHaveLength(1);
  });

  it('refuses to serve without a usable token', () => {
    expect(() =>
      grpcServerOptions({
        services: [DirectoryService],
        port: 0,
        host: '127.0.0.1',
        internalToken: '',
      }),
    ).toThrow(/INTERNAL_GRPC_TOKEN/);
  });
});

// A grpc-js server on loopback with only the interceptor in front of one raw method.
describe('internalCredentialInterceptor on a real server', () => {
  const PATH = '/handcheck.test.Ping/Ping';
  const same = (value: Buffer) => value;
  const method = {
    path: PATH,
    requestStream: false,
    responseStream: false,
    requestSerialize: same,
    requestDeserialize: same,
    responseSerialize: same,
    responseDeserialize: same,
  };
  let server: Server;
  let client: Client;
  let handled = 0;
  let warnings: jest.SpyInstance;

  beforeAll(async () => {
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    server = new Server({ interceptors: [internalCredentialInterceptor(TOKEN)] });
    server.addService(
      { Ping: method },
      {
        Ping: (_call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
          handled += 1;
          callback(null, Buffer.from('pong'));
        },
      },
    );
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
  });

  afterAll(() => {
    client?.close();
    server?.forceShutdown();
    warnings.mockRestore();
  });

  const call = (metadata: Metadata) =>
    new Promise<{ answer?: string; error?: ServiceError }>((resolve) => {
      client.makeUnaryRequest(
        PATH,
        same,
        same,
        Buffer.from('ping'),
        metadata,
        { deadline: Date.now() + 5_000 },
        (error, answer) => resolve({ answer: answer?.toString(), error: error ?? undefined }),
      );
    });

  it('lets a call with the right token through to its handler', async () => {
    const before = handled;
    expect(await call(withInternalCredential(TOKEN))).toEqual({ answer: 'pong' });
    expect(handled).toBe(before + 1);
  });

  it('answers UNAUTHENTICATED, with a message, to a missing, wrong or short token, and runs no handler', async () => {
    const before = handled;
    const wrong = 'another-token-of-enough-length-0123456789';
    warnings.mockClear();
    for (const metadata of [
      new Metadata(),
      withInternalCredential(wrong),
      bearer('Bearer short'),
    ]) {
      const { answer, error } = await call(metadata);
      expect(answer).toBeUndefined();
      expect(error?.code).toBe(status.UNAUTHENTICATED);
      expect(error?.details).toMatch(/internal call with(out)? a (wrong )?credential/);
    }
    expect(handled).toBe(before);
    // Each refusal is logged with where it came from, never with what was presented.
    expect(warnings).toHaveBeenCalledTimes(3);
    for (const [fields, message] of warnings.mock.calls as [object, string][]) {
      expect(fields).toEqual({ peer: expect.stringMatching(/^127\.0\.0\.1:\d+$/), method: PATH });
      expect(JSON.stringify([fields, message])).not.toMatch(new RegExp(`${wrong}|short`));
    }
  });
});
