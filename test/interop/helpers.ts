/**
 * Helpers for the interop suites: servers on 127.0.0.1 (ephemeral ports), raw
 * HTTP/1.1 exchanges over node:net (requests written byte for byte), a counting
 * Auth implementation, and namespace-aware lookups in parsed XML.
 */
import { createServer, Server, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SoapFault, type AuthService } from '../../generated/auth/index.js';
import { parseXml, type XmlElement } from '../../generated/auth/runtime/index.js';
import { emitFiles } from '../../src/emit/index.js';
import { featureModules, type RuntimeFeature } from '../../src/emit/runtime-features.js';
import { loadModel } from '../../src/model/index.js';
import { ROOT, testOptions, writeTree } from '../emit/helpers.js';

/** The Auth namespace (`{namespace}/auth`, seed §1 with the example `{namespace}`). */
export const AUTH_NS = 'http://schemas.example.com/ecomm/auth';
/** SOAP 1.1 envelope namespace (SOAP 1.1 §4.1.2). */
export const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** SOAP 1.2 envelope namespace (SOAP 1.2 Part 1 §5.1). */
export const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
/** XML Schema namespace (XML Schema Part 1 §3.15.2). */
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
/** XML Schema instance namespace (XML Schema Part 1 §2.6). */
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
/** WSDL 1.1 namespace (WSDL 1.1 §2.1). */
export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
/** The SOAPAction of Login (seed §4.1). */
export const LOGIN_ACTION = `${AUTH_NS}/Login`;
/** The SOAPAction of Logout (seed §4.2). */
export const LOGOUT_ACTION = `${AUTH_NS}/Logout`;
/** The service path (the WSDL address's path). */
export const SERVICE_PATH = '/ecomm/Auth.asmx';

/** A running test server. */
export interface TestServer {
  readonly server: Server;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** Closes every connection and the listener. */
  close(): Promise<void>;
}

/** Starts `server` (or a new server with `listener`) on 127.0.0.1 on an ephemeral port. */
export async function startServer(
  listenerOrServer?: RequestListener<typeof IncomingMessage, typeof ServerResponse> | Server,
): Promise<TestServer> {
  const server = listenerOrServer instanceof Server ? listenerOrServer : createServer(listenerOrServer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A raw HTTP response. */
export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body decoded as UTF-8 (exactly Content-Length bytes when given). */
  readonly body: string;
  /** The body's bytes. */
  readonly bodyBytes: Buffer;
}

/** Options of {@link rawExchange}. */
export interface RawExchangeOptions {
  /** Bytes to write after the first chunk, once it is written (default none). */
  readonly thenWrite?: string | Buffer;
  /** Keep the socket's writable side open after writing (a stalled client). Default false. */
  readonly keepOpen?: boolean;
  /** Safety limit: reject if the server has not closed the connection by then. Default 5000 ms. */
  readonly safetyMs?: number;
}

/** Splits a raw HTTP/1.1 response into status, headers and body. */
export function parseRawResponse(data: Buffer): RawResponse {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`incomplete HTTP response: ${JSON.stringify(data.toString('latin1'))}`);
  const head = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(head[0]!.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(':');
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = data.subarray(end + 4);
  const length = headers['content-length'] === undefined ? rest.length : Number(headers['content-length']);
  const bodyBytes = rest.subarray(0, length);
  return { status, headers, body: bodyBytes.toString('utf8'), bodyBytes };
}

/**
 * Writes `request` (exact bytes) to 127.0.0.1:`port` and resolves with the
 * response once the server closes the connection (requests should say
 * `Connection: close`). Rejects when nothing is closed within `safetyMs`.
 */
export function rawExchange(
  port: number,
  request: string | Buffer,
  options: RawExchangeOptions = {},
): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const safety = setTimeout(() => {
      socket.destroy();
      reject(new Error(`server did not close the connection within ${options.safetyMs ?? 5000} ms`));
    }, options.safetyMs ?? 5000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // A server that closes early may reset the connection while we still write: keep what arrived.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(safety);
      try {
        resolve(parseRawResponse(Buffer.concat(chunks)));
      } catch (err) {
        reject(err);
      }
    });
    socket.write(request, () => {
      if (options.thenWrite !== undefined) socket.write(options.thenWrite);
      if (!options.keepOpen) socket.end();
    });
  });
}

