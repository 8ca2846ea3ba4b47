/**
 * The ceiling for the ZIP lookup: a bare node:http server answering every request with the JSON body the project's
 * endpoint answers, with nothing else to do.
 *   node tests/bench/bare-zip-server.ts <port> <body>
 */
import { createServer } from 'node:http';

const [port, body] = process.argv.slice(2);
if (port === undefined || body === undefined) {
  process.stderr.write('usage: node tests/bench/bare-zip-server.ts <port> <body>\n');
  process.exit(2);
}
const bytes = Buffer.from(body);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  response.end(bytes);
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`bare server listening on ${port}\n`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
