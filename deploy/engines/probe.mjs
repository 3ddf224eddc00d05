#!/usr/bin/env node
// Health probes for deploy/infra.sh. Each one speaks the server's own protocol
// and needs only Node's standard library, so it works before `npm ci` and in a
// shell that has no Kafka or Mongo tools.
//
//   node probe.mjs kafka <port>                  Metadata v1: at least one broker registered
//   node probe.mjs mongo <port>                  OP_MSG {ping: 1} answered with ok: 1
//   node probe.mjs http  <port> <path> <needle>  HTTP 200 whose body contains <needle>
//                                                (signed in as PROBE_HTTP_USER with
//                                                PROBE_HTTP_PASSWORD when they are set)
//   node probe.mjs smtp  <port>                  greeting line starts with 220
//   node probe.mjs zookeeper <port>              four-letter word ruok answered imok
//
// Exit code 0 when healthy, 1 otherwise (reason on stderr).

import net from 'node:net';
import http from 'node:http';

const HOST = '127.0.0.1';
const TIMEOUT_MS = Number(process.env.PROBE_TIMEOUT_MS ?? 3000);

/** Sends `request` and resolves with the bytes read once `complete` says the reply is whole. */
function exchange(port, request, complete) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: HOST, port });
    const chunks = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete reply within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    const finish = (fn, value) => {
      clearTimeout(timer);
      socket.destroy();
      fn(value);
    };
    socket.on('connect', () => {
      if (request) socket.write(request);
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      if (complete(all)) finish(resolve, all);
    });
    socket.on('error', (error) => finish(reject, error));
    socket.on('end', () => finish(reject, new Error('connection closed before a complete reply')));
  });
}

/** A reply framed by a leading big-endian int32 length (Kafka) is whole when that many bytes follow. */
const kafkaFrameComplete = (buf) => buf.length >= 4 && buf.length >= 4 + buf.readInt32BE(0);

function kafkaString(value) {
  const bytes = Buffer.from(value, 'utf8');
  const len = Buffer.alloc(2);
  len.writeInt16BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

async function probeKafka(port) {
  const correlationId = 0x4843; // arbitrary; echoed back by the broker
  const header = Buffer.alloc(8);
  header.writeInt16BE(3, 0); // api key: Metadata
  header.writeInt16BE(1, 2); // version 1: topics may be null
  header.writeInt32BE(correlationId, 4);
  const topicsNull = Buffer.alloc(4);
  topicsNull.writeInt32BE(-1); // null array: no topic details needed
  const body = Buffer.concat([header, kafkaString('handcheck-infra-probe'), topicsNull]);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);

  const reply = await exchange(port, Buffer.concat([size, body]), kafkaFrameComplete);
  if (reply.readInt32BE(4) !== correlationId)
    throw new Error('Kafka reply has a foreign correlation id');
  const brokers = reply.readInt32BE(8);
  if (brokers < 1) throw new Error('Kafka answered but no broker is registered yet');
  return `Kafka metadata lists ${brokers} broker(s)`;
}

function bsonCString(value) {
  return Buffer.concat([Buffer.from(value, 'utf8'), Buffer.from([0])]);
}

/** BSON for {ping: 1, $db: "admin"}: the only document this probe sends. */
function pingDocument() {
  const one = Buffer.alloc(4);
  one.writeInt32LE(1);
  const db = bsonCString('admin');
  const dbLen = Buffer.alloc(4);
  dbLen.writeInt32LE(db.length);
  const elements = Buffer.concat([
    Buffer.from([0x10]),
    bsonCString('ping'),
    one,
    Buffer.from([0x02]),
    bsonCString('$db'),
    dbLen,
    db,
    Buffer.from([0x00]),
  ]);
  const len = Buffer.alloc(4);
  len.writeInt32LE(elements.length + 4);
  return Buffer.concat([len, elements]);
}

