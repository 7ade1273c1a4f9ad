/**
 * The service pages in a browser: Debian's Chromium, driven by playwright-core, opens
 * the Auth service page served by the generated server on 127.0.0.1, follows the
 * link to Login, fills and submits the test form and reads the EmAuthResult; the same
 * page asked from a non-loopback address offers no form. Screenshots of each page are
 * written to test/browser/screenshots/ (not committed) to look at.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHandler, type AuthService } from '../../generated/auth/index.js';
import { launchChromium } from '../support/chromium.js';

const SHOTS = path.join(import.meta.dirname, 'screenshots');

const impl: AuthService = {
  login: async (i) => ({ ServiceTicket: `ticket-for-${i.Username}` }),
  logout: async (i) => ({ ServiceTicket: i.ServiceTicket }),
};

let browser: Browser;
let server: Server;
let base = '';
/** The remote address the handler is told (a proxy in front of it would be the real case). */
let remote: string | undefined;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const handler = createAuthHandler(impl);
  server = createServer((req, res) => {
    if (remote !== undefined) Object.defineProperty(req.socket, 'remoteAddress', { value: remote, configurable: true });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('Auth service pages in Chromium', () => {
  it('service page -> Login -> test form -> EmAuthResult', async () => {
    remote = undefined;
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${base}/ecomm/Auth.asmx`);
    expect(await page.title()).toBe('Auth web service');
    await page.screenshot({ path: path.join(SHOTS, 'service.png'), fullPage: true });
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\?op=Login$/);
    expect(await page.locator('h1').textContent()).toBe('Login');
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('secret');
    await page.screenshot({ path: path.join(SHOTS, 'login.png'), fullPage: true });
    await page.getByRole('button', { name: 'Invoke Login' }).click();
    await page.waitForSelector('#response');
    const response = await page.locator('#response').textContent();
    expect(response).toContain('<EmAuthResult xmlns="http://schemas.example.com/ecomm/auth">');
    expect(response).toContain('<ServiceTicket>ticket-for-alice</ServiceTicket>');
    await page.screenshot({ path: path.join(SHOTS, 'login-result.png'), fullPage: true });
    await page.close();
  });

  it('offers no test form to a non-loopback address, and refuses its POST', async () => {
    remote = '198.51.100.20';
    const page = await browser.newPage();
    await page.goto(`${base}/ecomm/Auth.asmx?op=Login`);
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.locator('.note').first().textContent()).toContain(
      'only available for requests from the local machine',
    );
    const res = await page.request.post(`${base}/ecomm/Auth.asmx?op=Login`, {
      form: { Username: 'alice', Password: 'x' },
    });
    expect(res.status()).toBe(403);
    await page.screenshot({ path: path.join(SHOTS, 'login-remote.png'), fullPage: true });
    await page.close();
    remote = undefined;
  });
});
