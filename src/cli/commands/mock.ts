/**
 * `wsdlc mock <wsdl>`: serves every service, port and binding of a contract with
 * made-up answers that fit it (runtime/server/mock.ts), the service pages, and
 * recorded exchanges where given, until Ctrl+C.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Command } from 'commander';
import { createMockHandler, type MockExchange } from '../../runtime/server/mock.js';
import type { TestFormAccess } from '../../runtime/server/pages/pages-options.js';
import type { ServiceDesc } from '../../runtime/wire/descriptors.js';
import { WsdlcError } from '../../util/errors.js';
import { addCommonFlags, type CommonFlags } from '../flags.js';
import type { CommandContext } from './context.js';

interface MockFlags extends CommonFlags {
  readonly port: string;
  readonly host: string;
  readonly seed: string;
  readonly replay?: string;
  readonly testForm: string;
}

function usage(message: string): WsdlcError {
  return new WsdlcError({ severity: 'error', message }, 2);
}

function integerFlag(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || n < min || n > max)
    throw usage(`--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

/** Reads a recording (the recording transport's JSON: an array of exchanges). */
function readReplay(file: string): MockExchange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw usage(`--replay ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { exchanges?: unknown })?.exchanges;
  if (
    !Array.isArray(list) ||
    !list.every((e) => typeof e === 'object' && e !== null && 'request' in e && 'response' in e)
  )
    throw usage(
      `--replay ${file}: expected a JSON array of recorded exchanges ({ request, response }), as saveFixtures() writes`,
    );
  return list as MockExchange[];
}

/** The mock's handlers, one per service, as one listener (a request no service owns gets 404). */
export function mockListener(
  services: readonly ServiceDesc[],
  options: {
    readonly seed: number;
    readonly wsdl?: string | undefined;
    readonly replay?: readonly MockExchange[];
    readonly testForm?: TestFormAccess;
  },
): (req: IncomingMessage, res: ServerResponse) => void {
  const handlers = services.map((s) =>
    createMockHandler(s, {
      seed: options.seed,
      wsdl: options.wsdl,
      replay: options.replay,
      pages: { testForm: options.testForm ?? 'local' },
    }),
  );
  return (req, res) => {
    const at = (i: number): void => {
      const h = handlers[i];
      if (h === undefined) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Not found: ${(req.url ?? '/').split('?')[0]}`);
        return;
      }
      h(req, res, () => at(i + 1));
    };
    at(0);
  };
}

/** Registers `mock`. */
export function registerMock(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('mock')
    .description(
      'serve a contract with made-up answers that fit it: every service, port and binding, with the service pages',
    )
    .argument('<wsdl>', 'WSDL file or http(s) URL')
    .option('-p, --port <port>', 'port to listen on (0: any free port)', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--seed <n>', 'seed of the made-up values: the same seed, the same answers', '1')
    .option('--replay <file>', 'recorded exchanges (JSON, as the recording transport saves them) answered as recorded')
    .option('--test-form <who>', "who may use the pages' test forms: local, any or off", 'local');
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc mock wsdl/auth.wsdl                       # http://127.0.0.1:8080/ecomm/Auth.asmx
  $ wsdlc mock wsdl/auth.wsdl --port 0 --seed 7
  $ wsdlc mock wsdl/auth.wsdl --replay test/fixtures/login.json`,
  );
  cmd.action(async (wsdl: string, flags: MockFlags) => {
    const port = integerFlag('port', flags.port, 0, 65535);
    const seed = integerFlag('seed', flags.seed, 0, 2 ** 32 - 1);
    if (!['local', 'any', 'off'].includes(flags.testForm))
      throw usage(`--test-form must be local, any or off, got ${JSON.stringify(flags.testForm)}`);
    const replay = flags.replay === undefined ? undefined : readReplay(path.resolve(ctx.io.cwd, flags.replay));
    const model = ctx.deps.load
      ? (await ctx.deps.load(wsdl, { cwd: ctx.io.cwd })).model
      : await (await import('../../model/index.js')).loadModel(wsdl, { cwd: ctx.io.cwd });
    const { DEFAULT_TYPE_MAPPING, serviceDescriptors } = await import('../../emit/index.js');
    const services = serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING, sampleFacets: true });
    const file = path.resolve(ctx.io.cwd, wsdl);
    const wsdlText = !/^https?:/i.test(wsdl) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    const listener = mockListener(services, {
      seed,
      wsdl: wsdlText,
      ...(replay ? { replay } : {}),
      testForm: flags.testForm as TestFormAccess,
    });
    const server = createServer(listener);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => reject(usage(`cannot listen on ${flags.host}:${port}: ${err.message}`)));
      server.listen(port, flags.host, resolve);
    });
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const origin = `http://${host}:${address.port}`;
    for (const s of services) {
      const paths = new Map<string, string[]>();
      for (const p of s.ports) paths.set(p.path, [...(paths.get(p.path) ?? []), p.kind]);
      for (const [p, kinds] of paths) ctx.io.stdout(`  ${s.name}: ${origin}${p} (${kinds.join(', ')})\n`);
    }
    ctx.io.stdout(
      `wsdlc mock: listening on ${origin} (seed ${seed}${replay ? `, ${replay.length} recorded exchanges` : ''}); Ctrl+C stops\n`,
    );
    const stop = new AbortController();
    const external = ctx.deps.watchSignal;
    if (external) external.addEventListener('abort', () => stop.abort(), { once: true });
    else {
      process.once('SIGINT', () => stop.abort());
      process.once('SIGTERM', () => stop.abort());
    }
    await new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    ctx.exitCode = 0;
  });
}