/** Reads the top-level `ok` field of a BSON document, skipping the element kinds a ping reply may hold. */
function bsonOk(doc) {
  let at = 4;
  while (at < doc.length && doc[at] !== 0x00) {
    const type = doc[at];
    const nameEnd = doc.indexOf(0x00, at + 1);
    const name = doc.toString('utf8', at + 1, nameEnd);
    at = nameEnd + 1;
    let value;
    switch (type) {
      case 0x01:
        value = doc.readDoubleLE(at);
        at += 8;
        break;
      case 0x02:
        at += 4 + doc.readInt32LE(at);
        break;
      case 0x03:
      case 0x04:
        at += doc.readInt32LE(at);
        break;
      case 0x07:
        at += 12;
        break;
      case 0x08:
        value = doc[at] === 1 ? 1 : 0;
        at += 1;
        break;
      case 0x09:
      case 0x11:
      case 0x12:
        value = Number(doc.readBigInt64LE(at));
        at += 8;
        break;
      case 0x0a:
        break;
      case 0x10:
        value = doc.readInt32LE(at);
        at += 4;
        break;
      default:
        throw new Error(`unexpected BSON element type 0x${type.toString(16)}`);
    }
    if (name === 'ok') return value;
  }
  return undefined;
}

async function probeMongo(port) {
  const section = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from([0x00]), pingDocument()]);
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + section.length, 0);
  header.writeInt32LE(1, 4); // request id
  header.writeInt32LE(0, 8); // response to
  header.writeInt32LE(2013, 12); // OP_MSG
  const complete = (buf) => buf.length >= 4 && buf.length >= buf.readInt32LE(0);

  const reply = await exchange(port, Buffer.concat([header, section]), complete);
  if (reply.readInt32LE(12) !== 2013) throw new Error('reply is not OP_MSG');
  // header (16) + flagBits (4) + section kind (1), then the reply document.
  const ok = bsonOk(reply.subarray(21));
  if (ok !== 1) throw new Error(`ping answered with ok=${String(ok)}`);
  return 'Mongo ping ok';
}

function probeHttp(port, path, needle) {
  return new Promise((resolve, reject) => {
    // From the environment, not the command line, where any process could read a password.
    const { PROBE_HTTP_USER: user, PROBE_HTTP_PASSWORD: password = '' } = process.env;
    const auth = user ? `${user}:${password}` : undefined;
    const req = http.get({ host: HOST, port, path, auth, timeout: TIMEOUT_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`GET ${path} answered ${res.statusCode}`));
        else if (needle && !body.includes(needle))
          reject(new Error(`GET ${path} body lacks ${needle}`));
        else resolve(`GET ${path} → 200`);
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
  });
}

async function probeSmtp(port) {
  const reply = await exchange(port, null, (buf) => buf.includes('\r\n'));
  const greeting = reply.toString('utf8').split('\r\n')[0];
  if (!greeting.startsWith('220')) throw new Error(`SMTP greeting: ${greeting}`);
  return `SMTP greeting: ${greeting}`;
}

/** ZooKeeper answers `ruok` with `imok` only while it serves (its config must allow the word). */
async function probeZookeeper(port) {
  await exchange(port, Buffer.from('ruok'), (buf) => buf.includes('imok'));
  return 'ZooKeeper: imok';
}

const [kind, portText, ...rest] = process.argv.slice(2);
const port = Number(portText);
const probes = {
  kafka: () => probeKafka(port),
  mongo: () => probeMongo(port),
  http: () => probeHttp(port, rest[0] ?? '/', rest[1]),
  smtp: () => probeSmtp(port),
  zookeeper: () => probeZookeeper(port),
};

if (!probes[kind] || !Number.isInteger(port)) {
  process.stderr.write('usage: probe.mjs kafka|mongo|http|smtp|zookeeper <port> [path needle]\n');
  process.exit(2);
}

probes[kind]().then(
  (message) => {
    process.stdout.write(`${message}\n`);
  },
  (error) => {
    process.stderr.write(`${kind} probe on ${HOST}:${port} failed: ${error.message}\n`);
    process.exitCode = 1;
  },
);
