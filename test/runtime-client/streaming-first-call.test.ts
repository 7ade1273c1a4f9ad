/**
 * Issue 31: the first calls of a fresh process read a large answer with the streaming
 * decoder. client/transport-default.ts loads the decoder by `import()` when it is
 * evaluated; the default transport's first calls wait for that load as they wait for the
 * HTTP/1.1 transport's. Before, a call that came sooner read its large answer as a tree
 * (the same value, with more time and memory): the bench's timed 1 MB and 10 MB calls did.
 *
 * A fresh Node process (tsx) installs an accessor on `responseStreaming.decode` before the
 * client is imported, makes two calls at once, and prints which decoder read each answer.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (file: string): string => JSON.stringify(path.join(ROOT, file));

const SCRIPT = `
  import { createServer } from 'node:http';
  import { responseStreaming } from ${at('src/runtime/wire/response-streaming.ts')};
  let decode;
  let streamed = 0;
  Object.defineProperty(responseStreaming, 'decode', {
    get: () => decode,
    set: (d) => {
      decode = (...args) => {
        const r = d(...args);
        if (r !== undefined) streamed++;
        return r;
      };
    },
  });
  const { ServiceClient } = await import(${at('src/runtime/client/client.ts')});
  const { AUTH_NS, AUTH_SERVICE, LOGIN } = await import(${at('test/runtime-client/fixtures/auth-desc.ts')});
  const ticket = 't'.repeat(40000);
  const body = Buffer.from('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
    '<LoginResponse xmlns="' + AUTH_NS + '"><LoginResult><ServiceTicket>' + ticket +
    '</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>');
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(body.length) });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const client = new ServiceClient(AUTH_SERVICE, { baseUrl: 'http://127.0.0.1:' + server.address().port, binding: 'soap11' }, 'soap11');
  const results = await Promise.all([1, 2].map(() => client.call(LOGIN, { Username: 'u', Password: 'p' })));
  server.close();
  console.log(JSON.stringify({ ok: results.every((r) => r.ServiceTicket === ticket), streamed }));
`;

it('the first calls of a fresh process read their large answers with the streaming decoder', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(err).toBe('');
  expect(code).toBe(0);
  expect(JSON.parse(out.trim())).toEqual({ ok: true, streamed: 2 });
}, 20_000);
