/**
 * HTTPS client certificates and CA options (issue 17, item 4): the generated Auth
 * client, with a client certificate and a private CA passed as TLS options of its
 * transports (`createHttp1Transport({ tls })`, the default transport's factory, and
 * `createNodeTransport({ httpsAgent })`), against a node:https server on 127.0.0.1
 * that requires a client certificate of that CA (`requestCert`, `rejectUnauthorized`)
 * in front of the generated handler. The failures: no certificate, a certificate of
 * another CA, and no custom CA (the server's certificate is then not trusted), each
 * rejecting with Node's TLS error code (docs/client.md, "HTTP: authentication, cookies...").
 *
 * The certificates are made per run with `openssl` (P-256 keys, valid one day) in
 * test/tmp/client-certs/; skipped without openssl only outside CI.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, createAuthHandler } from '../../generated/auth/index.js';
import { createHttp1Transport } from '../../generated/auth/runtime/client/index.js';
import { createNodeTransport } from '../../src/runtime/client/transport-node.js';
import type { Transport } from '../../generated/auth/runtime/client/index.js';
import { ROOT } from '../emit/helpers.js';
import { countingAuth, SERVICE_PATH } from './helpers.js';
import { hasCommand, run, skipWithout } from './peers.js';

const DIR = path.join(ROOT, 'test/tmp/client-certs');
const available = hasCommand('openssl');

/**
 * Serial numbers of the certificates signed here, one each: given on the command line, not kept by
 * openssl in a serial file beside the CA (`-CAcreateserial`), which two signings at once would both
 * read and write (a race: "Unable to load number from ca.srl").
 */
let serial = 1;

/** Makes `name`.key and `name`.crt, signed by `ca` (self-signed when absent), with the given extensions. */
async function makeCert(name: string, subject: string, ca: string | undefined, ext: string): Promise<void> {
  const key = path.join(DIR, `${name}.key`);
  const crt = path.join(DIR, `${name}.crt`);
  await run('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', key]);
  const extFile = path.join(DIR, `${name}.ext`);
  writeFileSync(extFile, `${ext}\n`);
  if (ca === undefined) {
    const args = ['req', '-x509', '-new', '-key', key, '-out', crt, '-days', '1', '-subj', subject];
    await run('openssl', [...args, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=keyCertSign']);
    return;
  }
  const csr = path.join(DIR, `${name}.csr`);
  await run('openssl', ['req', '-new', '-key', key, '-out', csr, '-subj', subject]);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    path.join(DIR, `${ca}.crt`),
    '-CAkey',
    path.join(DIR, `${ca}.key`),
    '-set_serial',
    String(serial++),
    '-out',
    crt,
    '-days',
    '1',
    '-extfile',
    extFile,
  ]);
}

const read = (f: string): Buffer => readFileSync(path.join(DIR, f));

describe.skipIf(skipWithout(available))('HTTPS with a client certificate and a private CA', () => {
  let server: https.Server | undefined;
  let endpoint: string;
  const seen: string[] = [];

  beforeAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    await Promise.all([
      makeCert('ca', '/CN=wsdlc test CA', undefined, ''),
      makeCert('other-ca', '/CN=other CA', undefined, ''),
    ]);
    await Promise.all([
      makeCert('server', '/CN=127.0.0.1', 'ca', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth'),
      makeCert('client', '/CN=alice', 'ca', 'extendedKeyUsage=clientAuth'),
      makeCert('mallory', '/CN=mallory', 'other-ca', 'extendedKeyUsage=clientAuth'),
    ]);
    const auth = countingAuth();
    const handler = createAuthHandler({
      ...auth,
      // The ticket names the certificate's subject: the server saw the client's certificate.
      login: async (input) => ({ ServiceTicket: `${input.Username}@${certSubject(seen)}` }),
    });
    const tlsServer = https.createServer(
      {
        key: read('server.key'),
        cert: read('server.crt'),
        ca: read('ca.crt'),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => {
        seen.push(String((req.socket as TLSSocket).getPeerCertificate().subject.CN));
        handler(req, res);
      },
    );
    await new Promise<void>((resolve, reject) => {
      tlsServer.once('error', reject);
      tlsServer.listen(0, '127.0.0.1', () => resolve());
    });
    server = tlsServer;
    endpoint = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}${SERVICE_PATH}`;
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** The subject CN of the latest request's client certificate. */
  function certSubject(list: readonly string[]): string {
    return list[list.length - 1] ?? '?';
  }

  const transports: readonly [string, (tls: https.AgentOptions) => Transport][] = [
    ['createHttp1Transport', (tls) => createHttp1Transport({ tls })],
    ['createNodeTransport', (tls) => createNodeTransport({ httpsAgent: new https.Agent(tls) })],
  ];

  for (const [name, make] of transports) {
    describe(name, () => {
      const call = (tls: https.AgentOptions): Promise<unknown> =>
        new AuthClient({ endpoint, transport: make(tls) }).login({ Username: 'u', Password: 'p' });
      const failure = async (tls: https.AgentOptions): Promise<Error & { code?: string }> => {
        const err = await call(tls).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(Error);
        return err as Error & { code?: string };
      };

      it('presents the client certificate and trusts the server through the private CA', async () => {
        expect(await call({ ca: read('ca.crt'), cert: read('client.crt'), key: read('client.key') })).toEqual({
          ServiceTicket: 'u@alice',
        });
      });

      it('without a client certificate: the server refuses the handshake (certificate required alert)', async () => {
        const err = await failure({ ca: read('ca.crt') });
        expect(err.code).toBe('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED');
      });

      it('with a certificate of another CA: node:https closes the connection after the handshake', async () => {
        // Node's server checks the peer in JavaScript once the TLS 1.3 handshake is done and
        // destroys the socket without an alert: the client sees a hang-up before any response.
        const err = await failure({ ca: read('ca.crt'), cert: read('mallory.crt'), key: read('mallory.key') });
        expect(err.code).toBe('ECONNRESET');
      });

      it("without the private CA: the server's certificate is not trusted", async () => {
        const err = await failure({ cert: read('client.crt'), key: read('client.key') });
        expect(err.code).toBe('SELF_SIGNED_CERT_IN_CHAIN');
      });
    });
  }

  it('no refused handshake reached the service', () => {
    expect(seen).toEqual(['alice', 'alice']);
  });
});
