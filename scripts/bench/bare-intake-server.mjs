// The yardstick of bench:intake: a bare Node HTTP server that reads a request's body, parses
// it as JSON and answers 202 with the count of its events, as the gateway's intake does before
// its own work. Run as a child of the bench (its CPU apart from the load generator's): it sends
// its port when listening and its process.cpuUsage() when asked.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let accepted;
    try {
      accepted = JSON.parse(Buffer.concat(chunks).toString('utf8')).events.length;
    } catch {
      response.writeHead(400).end();
      return;
    }
    const body = JSON.stringify({ accepted });
    response.writeHead(202, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  if (message === 'stop') server.close(() => process.exit(0));
});
