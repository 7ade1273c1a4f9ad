/**
 * Issue 29's proofs on the real runtimes (binaries from node_modules/.bin: bun, deno,
 * workerd): the XML-decoding, scalar and byte vectors of vectors.ts give the same results
 * on Node, Bun, Deno and workerd with Node compatibility off (a pinned old compatibility
 * date) and on; and a client worker in workerd without Node compatibility calls a Node
 * server with its default transport. One esbuild bundle per script and one process per
 * runtime (workerd serves all three workers from one process).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { AuthClient, createAuthHandler } from '../../generated/auth/index.js';
import { SoapFaultError } from '../../generated/auth/runtime/index.js';
import { runVectors } from './vectors.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP = path.join(ROOT, 'test/tmp/platform-vectors');
const BIN = path.join(ROOT, 'node_modules/.bin');

let expected: Record<string, unknown>;
let server: Server;
let baseUrl: string;

async function bundle(entry: string, outfile: string, footer = ''): Promise<void> {
  await build({
    entryPoints: [path.join(import.meta.dirname, entry)],
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    outfile: path.join(TMP, outfile),
    logLevel: 'silent',
    footer: { js: footer },
  });
}

/** Runs a script of the vectors on `bin`, returning what it printed as JSON. */
interface Run {
  results: Record<string, unknown>;
  host: Record<string, string>;
}

