/**
 * node-soap's client (`soap.createClientAsync` on wsdl/auth.wsdl) against the
 * generated `createAuthHandler` server on 127.0.0.1, over SOAP 1.1 and SOAP 1.2
 * (node-soap speaks SOAP 1.2 only with `forceSoap12Headers: true`; it then sends
 * `application/soap+xml; charset=utf-8; action="..."` and no SOAPAction header).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import * as soap from 'soap';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthHandler } from '../../generated/auth/index.js';
import {
  countingAuth,
  LOGIN_ACTION,
  LOGOUT_ACTION,
  SERVICE_PATH,
  SOAP11_NS,
  SOAP12_NS,
  startServer,
  wireFault,
  type CountingAuth,
  type TestServer,
} from './helpers.js';

const WSDL_PATH = fileURLToPath(new URL('../../wsdl/auth.wsdl', import.meta.url));

/** What the parsed Login/Logout answer looks like to node-soap. */
interface NodeSoapResult {
  readonly LoginResult?: { readonly ServiceTicket?: unknown };
  readonly LogoutResult?: { readonly ServiceTicket?: unknown };
}

/** The parts of node-soap's fault error we inspect (`err.root` is the parsed response envelope). */
interface NodeSoapFaultError extends Error {
  readonly root?: { readonly Envelope?: { readonly Body?: { readonly Fault?: Record<string, unknown> } } };
  readonly response?: { readonly status?: number };
}

type Callback = (err: unknown, result: NodeSoapResult) => void;
type PortMethod = (args: object, cb: Callback) => void;

/** Calls a callback-style method of a node-soap port (`client.Auth.AuthSoap12.Login`). */
function callPort(method: unknown, args: object): Promise<NodeSoapResult> {
  if (typeof method !== 'function') throw new Error('node-soap port method missing');
  const fn = method as PortMethod;
  return new Promise((resolve, reject) => fn(args, (err, result) => (err ? reject(err) : resolve(result))));
}

/** `client.<name>Async` as a typed function. */
async function callAsync(
  client: soap.Client,
  name: 'LoginAsync' | 'LogoutAsync',
  args: object,
): Promise<NodeSoapResult> {
  const fn: unknown = client[name];
  if (typeof fn !== 'function') throw new Error(`node-soap client has no ${name}`);
  const [result] = (await (fn as (a: object) => Promise<[NodeSoapResult]>).call(client, args)) as [NodeSoapResult];
  return result;
}

/** The port object `client.Auth.<port>`. */
function port(client: soap.Client, name: 'AuthSoap' | 'AuthSoap12'): Record<string, unknown> {
  const svc: unknown = client['Auth'];
  if (typeof svc !== 'object' || svc === null) throw new Error('node-soap client has no Auth service');
  const p: unknown = (svc as Record<string, unknown>)[name];
  if (typeof p !== 'object' || p === null) throw new Error(`node-soap client has no ${name} port`);
  return p as Record<string, unknown>;
}

let impl: CountingAuth;
let server: TestServer;
let endpoint: string;
const seen: { method: string | undefined; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  impl = countingAuth();
  const handler = createAuthHandler(impl);
  server = await startServer((req, res) => {
    seen.push({ method: req.method, headers: req.headers });
    handler(req, res);
  });
  endpoint = `${server.baseUrl}${SERVICE_PATH}`;
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  impl.reset();
});

