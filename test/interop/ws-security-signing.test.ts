/**
 * The signing hook: an XML signature (X.509, RSA-SHA256 over the SOAP Body, with
 * xml-crypto) added to the wsse:Security header in `hooks.onRequest`, the runtime
 * depending on no signing library. The generated server accepts the signed envelope;
 * the envelope as sent verifies with the certificate and stops verifying when tampered with.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignedXml } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { AuthClient } from '../../generated/auth/index.js';
import { authWithFeatures } from './helpers.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { recordingTransport } from '../../src/runtime/client/transport-record.js';
import { WSSE_NS, wsSecurityHeader } from '../../src/runtime/wire/ws-security.js';

const TLS_DIR = path.join(import.meta.dirname, '../runtime-client/fixtures/tls');
const cert = readFileSync(path.join(TLS_DIR, 'cert.pem'), 'utf8');
const key = readFileSync(path.join(TLS_DIR, 'key.pem'), 'utf8');

/** Signs the SOAP Body of `envelope`, placing the ds:Signature last in wsse:Security. */
function sign(envelope: string): string {
  const sig = new SignedXml({ privateKey: key, publicCert: cert });
  sig.canonicalizationAlgorithm = 'http://www.w3.org/2001/10/xml-exc-c14n#';
  sig.signatureAlgorithm = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
  sig.addReference({
    xpath: "//*[local-name(.)='Body']",
    transforms: ['http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(envelope, {
    location: { reference: `//*[local-name(.)='Security' and namespace-uri(.)='${WSSE_NS}']`, action: 'append' },
  });
  return sig.getSignedXml();
}

function verify(envelope: string): boolean {
  const sig = new SignedXml({ publicCert: cert });
  const doc = envelope.match(/<ds:Signature[\s\S]*<\/ds:Signature>|<Signature[\s\S]*<\/Signature>/)?.[0];
  if (doc === undefined) return false;
  sig.loadSignature(doc);
  try {
    return sig.checkSignature(envelope);
  } catch {
    return false;
  }
}

describe('signing hook (xml-crypto in onRequest)', () => {
  it('sends a signed envelope the server accepts, and the signature covers the Body', async () => {
    const { createAuthHandler } = await authWithFeatures('ws-security-signing', ['ws-security']);
    const handler = createAuthHandler(
      {
        login: async (input, ctx) => ({ ServiceTicket: `${ctx.wsSecurity?.username}:${input.Username}` }),
        logout: async (i) => i,
      },
      { wsSecurity: { password: (u) => (u === 'alice' ? 's3cret' : undefined) } },
    );
    const recorder = recordingTransport(inMemoryTransport(handler), { keepSecrets: true });
    const client = new AuthClient({
      transport: recorder.transport,
      soapHeaderXml: wsSecurityHeader({ username: 'alice', password: 's3cret' }),
      hooks: {
        onRequest(req) {
          if (req.body !== undefined) req.body = sign(req.body);
        },
      },
    });
    expect(await client.login({ Username: 'bob', Password: 'x' })).toEqual({ ServiceTicket: 'alice:bob' });
    const sent = recorder.exchanges[0]!.request.body!;
    expect(sent).toContain('SignatureValue');
    expect(verify(sent)).toBe(true);
    expect(verify(sent.replace('<Username>bob</Username>', '<Username>eve</Username>'))).toBe(false);
  });
});
