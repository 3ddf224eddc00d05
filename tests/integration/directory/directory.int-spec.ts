/*
 * The specialist directory end to end on the real test MongoDB (FerretDB): the import
 * command as ops run it, the directory's gRPC answer, and the gateway's GET /api/specialists
 * with the directory up, stopped after a fetch, and never reached.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { DirectoryService } from '@handcheck/contracts';
import { createGrpcClient } from '@handcheck/server-kit';
import { REPO_ROOT, testInfra, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, freePort, startDirectory, startGateway } from '../../support/apps';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';

jest.setTimeout(120_000);

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(REPO_ROOT, 'services', 'directory', 'src', 'import', 'import-cli.ts');

/** The test MongoDB with a database of our own. */
function mongoUrlFor(database: string): string {
  const url = new URL(testInfra().mongoUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run directory:import -- <args>`, as ops run it (tsx straight away, without npm's noise). */
function runImport(mongoUrl: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, MONGO_URL: mongoUrl }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const dir = mkdtempSync(join(tmpdir(), 'directory-import-'));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

const person = (id: string, location: string, name: string, isActive = true, note?: string) => ({
  id,
  name,
  ...(note ? { specialty_note: note } : {}),
  clinic: `Clinic of ${name}`,
  location,
  url: `https://clinic.example.org/${id}`,
  is_active: isActive,
});

// Deliberately not in order, with inactive ones between them.
const SPECIALISTS = [
  person('s-1', 'Leeds, UK', 'Mr Zed Young', true, 'Elbows'),
  person('s-2', 'Bristol, UK', 'Ms Beth Orr'),
  person('s-3', 'Leeds, UK', 'Dr Amy Best', false),
  person('s-4', 'Chicago, IL, USA', 'Dr Carl Marsh', true, 'Thumbs'),
  person('s-5', 'Leeds, UK', 'Dr Anna Pike'),
  person('s-6', 'Bristol, UK', 'Mr Al Fenn', false),
  person('s-7', 'Bristol, UK', 'Dr Ann Ash'),
];

/** What the page must get: active ones by location, then name (sorted here, not by MongoDB). */
const EXPECTED = SPECIALISTS.filter((s) => s.is_active).sort((a, b) =>
  a.location === b.location ? (a.name < b.name ? -1 : 1) : a.location < b.location ? -1 : 1,
);

/** Every import test's own database, so none of them sees rows another imported. */
interface OwnDatabase {
  mongoUrl: string;
  stored: () => Promise<Array<Record<string, unknown>>>;
}

