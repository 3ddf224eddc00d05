// Heavy analyst queries beside a benchmark: `workers` loops, each sending one
// CPU-bound query after another as the analyst account (readonly, with the
// analyst limits), so a figure can be read with and without them. A query the
// server refuses for the account's limit of queries at once (202) never ran:
// it is counted apart and sent again a moment later.
import { randomUUID } from 'node:crypto';

/** Reads every number until the analyst's time limit stops it: one core, no memory. */
const HEAVY = 'SELECT count() FROM system.numbers WHERE sipHash64(number) % 7 = 0';
const TOO_MANY_SIMULTANEOUS_QUERIES = /Code: 202\b/;

export interface AnalystLoad {
  /** Ends every query of the load and gives its counts. */
  stop(): Promise<{ ran: number; refused: number }>;
}

interface Login {
  username: string;
  password: string;
}

/**
 * `analyst` runs the load; `admin` (`default`) stops it: with the analyst's places
 * all taken, the analyst's own KILL QUERY would be refused as one query too many.
 */
export function startAnalystLoad(
  url: string,
  { analyst, admin }: { analyst: Login; admin: Login },
  workers: number,
): AnalystLoad {
  const send = (as: Login, sql: string) =>
    fetch(`${url}/?query_id=${randomUUID()}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${as.username}:${as.password}`).toString('base64')}`,
      },
      body: sql,
    }).then(async (response) => ({ ok: response.ok, text: await response.text() }));
  let stopping = false;
  let ran = 0;
  let refused = 0;
  const loop = async () => {
    while (!stopping) {
      const answer = await send(analyst, HEAVY).catch((error: unknown) => ({
        ok: false,
        text: String(error),
      }));
      if (TOO_MANY_SIMULTANEOUS_QUERIES.test(answer.text)) {
        refused += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      } else {
        ran += 1;
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    async stop() {
      stopping = true;
      await send(admin, `KILL QUERY WHERE user = '${analyst.username}' SYNC`).catch(
        () => undefined,
      );
      await Promise.all(loops);
      return { ran, refused };
    },
  };
}
