/**
 * Issue 31 on Node, Bun and Deno: the runtime run from its files (not bundled) loads
 * the streaming decoder of large responses by `import()` (client/transport-default.ts), and
 * the default transport's first calls wait for it, so that the first calls of a process read
 * their large answers as they are scanned. A bundle leaves the decoder out (web-standard.test.ts).
 *
 * The runtime is compiled to plain JavaScript once (as a user's build would); one script per
 * host installs an accessor on `responseStreaming.decode` before the client is imported, makes
 * two calls at once to a server of this process on 127.0.0.1, and prints which decoder read them.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_NS } from '../runtime-client/fixtures/auth-desc.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP = path.join(ROOT, 'test/tmp/streaming-hosts');
const BIN = path.join(ROOT, 'node_modules/.bin');

/** Compiles `from` (a .ts file) to `to` (.js), as plain ES2022 modules. */
function compile(from: string, to: string): void {
  const js = ts.transpileModule(readFileSync(from, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, js);
}

/**
 * The script, importing the runtime from `runtime` and the Auth descriptors from `authDesc`
 * (the compiled copies, or the TypeScript sources under tsx).
 */
const script = (runtime: string, authDesc: string): string => `
import { responseStreaming } from '${runtime}/wire/response-streaming.js';
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
const { ServiceClient } = await import('${runtime}/client/client.js');
const { AUTH_SERVICE, LOGIN } = await import('${authDesc}');
const baseUrl = globalThis.Deno ? globalThis.Deno.args[0] : process.argv[2];
const client = new ServiceClient(AUTH_SERVICE, { baseUrl, binding: 'soap11' }, 'soap11');
const results = await Promise.all([1, 2].map(() => client.call(LOGIN, { Username: 'u', Password: 'p' })));
console.log(JSON.stringify({ tickets: results.map((r) => r.ServiceTicket.length), streamed }));
`;

/** A Login answer of more than the streaming threshold (16,384 characters). */
const TICKET_LENGTH = 40_000;
const BODY = Buffer.from(
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>${'t'.repeat(TICKET_LENGTH)}</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>`,
);

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  const runtime = path.join(ROOT, 'src/runtime');
  for (const name of readdirSync(runtime, { recursive: true }) as string[]) {
    if (name.endsWith('.ts') && !name.endsWith('.d.ts'))
      compile(path.join(runtime, name), path.join(TMP, 'runtime', name.replace(/\.ts$/, '.js')));
  }
  compile(path.join(ROOT, 'test/runtime-client/fixtures/auth-desc.ts'), path.join(TMP, 'auth-desc.js'));
  writeFileSync(path.join(TMP, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(TMP, 'first-calls.mjs'), script('./runtime', './auth-desc.js'));
  const sources = pathToFileURL(ROOT).href;
  writeFileSync(
    path.join(TMP, 'first-calls-sources.mjs'),
    script(`${sources}/src/runtime`, `${sources}/test/runtime-client/fixtures/auth-desc.js`),
  );
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(BODY.length) });
    res.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(TMP, { recursive: true, force: true });
});

/** Each host, how many of the two answers it streams, and its command. */
const HOSTS: [string, number, () => [string, string[]]][] = [
  ['Node', 2, () => [process.execPath, ['first-calls.mjs', baseUrl]]],
  // The TypeScript sources under tsx, whose slower module loading made the race plain (1 of 2 before the wait).
  ['Node (tsx, the sources)', 2, () => [process.execPath, ['--import', 'tsx', 'first-calls-sources.mjs', baseUrl]]],
  ['Bun', 2, () => [path.join(BIN, 'bun'), ['first-calls.mjs', baseUrl]]],
  // Only loopback: the server is this process's. Deno lets `import()` of a computed
  // specifier read a file only with read permission (docs/platforms.md).
  [
    'Deno',
    2,
    () => [
      path.join(BIN, 'deno'),
      ['run', '--no-prompt', '--allow-net=127.0.0.1', '--allow-read=.', 'first-calls.mjs', baseUrl],
    ],
  ],
  // Without it the decoder is not loaded, and the client reads large answers as trees: the same values.
  [
    'Deno without --allow-read',
    0,
    () => [path.join(BIN, 'deno'), ['run', '--no-prompt', '--allow-net=127.0.0.1', 'first-calls.mjs', baseUrl]],
  ],
];

it.each(HOSTS)(
  '%s: the first calls of a process read their large answers with the streaming decoder (%s of 2)',
  async (_host, streamed, command) => {
    const [exe, args] = command();
    // Asynchronous: the server answering the child runs in this process.
    const out = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(exe, args, { cwd: TMP, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout.trim())).toEqual({ tickets: [TICKET_LENGTH, TICKET_LENGTH], streamed });
  },
  30_000,
);
