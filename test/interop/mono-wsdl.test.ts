/**
 * Mono's `wsdl` tool (the .NET Framework's Web Services Description Language
 * Utility) as a client of the generated Auth server (issue 16): proxies generated
 * from wsdl/auth.wsdl for SOAP 1.1 (`-protocol:SOAP`) and SOAP 1.2
 * (`-protocol:SOAP12`), compiled with `mcs` together with a driver
 * (mono-wsdl/AuthDriver.cs) once per run into test/tmp/mono-wsdl/, call Login and
 * Logout and get a Client/Sender fault that .NET reads as a `SoapException`.
 *
 * Needs mono-devel (`wsdl`, `mcs`, `mono`); skipped without it only outside CI.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHandler } from '../../generated/auth/index.js';
import { ROOT } from '../emit/helpers.js';
import { countingAuth, LOGIN_ACTION, LOGOUT_ACTION, SERVICE_PATH, startServer, type TestServer } from './helpers.js';
import { hasCommand, run, skipWithout } from './peers.js';

const TMP = path.join(ROOT, 'test/tmp/mono-wsdl');
const WSDL = path.join(ROOT, 'wsdl/auth.wsdl');
const available = hasCommand('wsdl') && hasCommand('mcs') && hasCommand('mono');

describe.skipIf(skipWithout(available))('Mono wsdl proxy (.NET client) -> generated Auth server', () => {
  const auth = countingAuth();
  const seen: string[] = [];
  let server: TestServer;
  let lines: string[];

  beforeAll(async () => {
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(TMP, { recursive: true });
    await Promise.all([
      run('wsdl', ['-nologo', '-protocol:SOAP', '-n:Soap11', WSDL, `-out:${TMP}/Auth11.cs`]),
      run('wsdl', ['-nologo', '-protocol:SOAP12', '-n:Soap12', WSDL, `-out:${TMP}/Auth12.cs`]),
    ]);
    await run('mcs', [
      '-nologo',
      '-r:System.Web.Services.dll',
      '-r:System.Xml.dll',
      `-out:${TMP}/AuthDriver.exe`,
      `${TMP}/Auth11.cs`,
      `${TMP}/Auth12.cs`,
      path.join(ROOT, 'test/interop/mono-wsdl/AuthDriver.cs'),
    ]);
    const handler = createAuthHandler(auth);
    server = await startServer((req, res) => {
      seen.push(`${req.headers['content-type']} | ${req.headers['soapaction'] ?? '-'}`);
      handler(req, res);
    });
    const out = await run('mono', [`${TMP}/AuthDriver.exe`, `${server.baseUrl}${SERVICE_PATH}`, 'alice']);
    lines = out.trim().split('\n');
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('the SOAP 1.1 proxy logs in and out (text/xml with the SOAPAction of each operation)', () => {
    expect(lines.slice(0, 2)).toEqual(['soap11 login ticket-alice', 'soap11 logout ticket-alice']);
    expect(seen.slice(0, 2)).toEqual([
      `text/xml; charset=utf-8 | "${LOGIN_ACTION}"`,
      `text/xml; charset=utf-8 | "${LOGOUT_ACTION}"`,
    ]);
  });

  it('the SOAP 1.1 proxy reads the server fault as a SoapException with the Client code', () => {
    expect(lines[2]).toBe(
      'soap11 fault {http://schemas.xmlsoap.org/soap/envelope/}Client - Invalid username or password.',
    );
  });

  it('the SOAP 1.2 proxy logs in and out (application/soap+xml with the action parameter)', () => {
    expect(lines.slice(3, 5)).toEqual(['soap12 login ticket-alice', 'soap12 logout ticket-alice']);
    expect(seen[3]).toMatch(
      /^application\/soap\+xml; charset=utf-8; action="http:\/\/schemas\.example\.com\/ecomm\/auth\/Login" \| -$/,
    );
    expect(seen[4]).toMatch(/action="http:\/\/schemas\.example\.com\/ecomm\/auth\/Logout"/);
  });

  it('the SOAP 1.2 proxy reads the server fault as a SoapException with the Sender code', () => {
    expect(lines[5]).toBe(
      'soap12 fault {http://www.w3.org/2003/05/soap-envelope}Sender - Invalid username or password.',
    );
    expect(auth.calls).toEqual({ login: 4, logout: 2 });
  });
});