function runScript(exe: string, args: string[]): Run {
  const res = spawnSync(exe, args, { cwd: TMP, encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) throw new Error(`${exe} exited ${res.status}: ${res.stderr}`);
  return JSON.parse(res.stdout) as Run;
}

async function fetchJson(port: number, query = ''): Promise<Record<string, unknown>> {
  const res = await fetch(`http://127.0.0.1:${port}/${query}`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`workerd answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const HOST_OF = `function hostGlobals() { return { Buffer: typeof globalThis.Buffer, process: typeof globalThis.process, toBase64: typeof Uint8Array.prototype.toBase64 }; }`;

let workerd: ChildProcess | undefined;
let workerdPort = 0;

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  expected = JSON.parse(JSON.stringify(await runVectors())) as Record<string, unknown>;
  // The Node server the client worker calls: Login answers a ticket, or a fault for the wrong password.
  const handler = createAuthHandler({
    async login(input) {
      if (input.Password !== 'café €')
        throw new SoapFaultError({ code: 'Client', reason: 'bad password', soapVersion: '1.1', httpStatus: 500 });
      return { ServiceTicket: `ticket:${input.Username}` };
    },
    async logout(input) {
      return { ServiceTicket: input.ServiceTicket };
    },
  });
  server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // One bundle of the vectors, a CLI and a worker wrapper around it, and the client worker.
  await bundle('vectors.ts', 'vectors.mjs');
  writeFileSync(
    path.join(TMP, 'cli.mjs'),
    `import { runVectors } from './vectors.mjs';\n${HOST_OF}\nconsole.log(JSON.stringify({ host: hostGlobals(), results: await runVectors() }));\n`,
  );
  writeFileSync(
    path.join(TMP, 'vectors-worker.mjs'),
    `import { runVectors } from './vectors.mjs';\n${HOST_OF}\nexport default { async fetch() { return new Response(JSON.stringify({ host: hostGlobals(), results: await runVectors() })); } };\n`,
  );
  await bundle('workerd-client.ts', 'client-worker.mjs');
  workerdPort = await freePort();
  const worker = (name: string, main: string, date: string, flags: string) =>
    `const ${name} :Workerd.Worker = ( modules = [ (name = "${main}", esModule = embed "${main}")${main === 'vectors-worker.mjs' ? ', (name = "vectors.mjs", esModule = embed "vectors.mjs")' : ''} ], compatibilityDate = "${date}", compatibilityFlags = [${flags}], globalOutbound = "net" );`;
  writeFileSync(
    path.join(TMP, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "off", worker = .off), (name = "on", worker = .on), (name = "client", worker = .client),
    (name = "net", network = (allow = ["local", "private"])) ],
  sockets = [ (name = "s1", address = "127.0.0.1:${workerdPort}", http = (), service = "off"),
    (name = "s2", address = "127.0.0.1:${workerdPort + 1}", http = (), service = "on"),
    (name = "s3", address = "127.0.0.1:${workerdPort + 2}", http = (), service = "client") ],
);
${worker('off', 'vectors-worker.mjs', '2024-09-01', '')}
${worker('on', 'vectors-worker.mjs', '2026-11-01', '"nodejs_compat"')}
${worker('client', 'client-worker.mjs', '2024-09-01', '')}
`,
  );
  workerd = spawn(path.join(BIN, 'workerd'), ['serve', 'config.capnp'], {
    cwd: TMP,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  workerd.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${workerdPort + 2}/`, { method: 'HEAD' }).catch(() => {
        throw new Error('not yet');
      });
      break;
    } catch {
      if (i > 100 || workerd.exitCode !== null) throw new Error(`workerd did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}, 120_000);

afterAll(async () => {
  workerd?.kill();
  await new Promise((r) => server?.close(r));
});

describe('the vectors give the same results on every runtime', () => {
  it('Node (this process) gets the results the vectors document', () => {
    // The vectors compare runtimes with each other; these pin a few results to their specs.
    expect(expected['xml latin1 0x80-0x9f']).toEqual([
      '<a>\u0080\u0081\u008d\u009f</a>',
      '<a>\u0080\u0081\u008d\u009f</a>',
    ]);
    expect(expected['xml cp1252 0x80-0x9f']).toEqual(['<a>€\u0081\u008d\u0178</a>', '<a>€\u0081\u008d\u0178</a>']);
    expect(expected['password digest']).toBe('tuOSpGlFlIXsozq4HFNeeGeFLEI=');
    expect(expected['sha-1']).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(expected['decode base64 "-_8="']).toEqual({ error: 'DecodeError: invalid xsd:base64Binary' });
  });

  it('Node, running the bundle', () => {
    const { results, host } = runScript(process.execPath, ['cli.mjs']);
    expect(host.Buffer).toBe('function');
    expect(results).toEqual(expected);
  });

  it('Bun', () => {
    const { results, host } = runScript(path.join(BIN, 'bun'), ['cli.mjs']);
    expect(host.toBase64).toBe('function'); // Bun takes the native base64 path
    expect(results).toEqual(expected);
  });

  it('Deno (no permissions)', () => {
    const { results } = runScript(path.join(BIN, 'deno'), ['run', '--no-prompt', 'cli.mjs']);
    expect(results).toEqual(expected);
  });

  it('workerd with Node compatibility off (compatibility date 2024-09-01): no Buffer, no process', async () => {
    const { results, host } = (await fetchJson(workerdPort)) as unknown as Run;
    expect(host).toEqual({ Buffer: 'undefined', process: 'undefined', toBase64: 'function' });
    expect(results).toEqual(expected);
  });

  it('workerd with Node compatibility on (nodejs_compat, compatibility date 2026-11-01)', async () => {
    const { results, host } = (await fetchJson(workerdPort + 1)) as unknown as Run;
    expect(host.Buffer).toBe('function');
    expect(results).toEqual(expected);
  });
});

describe('a client in workerd without Node compatibility', () => {
  it('calls the Node server with its default transport (fetch): SOAP 1.1 and 1.2, a fault as SoapFaultError', async () => {
    const out = await fetchJson(workerdPort + 2, `?base=${encodeURIComponent(baseUrl)}`);
    // The same calls from Node, with Node's default transport (HTTP/1.1).
    const node: Record<string, unknown> = {};
    for (const binding of ['soap11', 'soap12'] as const) {
      const client = new AuthClient({ baseUrl, binding });
      node[binding] = await client.login({ Username: 'alice', Password: 'café €' });
      const err = await client.login({ Username: 'alice', Password: 'wrong' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SoapFaultError);
      node[`${binding} fault`] = { code: (err as SoapFaultError).code, message: (err as SoapFaultError).message };
    }
    expect(node['soap11']).toEqual({ ServiceTicket: 'ticket:alice' });
    expect(out).toEqual({ host: { Buffer: 'undefined', process: 'undefined' }, ...node });
  });
});