/** Builds an HTTP/1.1 request: request line, headers (CRLF), blank line, body; adds Content-Length when a body is given. */
export function httpRequest(
  requestLine: string,
  headers: readonly (readonly [string, string])[],
  body?: string,
): string {
  const lines = [requestLine, ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (body !== undefined && !headers.some(([n]) => n.toLowerCase() === 'content-length')) {
    lines.push(`Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

/** The child element `{ns}name` of `el`; throws (failing the test) when absent. */
export function child(el: XmlElement, ns: string, name: string): XmlElement {
  for (const c of el.children) if (typeof c !== 'string' && c.ns === ns && c.name === name) return c;
  const seen = el.children.filter((c): c is XmlElement => typeof c !== 'string').map((c) => `{${c.ns}}${c.name}`);
  throw new Error(`no {${ns}}${name} in {${el.ns}}${el.name} (children: ${seen.join(', ') || 'none'})`);
}

/** The concatenated text of `el`. */
export function text(el: XmlElement): string {
  return el.children.filter((c): c is string => typeof c === 'string').join('');
}

/** Every element under `el` (depth first, `el` included) named `{ns}name`. */
export function descendants(el: XmlElement, ns: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    if (e.ns === ns && e.name === name) out.push(e);
    for (const c of e.children) if (typeof c !== 'string') walk(c);
  };
  walk(el);
  return out;
}

/** Parses a response body with the repository's parser. */
export function xml(body: string): XmlElement {
  return parseXml(body);
}

/** The SOAP Body of an envelope of `envNs`. */
export function soapBody(body: string, envNs: string): XmlElement {
  const root = xml(body);
  if (root.ns !== envNs || root.name !== 'Envelope')
    throw new Error(`expected {${envNs}}Envelope, got {${root.ns}}${root.name}`);
  return child(root, envNs, 'Body');
}

/** A fault read off the wire: the code as a resolved QName, and the reason text. */
export interface WireFault {
  readonly codeNs: string;
  readonly code: string;
  readonly reason: string;
}

/** Resolves a prefixed QName written in element text against the in-scope declarations. */
function resolveText(el: XmlElement, qname: string): { ns: string; name: string } {
  const i = qname.indexOf(':');
  const prefix = i < 0 ? '' : qname.slice(0, i);
  for (let e: XmlElement | undefined = el; e; e = e.parent) {
    const uri = e.nsDecls[prefix];
    if (uri !== undefined) return { ns: uri, name: qname.slice(i + 1) };
  }
  return { ns: '', name: qname.slice(i + 1) };
}

/** Reads the Fault of a SOAP 1.1 (`faultcode`/`faultstring`) or 1.2 (`Code/Value`, `Reason/Text`) response. */
export function wireFault(body: string, envNs: string): WireFault {
  const fault = child(soapBody(body, envNs), envNs, 'Fault');
  if (envNs === SOAP11_NS) {
    const fc = child(fault, '', 'faultcode');
    const q = resolveText(fc, text(fc).trim());
    return { codeNs: q.ns, code: q.name, reason: text(child(fault, '', 'faultstring')) };
  }
  const value = child(child(fault, envNs, 'Code'), envNs, 'Value');
  const q = resolveText(value, text(value).trim());
  return { codeNs: q.ns, code: q.name, reason: text(child(child(fault, envNs, 'Reason'), envNs, 'Text')) };
}

/** An Auth implementation that counts its calls; `Password: 'wrong'` gives a Client fault. */
export interface CountingAuth extends AuthService {
  /** Calls so far, by operation. */
  readonly calls: { login: number; logout: number };
  /** Total calls. */
  total(): number;
  /** Sets the counters to zero. */
  reset(): void;
}

/** Creates a {@link CountingAuth}: Login answers `ticket-<Username>`, Logout echoes the ticket. */
export function countingAuth(): CountingAuth {
  const calls = { login: 0, logout: 0 };
  return {
    calls,
    total: () => calls.login + calls.logout,
    reset: () => {
      calls.login = 0;
      calls.logout = 0;
    },
    async login(input) {
      calls.login++;
      if (input.Password === 'wrong') throw new SoapFault({ code: 'Client', reason: 'Invalid username or password.' });
      return { ServiceTicket: `ticket-${input.Username}` };
    },
    async logout(input) {
      calls.logout++;
      return { ServiceTicket: input.ServiceTicket };
    },
  };
}

/** The checked-in Auth output's module (the shape of every Auth output). */
export type AuthOutput = typeof import('../../generated/auth/index.js');

/**
 * The Auth contract generated into `test/tmp/<name>` with the optional runtime
 * `features` (as `--runtime-features` would), imported, with each feature's module
 * loaded: the modules that register themselves (WS-Security's server check, MTOM)
 * do so with this copy's runtime, as a user's `import './runtime/wire/...js'` would.
 */
export async function authWithFeatures(name: string, features: readonly RuntimeFeature[]): Promise<AuthOutput> {
  const out = path.join(ROOT, 'test/tmp', name);
  const wsdl = path.join(ROOT, 'wsdl/auth.wsdl');
  const options = testOptions('auth.wsdl', { runtimeFeatures: [...features] });
  writeTree(out, await emitFiles(await loadModel(wsdl), options, { wsdlText: readFileSync(wsdl, 'utf8') }));
  for (const m of featureModules(features) ?? []) await import(pathToFileURL(path.join(out, 'runtime', m)).href);
  return (await import(pathToFileURL(path.join(out, 'index.ts')).href)) as AuthOutput;
}
