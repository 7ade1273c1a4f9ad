/**
 * The generated AuthClient against node-soap's server (`soap.listen`) serving
 * wsdl/auth.wsdl, over SOAP 1.1 and SOAP 1.2, on 127.0.0.1.
 *
 * node-soap's envelope namespace is a per-server setting (`forceSoap12Headers`):
 * the four-argument `soap.listen(server, path, services, xml)` always answers
 * SOAP 1.1 envelopes, so the SOAP 1.2 server is started with the options form.
 * node-soap dispatches by the port whose address path matches the request; all
 * four Auth ports share `/ecomm/Auth.asmx`, so it always picks the first port
 * (`AuthSoap`); the service object still defines both SOAP ports.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import * as soap from 'soap';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthClient, ResponseError, SoapFaultError } from '../../generated/auth/index.js';
import {
  AUTH_NS,
  child,
  LOGIN_ACTION,
  LOGOUT_ACTION,
  SERVICE_PATH,
  SOAP11_NS,
  SOAP12_NS,
  soapBody,
  startServer,
  text,
  XSD_NS,
  XSI_NS,
  type TestServer,
} from './helpers.js';

const WSDL_TEXT = readFileSync(fileURLToPath(new URL('../../wsdl/auth.wsdl', import.meta.url)), 'utf8');

/** What node-soap received for one request. */
interface Received {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface LoginArgs {
  readonly Username: string;
  readonly Password: string;
}
interface LogoutArgs {
  readonly ServiceTicket: string;
}

/** node-soap's fault object for a SOAP 1.1 (faultcode/faultstring) or SOAP 1.2 (Code/Reason) answer. */
function nodeSoapFault(v12: boolean, client: boolean, reason: string): { Fault: Record<string, unknown> } {
  if (v12) {
    return {
      Fault: {
        Code: { Value: client ? 'soap:Sender' : 'soap:Receiver' },
        Reason: { Text: reason },
        statusCode: client ? 400 : 500,
      },
    };
  }
  return { Fault: { faultcode: client ? 'soap:Client' : 'soap:Server', faultstring: reason, statusCode: 500 } };
}

/** A node-soap Auth service: `Password: 'wrong'` throws a Client fault, `'boom'` a Server fault. */
function nodeSoapServices(v12: boolean): soap.IServices {
  const port: soap.IServicePort = {
    Login(args: LoginArgs) {
      if (args.Password === 'wrong') throw nodeSoapFault(v12, true, 'Invalid username or password.');
      if (args.Password === 'boom') throw nodeSoapFault(v12, false, 'Session store unavailable.');
      return { LoginResult: { ServiceTicket: `ns-ticket-${args.Username}` } };
    },
    Logout(args: LogoutArgs) {
      return { LogoutResult: { ServiceTicket: args.ServiceTicket } };
    },
  };
  return { Auth: { AuthSoap: port, AuthSoap12: port } };
}

interface NodeSoapServer {
  readonly http: TestServer;
  readonly received: Received[];
}

async function startNodeSoap(mode: 'soap11-four-args' | 'soap12' | 'soap11-answering-soap12'): Promise<NodeSoapServer> {
  const server = createServer();
  const http = await startServer(server);
  const received: Received[] = [];
  const v12 = mode === 'soap12';
  const soapServer = await new Promise<soap.Server>((resolve, reject) => {
    const done = (err: unknown): void => {
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(s);
    };
    const s = v12
      ? soap.listen(server, {
          path: SERVICE_PATH,
          services: nodeSoapServices(true),
          xml: WSDL_TEXT,
          forceSoap12Headers: true,
          callback: done,
        })
      : soap.listen(server, SERVICE_PATH, nodeSoapServices(false), WSDL_TEXT, done);
  });
  soapServer.log = (
    type: string,
    data: unknown,
    req: { method?: string; url?: string; headers: IncomingHttpHeaders },
  ) => {
    if (type === 'received')
      received.push({ method: req.method, url: req.url, headers: req.headers, body: String(data) });
  };
  return { http, received };
}

describe('generated AuthClient -> node-soap server, SOAP 1.1', () => {
  let ns: NodeSoapServer;
  let client: AuthClient;
  beforeAll(async () => {
    ns = await startNodeSoap('soap11-four-args');
    client = new AuthClient({ baseUrl: ns.http.baseUrl, binding: 'soap11' });
  });
  afterAll(() => ns.http.close());
  beforeEach(() => {
    ns.received.length = 0;
  });

  it('Login returns the ticket node-soap sent', async () => {
    await expect(client.login({ Username: 'alice', Password: 's3cret' })).resolves.toEqual({
      ServiceTicket: 'ns-ticket-alice',
    });
  });

  it('Logout returns the ticket', async () => {
    await expect(client.logout({ ServiceTicket: 'T-42' })).resolves.toEqual({ ServiceTicket: 'T-42' });
  });

  it('sends what the seed says (4.1, 4.3): POST, text/xml, quoted SOAPAction, declared xsd/xsi, Login in the Auth namespace', async () => {
    await client.login({ Username: 'alice', Password: 's3cret' });
    expect(ns.received).toHaveLength(1);
    const r = ns.received[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe(SERVICE_PATH);
    expect(r.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(r.headers['soapaction']).toBe(`"${LOGIN_ACTION}"`);
    expect(r.headers['host']).toBe(`127.0.0.1:${ns.http.port}`);
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body, 'utf8'));
    expect(r.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const body = soapBody(r.body, SOAP11_NS);
    const envelope = body.parent!;
    expect(Object.values(envelope.nsDecls)).toEqual(expect.arrayContaining([XSD_NS, XSI_NS]));
    const login = child(body, AUTH_NS, 'Login');
    expect(text(child(login, AUTH_NS, 'Username'))).toBe('alice');
    expect(text(child(login, AUTH_NS, 'Password'))).toBe('s3cret');
  });

  it('sends the Logout SOAPAction, quoted', async () => {
    await client.logout({ ServiceTicket: 'T-1' });
    expect(ns.received[0]!.headers['soapaction']).toBe(`"${LOGOUT_ACTION}"`);
    expect(
      text(child(child(soapBody(ns.received[0]!.body, SOAP11_NS), AUTH_NS, 'Logout'), AUTH_NS, 'ServiceTicket')),
    ).toBe('T-1');
  });

  it('a Client fault thrown by the node-soap service becomes a SoapFaultError', async () => {
    const err: unknown = await client.login({ Username: 'alice', Password: 'wrong' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SoapFaultError);
    const f = err as SoapFaultError;
    expect(f.code).toBe('Client');
    expect(f.reason).toBe('Invalid username or password.');
    expect(f.soapVersion).toBe('1.1');
    expect(f.httpStatus).toBe(500);
  });

  it('a Server fault thrown by the node-soap service becomes a SoapFaultError', async () => {
    const err: unknown = await client.login({ Username: 'alice', Password: 'boom' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SoapFaultError);
    expect((err as SoapFaultError).code).toBe('Server');
    expect((err as SoapFaultError).reason).toBe('Session store unavailable.');
  });
});

describe('generated AuthClient -> node-soap server, SOAP 1.2 (forceSoap12Headers)', () => {
  let ns: NodeSoapServer;
  let client: AuthClient;
  beforeAll(async () => {
    ns = await startNodeSoap('soap12');
    client = new AuthClient({ baseUrl: ns.http.baseUrl, binding: 'soap12' });
  });
  afterAll(() => ns.http.close());
  beforeEach(() => {
    ns.received.length = 0;
  });

  it('Login returns the ticket', async () => {
    await expect(client.login({ Username: 'bob', Password: 's3cret' })).resolves.toEqual({
      ServiceTicket: 'ns-ticket-bob',
    });
  });

  it('Logout returns the ticket', async () => {
    await expect(client.logout({ ServiceTicket: 'T-12' })).resolves.toEqual({ ServiceTicket: 'T-12' });
  });

  it('sends what the seed says: application/soap+xml; charset=utf-8, no SOAPAction header, SOAP 1.2 envelope', async () => {
    await client.login({ Username: 'bob', Password: 's3cret' });
    await client.logout({ ServiceTicket: 'T-12' });
    expect(ns.received).toHaveLength(2);
    for (const r of ns.received) {
      expect(r.method).toBe('POST');
      expect(r.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
      expect(r.headers).not.toHaveProperty('soapaction');
      expect(r.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
      expect(Object.values(soapBody(r.body, SOAP12_NS).parent!.nsDecls)).toEqual(
        expect.arrayContaining([XSD_NS, XSI_NS]),
      );
    }
    const login = child(soapBody(ns.received[0]!.body, SOAP12_NS), AUTH_NS, 'Login');
    expect(text(child(login, AUTH_NS, 'Username'))).toBe('bob');
    child(soapBody(ns.received[1]!.body, SOAP12_NS), AUTH_NS, 'Logout');
  });

  it('a Sender fault becomes a SoapFaultError with code Client (SOAP 1.1 name) and the reason', async () => {
    const err: unknown = await client.login({ Username: 'bob', Password: 'wrong' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SoapFaultError);
    const f = err as SoapFaultError;
    expect(f.code).toBe('Client');
    expect(f.reason).toBe('Invalid username or password.');
    expect(f.soapVersion).toBe('1.2');
    expect(f.httpStatus).toBe(400);
  });

  it('a Receiver fault becomes a SoapFaultError with code Server', async () => {
    const err: unknown = await client.login({ Username: 'bob', Password: 'boom' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SoapFaultError);
    expect((err as SoapFaultError).code).toBe('Server');
    expect((err as SoapFaultError).reason).toBe('Session store unavailable.');
  });
});

describe('generated AuthClient (SOAP 1.2) -> node-soap server without forceSoap12Headers', () => {
  let ns: NodeSoapServer;
  beforeAll(async () => {
    ns = await startNodeSoap('soap11-answering-soap12');
  });
  afterAll(() => ns.http.close());

  it('node-soap answers a SOAP 1.1 envelope; the client rejects it with a ResponseError rather than guessing', async () => {
    const client = new AuthClient({ baseUrl: ns.http.baseUrl, binding: 'soap12' });
    const err: unknown = await client.login({ Username: 'bob', Password: 's3cret' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as ResponseError).message).toMatch(/SOAP 1\.2 response, got SOAP 1\.1/);
  });
});
