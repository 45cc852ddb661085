// The physical anchor of the Nest ratio: a plain Fastify server answering GET <path> with the body in the file
// given, in a process of its own on the product's V8 settings (started by tests/bench/lib.mjs startChild). Prints
// its port on one line once listening; stops on SIGTERM.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [path, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile, 'utf8');
const server = Fastify();
server.get(path, (_request, reply) => reply.type('application/json').send(body));
await server.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${server.server.address().port}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