describe('node-soap client -> generated server, SOAP 1.1', () => {
  let client: soap.Client;
  beforeAll(async () => {
    client = await soap.createClientAsync(WSDL_PATH, { endpoint });
  });

  it('Login returns the ticket (result.LoginResult.ServiceTicket)', async () => {
    const result = await callAsync(client, 'LoginAsync', { Username: 'alice', Password: 's3cret' });
    expect(result.LoginResult?.ServiceTicket).toBe('ticket-alice');
    expect(impl.calls.login).toBe(1);
    expect(seen[0]!.headers['soapaction']).toBe(`"${LOGIN_ACTION}"`);
    expect(seen[0]!.headers['content-type']).toMatch(/^text\/xml/);
  });

  it('Logout returns the ticket (result.LogoutResult.ServiceTicket)', async () => {
    const result = await callAsync(client, 'LogoutAsync', { ServiceTicket: 'T-7' });
    expect(result.LogoutResult?.ServiceTicket).toBe('T-7');
    expect(impl.calls.logout).toBe(1);
    expect(seen[0]!.headers['soapaction']).toBe(`"${LOGOUT_ACTION}"`);
  });

  it('a Client SoapFault reaches node-soap as soap:Client with the reason (HTTP 500)', async () => {
    const err: unknown = await callAsync(client, 'LoginAsync', { Username: 'alice', Password: 'wrong' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const fault = (err as NodeSoapFaultError).root?.Envelope?.Body?.Fault;
    expect(fault?.['faultcode']).toBe('soap:Client');
    expect(fault?.['faultstring']).toBe('Invalid username or password.');
    expect((err as NodeSoapFaultError).response?.status).toBe(500);
    expect(wireFault(String(client.lastResponse), SOAP11_NS)).toEqual({
      codeNs: SOAP11_NS,
      code: 'Client',
      reason: 'Invalid username or password.',
    });
  });
});

describe('node-soap client -> generated server, SOAP 1.2 (forceSoap12Headers)', () => {
  let client: soap.Client;
  beforeAll(async () => {
    client = await soap.createClientAsync(WSDL_PATH, { endpoint, forceSoap12Headers: true });
  });

  it('Login over the default method returns the ticket; node-soap sent application/soap+xml and no SOAPAction', async () => {
    const result = await callAsync(client, 'LoginAsync', { Username: 'bob', Password: 's3cret' });
    expect(result.LoginResult?.ServiceTicket).toBe('ticket-bob');
    expect(impl.calls.login).toBe(1);
    expect(seen[0]!.headers['content-type']).toMatch(/^application\/soap\+xml; charset=utf-8/);
    expect(seen[0]!.headers).not.toHaveProperty('soapaction');
  });

  it('Login and Logout through the AuthSoap12 port return the tickets', async () => {
    const p = port(client, 'AuthSoap12');
    const login = await callPort(p['Login'], { Username: 'carol', Password: 's3cret' });
    expect(login.LoginResult?.ServiceTicket).toBe('ticket-carol');
    const logout = await callPort(p['Logout'], { ServiceTicket: 'ticket-carol' });
    expect(logout.LogoutResult?.ServiceTicket).toBe('ticket-carol');
    expect(impl.calls).toEqual({ login: 1, logout: 1 });
    // node-soap names the operation in the content type's action parameter (SOAP 1.2 Part 2 §7.1.4 / RFC 3902).
    expect(seen[1]!.headers['content-type']).toContain(`action="${LOGOUT_ACTION}"`);
  });

  it('a Client SoapFault reaches node-soap as env:Sender with the reason (HTTP 400)', async () => {
    const err: unknown = await callAsync(client, 'LoginAsync', { Username: 'bob', Password: 'wrong' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const fault = (err as NodeSoapFaultError).root?.Envelope?.Body?.Fault;
    expect(fault).toBeDefined();
    const code = fault!['Code'] as { Value?: unknown } | undefined;
    expect(String(code?.Value)).toMatch(/^[A-Za-z0-9_]+:Sender$/);
    const reasonText = (fault!['Reason'] as { Text?: unknown } | undefined)?.Text;
    const reason =
      typeof reasonText === 'object' && reasonText !== null ? (reasonText as { $value?: unknown }).$value : reasonText;
    expect(reason).toBe('Invalid username or password.');
    expect((err as NodeSoapFaultError).response?.status).toBe(400);
    // The same answer read by namespace with our parser: Code/Value resolves to {SOAP 1.2 env}Sender.
    expect(wireFault(String(client.lastResponse), SOAP12_NS)).toEqual({
      codeNs: SOAP12_NS,
      code: 'Sender',
      reason: 'Invalid username or password.',
    });
  });
});
