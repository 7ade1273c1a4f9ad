import { describe, expect, it } from 'vitest';
import {
  EnvelopeError,
  parseEnvelope,
  SOAP_11_ENV_NS,
  SOAP_12_ENV_NS,
  writeEnvelope,
} from '../../src/runtime/wire/soap-envelope.js';
import { childElements, textOf } from '../../src/runtime/xml/xml-parse.js';

describe('writeEnvelope', () => {
  it('writes a SOAP 1.1 envelope like ASMX: XML declaration, xsi/xsd declared on the Envelope', () => {
    const xml = writeEnvelope('1.1', (w) => w.start('urn:auth', 'Login').end());
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><Login xmlns="urn:auth"/></soap:Body></soap:Envelope>',
    );
  });
  it('writes a SOAP 1.2 envelope with an optional Header', () => {
    const xml = writeEnvelope(
      '1.2',
      (w) => w.start('urn:a', 'B').text('x').end(),
      (w) => w.start('urn:h', 'H').text('h').end(),
    );
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi=',
      ),
    ).toBe(true);
    const env = parseEnvelope(xml);
    expect(env.version).toBe('1.2');
    expect(env.header && textOf(childElements(env.header)[0]!)).toBe('h');
    expect(textOf(childElements(env.body)[0]!)).toBe('x');
  });
});

describe('parseEnvelope', () => {
  it('accepts any prefixes, default namespaces and whitespace', () => {
    const xml = `<?xml version="1.0"?>\n<Envelope xmlns="${SOAP_11_ENV_NS}">\n  <Header/>\n  <Body>\n    <x:Op xmlns:x="urn:x"/>\n  </Body>\n</Envelope>`;
    const env = parseEnvelope(xml);
    expect(env.version).toBe('1.1');
    expect(env.header?.name).toBe('Header');
    expect(childElements(env.body).map((e) => e.name)).toEqual(['Op']);
    const env12 = parseEnvelope(`<e:Envelope xmlns:e="${SOAP_12_ENV_NS}"><e:Body/></e:Envelope>`);
    expect(env12.version).toBe('1.2');
    expect(env12.header).toBeUndefined();
  });
  it.each([
    ['<Login xmlns="urn:auth"/>', 'notEnvelope', /expected a SOAP Envelope, got \{urn:auth\}Login/],
    [
      '<e:Envelope xmlns:e="urn:other"><e:Body/></e:Envelope>',
      'versionMismatch',
      /unsupported SOAP envelope namespace/,
    ],
    [`<e:Envelope xmlns:e="${SOAP_11_ENV_NS}"><e:Header/></e:Envelope>`, 'noBody', /no Body/],
    [`<e:Envelope xmlns:e="${SOAP_11_ENV_NS}"><e:Body>`, 'malformed', /malformed XML/],
    [
      `<!DOCTYPE x [<!ENTITY a "b">]><e:Envelope xmlns:e="${SOAP_11_ENV_NS}"><e:Body/></e:Envelope>`,
      'malformed',
      /DOCTYPE/,
    ],
  ])('rejects %s', (xml, problem, message) => {
    let err: unknown;
    try {
      parseEnvelope(xml);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EnvelopeError);
    expect((err as EnvelopeError).problem).toBe(problem);
    expect((err as Error).message).toMatch(message);
  });
  it('a limit reached is problem "limit" naming it, not malformed XML', () => {
    const deep = `<e:Envelope xmlns:e="${SOAP_11_ENV_NS}"><e:Body>${'<a>'.repeat(10)}${'</a>'.repeat(10)}</e:Body></e:Envelope>`;
    for (const [opts, limit] of [
      [{ maxDepth: 5 }, 'maxDepth'],
      [{ maxNodes: 5 }, 'maxNodes'],
    ] as const) {
      let err: unknown;
      try {
        parseEnvelope(deep, opts);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(EnvelopeError);
      expect((err as EnvelopeError).problem).toBe('limit');
      expect((err as EnvelopeError).limit).toBe(limit);
      expect((err as Error).message).toMatch(new RegExp(`^XML limit ${limit} reached at 1:\\d+: `));
    }
  });
  it('enforces the depth limit', () => {
    const deep = '<a>'.repeat(20) + '</a>'.repeat(20);
    expect(() =>
      parseEnvelope(`<e:Envelope xmlns:e="${SOAP_11_ENV_NS}"><e:Body>${deep}</e:Body></e:Envelope>`, { maxDepth: 10 }),
    ).toThrow(/deeper than 10/);
  });
});
