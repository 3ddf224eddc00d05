import { createHash, timingSafeEqual } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  Metadata,
  ServerInterceptingCall,
  status,
  type ServerInterceptingCallInterface,
  type ServerInterceptor,
} from '@grpc/grpc-js';

/**
 * The metadata key every internal gRPC call carries its credential under, as
 * `Bearer <INTERNAL_GRPC_TOKEN>`: the header gRPC's own call credentials use.
 */
export const INTERNAL_CREDENTIAL_KEY = 'authorization';

/** 32 characters of `openssl rand -hex 32` hold 128 bits: out of reach of guessing. */
export const MIN_INTERNAL_TOKEN_LENGTH = 32;

/**
 * Printable ASCII without spaces: what a metadata value may hold as it is (anything else would
 * need the `-bin` encoding), and what `openssl rand -hex` or `-base64` prints.
 */
export const INTERNAL_TOKEN_PATTERN = new RegExp(`^[\\x21-\\x7e]{${MIN_INTERNAL_TOKEN_LENGTH},}$`);

const BEARER = 'Bearer ';

/** Throws unless `token` can serve as the internal credential. Names the setting it comes from. */
export function assertInternalToken(token: string): void {
  if (!INTERNAL_TOKEN_PATTERN.test(token)) {
    throw new Error(
      `the internal gRPC token (INTERNAL_GRPC_TOKEN) must be at least ${MIN_INTERNAL_TOKEN_LENGTH} printable ASCII characters without spaces`,
    );
  }
}

/** Metadata holding the credential, plus whatever `extra` carries (it cannot override the credential). */
export function withInternalCredential(token: string, extra?: Metadata): Metadata {
  const metadata = extra ? extra.clone() : new Metadata();
  metadata.set(INTERNAL_CREDENTIAL_KEY, `${BEARER}${token}`);
  return metadata;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Checks the credential of incoming calls against this service's token. Both sides are hashed
 * first, so the comparison takes the same time whatever was sent, its length included: a caller
 * cannot find the token a character at a time by timing the refusals.
 */
export class InternalCredential {
  private readonly expected: Buffer;

  constructor(token: string) {
    assertInternalToken(token);
    this.expected = digest(token);
  }

  /** Why `metadata` is refused, or undefined when it carries this service's token. */
  refusal(metadata: Metadata): string | undefined {
    const values = metadata.get(INTERNAL_CREDENTIAL_KEY);
    if (values.length === 0) {
      return `internal call without a credential: send metadata "${INTERNAL_CREDENTIAL_KEY}: Bearer <INTERNAL_GRPC_TOKEN>"`;
    }
    const [value] = values;
    const presented =
      values.length === 1 && typeof value === 'string' && value.startsWith(BEARER)
        ? value.slice(BEARER.length)
        : '';
    return timingSafeEqual(digest(presented), this.expected)
      ? undefined
      : "internal call with a wrong credential: it is not this service's INTERNAL_GRPC_TOKEN";
  }
}

/**
 * A grpc-js server interceptor that answers every call without this service's credential
 * UNAUTHENTICATED before its request is read, so no handler (and no Nest code) runs for it.
 * It sits on the transport, so a method added later is covered without anyone remembering to.
 */
export function internalCredentialInterceptor(token: string): ServerInterceptor {
  const credential = new InternalCredential(token);
  const logger = new Logger('InternalCredential');
  return (method, call: ServerInterceptingCallInterface) =>
    new ServerInterceptingCall(call, {
      start: (next) =>
        next({
          onReceiveMetadata: (metadata, accept) => {
            const refusal = credential.refusal(metadata);
            if (refusal === undefined) return accept(metadata);
            // The peer and method only: never what was presented.
            logger.warn({ peer: call.getPeer(), method: method.path }, refusal);
            call.sendStatus({ code: status.UNAUTHENTICATED, details: refusal });
          },
        }),
    });
}
