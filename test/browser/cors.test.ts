/**
 * CORS in a real browser (HandlerOptions.cors): Debian's Chromium opens a page on one
 * loopback origin whose script (cors-page.ts, bundled for the browser) calls the generated
 * Auth server on another origin (another port) with the generated client and
 * `fetchTransport`. With the page's origin listed, Chromium's preflight is answered and
 * Login, Logout and a fault (as a typed SoapFaultError) come through over SOAP 1.1 and 1.2;
 * a page on an origin not listed fails with the browser's network error, and so does any
 * page when CORS is off (the default).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHandler, SoapFault } from '../../generated/auth/index.js';
import type { HandlerOptions } from '../../generated/auth/runtime/server/index.js';
import { launchChromium } from '../support/chromium.js';

const servers: Server[] = [];
let browser: Browser;
let script = '';

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The generated Auth server with `options`. */
function service(options: HandlerOptions): Promise<string> {
  return listen(
    createAuthHandler(
      {
        async login(input) {
          if (input.Password === 'wrong') throw new SoapFault({ code: 'Client', reason: 'Wrong password.' });
          return { ServiceTicket: `ticket:${input.Username}:${input.Password}` };
        },
        async logout(input) {
          return { ServiceTicket: `bye:${input.ServiceTicket}` };
        },
      },
      options,
    ),
  );
}

/** A server of the page (and its script): each call gives another origin. */
const page: RequestListener = (req, res) => {
  if (req.url === '/page.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    return;
  }
  res
    .writeHead(200, { 'Content-Type': 'text/html' })
    .end('<!doctype html><title>app</title><script src="/page.js"></script>');
};

let listedPage = '';
let otherPage = '';
let corsService = '';
let plainService = '';

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'cors-page.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'corsPage',
    write: false,
    logLevel: 'silent',
  });
  script = bundle.outputFiles[0]!.text;
  [listedPage, otherPage, browser] = await Promise.all([listen(page), listen(page), launchChromium()]);
  corsService = await service({ cors: { origins: [listedPage] } });
  plainService = await service({});
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Opens `pageOrigin` in Chromium and has its script call `serviceUrl` over `binding`. */
async function callFrom(pageOrigin: string, serviceUrl: string, binding: 'soap11' | 'soap12') {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${pageOrigin}/`);
    return await tab.evaluate(
      ([url, b]) =>
        (
          globalThis as unknown as {
            corsPage: { callService(u: string, b: string): Promise<Record<string, Record<string, unknown>>> };
          }
        ).corsPage.callService(url!, b!),
      [serviceUrl, binding],
    );
  } finally {
    await tab.close();
  }
}

describe('a page on another origin calls the service with the generated client', () => {
  it('from a listed origin: Login, Logout and a typed fault over SOAP 1.1 and 1.2', async () => {
    for (const binding of ['soap11', 'soap12'] as const) {
      const out = await callFrom(listedPage, corsService, binding);
      expect(out['login'], binding).toEqual({ ok: { ServiceTicket: 'ticket:alice:café €' } });
      expect(out['logout'], binding).toEqual({ ok: { ServiceTicket: 'bye:ticket:alice' } });
      expect(out['fault'], binding).toEqual({
        error: 'SoapFaultError',
        message: expect.stringContaining('Wrong password.'),
        status: binding === 'soap11' ? 500 : 400,
      });
    }
  });

  it('from an origin not listed, and with CORS off: the browser refuses the answer', async () => {
    for (const [pageOrigin, serviceUrl] of [
      [otherPage, corsService],
      [listedPage, plainService],
    ] as const) {
      const out = await callFrom(pageOrigin, serviceUrl, 'soap11');
      for (const call of ['login', 'logout', 'fault']) {
        // Chromium's answer to a CORS failure: the fetch rejects, the page learns nothing of the response.
        expect(out[call], `${pageOrigin} -> ${serviceUrl}: ${call}`).toEqual({
          error: 'TypeError',
          message: 'Failed to fetch',
        });
      }
    }
  });
});
