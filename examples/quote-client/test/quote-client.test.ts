/**
 * The quote-client example as a user runs it: `npm run build` generates the client from its
 * config and compiles it with its own tsconfig, and the compiled script calls a Quotes service
 * over SOAP 1.1 and SOAP 1.2, prints the quotes, and reports the declared UnknownSymbol fault
 * by its typed detail. The service is generated from the same contract (server only) into
 * test/tmp and implemented here, on 127.0.0.1.
 */
import { existsSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExample, exec, ROOT, wsdlc } from '../../../test/support/example-build.js';

const EXAMPLE = path.join(ROOT, 'examples/quote-client');
const SERVER = path.join(ROOT, 'test/tmp/example-quote-client-server');

/** What the test uses of the server generated at run time. */
interface QuotesServer {
  createQuotesHandler(impl: {
    getQuotes(input: { Symbol: string[] }): Promise<object[]>;
    getMarketStatus(input: object): Promise<boolean>;
  }): RequestListener;
  SoapFault: new (init: { code: string; reason: string; fault?: string; detail?: unknown }) => Error;
}

let server: Server | undefined;
let url = '';
let dist = '';

beforeAll(async () => {
  const args = ['generate', path.join(EXAMPLE, 'wsdl/quotes.wsdl'), '-o', SERVER, '--server-only'];
  const gen = await wsdlc([...args, '--decimal', 'string', '--quiet'], ROOT);
  expect(gen.stderr).toBe('');
  const mod = (await import(pathToFileURL(path.join(SERVER, 'index.ts')).href)) as QuotesServer;
  const prices: Record<string, string> = { AAPL: '189.25', MSFT: '402.10' };
  const handler = mod.createQuotesHandler({
    async getQuotes(input) {
      return input.Symbol.map((s) => {
        const price = prices[s];
        if (price === undefined) {
          throw new mod.SoapFault({
            code: 'Client',
            reason: `unknown symbol ${s}`,
            fault: 'UnknownSymbol',
            detail: { Symbol: s },
          });
        }
        const change = s === 'AAPL' ? { Change: 1.5 } : {};
        return { Symbol: s, Price: price, Currency: 'USD', AsOf: new Date('2026-11-27T21:00:00Z'), ...change };
      });
    },
    async getMarketStatus() {
      return false;
    },
  });
  server = createServer(handler).listen(0, '127.0.0.1');
  await new Promise((resolve) => server?.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quotes/Quotes.svc`;
  dist = await buildExample('quote-client');
}, 120_000);

afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const runScript = (...args: string[]) =>
  exec(process.execPath, [path.join(dist, 'main.js'), ...args], {
    cwd: EXAMPLE,
    env: { ...process.env, QUOTES_URL: url },
  });

describe('examples/quote-client', () => {
  it('generates a client only', () => {
    const out = path.join(EXAMPLE, 'src/generated/quotes');
    expect(existsSync(path.join(out, 'client.ts'))).toBe(true);
    expect(existsSync(path.join(out, 'server.ts'))).toBe(false);
    expect(existsSync(path.join(out, 'runtime/server'))).toBe(false);
  });

  for (const binding of ['soap11', 'soap12']) {
    it(`prints the quotes over ${binding}`, async () => {
      const { code, stdout, stderr } = await runScript('AAPL', 'MSFT', ...(binding === 'soap12' ? ['--soap12'] : []));
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout.split('\n')).toEqual([
        'market closed',
        'AAPL   189.25 USD  +1.50%  at 2026-11-27T21:00:00.000Z',
        'MSFT   402.10 USD  n/a  at 2026-11-27T21:00:00.000Z',
        '',
      ]);
    });
  }

  it('reports the declared fault by its typed detail', async () => {
    const { code, stdout, stderr } = await runScript('AAPL', 'XYZ');
    expect(stdout).toBe('market closed\n');
    expect(stderr).toBe('unknown symbol: XYZ\n');
    expect(code).toBe(1);
  });
});
