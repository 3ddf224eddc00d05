import { type Options } from 'pino-http';
import { type CommonEnv } from '../config/common-env';

/**
 * A URL as logged: its path only. Query strings and fragments carry what must never be kept
 * (an `?access_token=…` pasted by a client, search terms, e-mail addresses), and a log line
 * is kept longer and read by more people than the request was.
 */
export function loggedPath(url: unknown): string {
  if (typeof url !== 'string') return '';
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

interface SerializedRequest {
  id: unknown;
  method: string;
  url: string;
}

interface SerializedResponse {
  statusCode: number | null;
  headers?: Record<string, unknown>;
}

/**
 * What one request's log lines say about it. The client IP is personal data we never keep,
 * not even in logs; a redirect's Location repeats the request's query string, so it is cut too.
 */
export const requestLogSerializers = {
  req: (req: SerializedRequest) => ({ id: req.id, method: req.method, url: loggedPath(req.url) }),
  res: (res: SerializedResponse) => {
    const headers = { ...res.headers };
    delete headers['set-cookie'];
    if (headers.location !== undefined) headers.location = loggedPath(headers.location);
    return { statusCode: res.statusCode, headers };
  },
};

/** The request logger's options (pino-http), for every service's LoggerModule. */
export function requestLogOptions(service: string, env: CommonEnv): Options {
  return {
    level: env.LOG_LEVEL,
    base: { service, version: env.SERVICE_VERSION },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'req.headers["x-forwarded-for"]',
        'req.remoteAddress',
        'req.remotePort',
        '*.password',
        '*.token',
      ],
      remove: true,
    },
    serializers: requestLogSerializers,
  };
}