describe('the specialist directory', () => {
  const connections: Connection[] = [];
  async function ownDatabase(prefix: string): Promise<OwnDatabase> {
    const mongoUrl = mongoUrlFor(uniqueName(prefix));
    const connection = await mongoose.createConnection(mongoUrl).asPromise();
    connections.push(connection);
    return {
      mongoUrl,
      stored: () =>
        connection
          .collection('specialists')
          .find({}, { projection: { _id: 0, createdAt: 0, updatedAt: 0, __v: 0 } })
          .sort({ id: 1 })
          .toArray(),
    };
  }

  afterAll(async () => {
    for (const connection of connections) {
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    }
  });

  describe('npm run directory:import', () => {
    it('imports nothing when one row is bad, and names that row by its line', async () => {
      const { mongoUrl, stored } = await ownDatabase('hc_directory_bad');
      const rows = [
        SPECIALISTS[0],
        { ...SPECIALISTS[1], url: 'http://insecure.example.org/' },
        SPECIALISTS[2],
      ];
      const bad = file('bad.json', rows);
      const run = await runImport(mongoUrl, bad);
      expect(run.code).toBe(1);
      // The second record's `{` is on line 11 of the pretty-printed file.
      expect(run.stderr).toContain(
        `${bad}:11: url "http://insecure.example.org/" must start with https://`,
      );
      expect(run.stderr).toContain('1 bad row(s); nothing was imported.');
      expect(await stored()).toEqual([]);

      const csv = file(
        'bad.csv',
        [
          'id,name,clinic,location,url,is_active',
          'c-1,Dr One,Clinic,Leeds,https://one.example.org/,yes',
          'c-2,Dr Two,,Leeds,https://two.example.org/,no',
        ].join('\n'),
      );
      const csvRun = await runImport(mongoUrl, csv);
      expect(csvRun.code).toBe(1);
      expect(csvRun.stderr).toContain(`${csv}:3: clinic is required`);
      expect(await stored()).toEqual([]);
    });

    it('upserts a good file by id, and importing it again changes nothing', async () => {
      const { mongoUrl, stored } = await ownDatabase('hc_directory_good');
      const good = file('good.json', { _comment: 'test data', specialists: SPECIALISTS });
      const first = await runImport(mongoUrl, good);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(
        `Imported 7 specialist(s) from ${good}: 7 new, 0 changed, 0 unchanged.`,
      );
      const byId = [...SPECIALISTS].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(await stored()).toEqual(byId);

      const again = await runImport(mongoUrl, good);
      expect(again.stdout).toContain('7 specialist(s)');
      expect(again.stdout).toContain('0 new');
      expect(await stored()).toEqual(byId);

      // --if-empty leaves a directory that has data alone.
      const other = file('other.json', [person('x-1', 'York, UK', 'Dr Extra')]);
      const skipped = await runImport(mongoUrl, other, '--if-empty');
      expect(skipped.code).toBe(0);
      expect(skipped.stdout).toContain('already holds 7 specialist(s)');
      expect(await stored()).toEqual(byId);
    });

    it('changes a record in place when a later file says so (note removed, made inactive)', async () => {
      const { mongoUrl, stored } = await ownDatabase('hc_directory_change');
      const imported = await runImport(mongoUrl, file('before-change.json', SPECIALISTS));
      expect(imported.code).toBe(0);
      const changed = { ...SPECIALISTS[0], specialty_note: undefined, is_active: false };
      const run = await runImport(mongoUrl, file('change.json', [changed]));
      expect(run.stdout).toContain('0 new, 1 changed');
      const rows = await stored();
      expect(rows).toHaveLength(7);
      expect(rows.find((row) => row.id === 's-1')).toEqual(
        person('s-1', 'Leeds, UK', 'Mr Zed Young', false),
      );
    });
  });

  describe('served', () => {
    let mongoUrl: string;
    /** Up for every test: the cache test stops a directory of its own instead. */
    let directory: Awaited<ReturnType<typeof startDirectory>> | undefined;

    beforeAll(async () => {
      ({ mongoUrl } = await ownDatabase('hc_directory_served'));
      const imported = await runImport(mongoUrl, file('served.json', SPECIALISTS));
      if (imported.code !== 0) throw new Error(`The import failed: ${imported.stderr}`);
      directory = await startDirectory({ MONGO_URL: mongoUrl });
    });
    afterAll(async () => {
      await directory?.close();
    });

    it('over gRPC: only active specialists, by location then name', async () => {
      const client = createGrpcClient(DirectoryService, directory!.grpcAddress, {
        deadlineMs: 5000,
        internalToken: directory!.env.internalGrpcToken,
      });
      try {
        const { specialists } = await client.listActiveSpecialists();
        expect(specialists.map((s) => [s.location, s.name])).toEqual(
          EXPECTED.map((s) => [s.location, s.name]),
        );
        expect(specialists.every((s) => s.isActive)).toBe(true);
        const leeds = specialists.find((s) => s.id === 's-1');
        expect(leeds).toMatchObject({ specialtyNote: 'Elbows', clinic: 'Clinic of Mr Zed Young' });
        expect(specialists.find((s) => s.id === 's-2')?.specialtyNote).toBeUndefined();
      } finally {
        client.close();
      }
    });

    it('by the gateway, from its cache once the directory has stopped', async () => {
      let stopping: Awaited<ReturnType<typeof startDirectory>> | undefined = await startDirectory({
        MONGO_URL: mongoUrl,
      });
      let gateway: Running<GatewayEnv> | undefined;
      try {
        gateway = await startGateway({
          DIRECTORY_GRPC_URL: stopping.grpcAddress,
          DIRECTORY_CACHE_SECONDS: '1',
        });
        const answer = await fetch(`${gateway.url}/api/specialists`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('public, max-age=1');
        // A plain Fastify route, with the same security headers as every other answer: the one
        // Content-Security-Policy (the site's script sources included), as on the API.
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
        const health = await fetch(`${gateway.url}/api/health/live`);
        expect(answer.headers.get('content-security-policy')).toBe(
          health.headers.get('content-security-policy'),
        );
        const body = (await answer.json()) as { specialists: unknown[] };
        expect(body).toEqual({
          specialists: EXPECTED.map(({ id, name, specialty_note, clinic, location, url }) => ({
            id,
            name,
            specialty_note: specialty_note ?? null,
            clinic,
            location,
            url,
          })),
        });

        await stopping.close();
        stopping = undefined;
        // Past the 1 s of freshness: each answer now sets off a refresh, which fails.
        for (const waitMs of [1_200, 2_500]) {
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          const cached = await fetch(`${gateway.url}/api/specialists`);
          expect(cached.status).toBe(200);
          expect(await cached.json()).toEqual(body);
        }
      } finally {
        await gateway?.close();
        await stopping?.close();
      }
    });

    it('answers 503 when the directory was never reached, and stays ready', async () => {
      const closed = await freePort();
      const lonely = await startGateway({ DIRECTORY_GRPC_URL: `127.0.0.1:${closed}` });
      try {
        const answer = await fetch(`${lonely.url}/api/specialists`);
        expect(answer.status).toBe(503);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await answer.json()).toMatchObject({
          statusCode: 503,
          path: '/api/specialists',
          message: 'The specialist directory is unavailable.',
        });
        const ready = await fetch(`${lonely.url}/api/health/ready`);
        expect(ready.status).toBe(200);
        const metrics = await (await fetch(lonely.metricsUrl)).text();
        expect(metrics).toMatch(
          /http_request_duration_seconds_count\{[^}]*route="\/api\/specialists"[^}]*status="503"[^}]*\} 1/,
        );
      } finally {
        await lonely.close();
      }
    });
  });
});
