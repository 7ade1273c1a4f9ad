/** Content-Type parsing: liberal in case, order, quoting and whitespace. */
import { describe, expect, it } from 'vitest';
import { bodyKindOf, parseContentType } from '../../src/runtime/wire/content-type.js';

describe('parseContentType', () => {
  it('lower-cases the type and parameter names, unquotes values, keeps value case', () => {
    expect(parseContentType(' Application/SOAP+XML ; Action="urn:A;b" ;CHARSET=utf-8; ')).toEqual({
      type: 'application/soap+xml',
      params: { action: 'urn:A;b', charset: 'utf-8' },
    });
  });

  it('handles absent headers and bare types', () => {
    expect(parseContentType(undefined)).toEqual({ type: '', params: {} });
    expect(parseContentType('text/xml')).toEqual({ type: 'text/xml', params: {} });
  });

  it('unescapes quoted-pairs', () => {
    expect(parseContentType('text/xml; x="a\\"b"').params['x']).toBe('a"b');
  });
});

describe('parseContentType, repeated', () => {
  it('answers each header for itself when headers alternate or repeat (the last one and the cache)', () => {
    const a = 'text/xml; charset=utf-8';
    const b = 'text/xml; charset=utf-16'; // not the same length
    const c = 'text/xml; charset=utf-9'; // the same length as a
    for (let i = 0; i < 3; i++) {
      for (const [header, charset] of [
        [a, 'utf-8'],
        [a, 'utf-8'],
        [b, 'utf-16'],
        [c, 'utf-9'],
        [a, 'utf-8'],
      ] as const) {
        // A fresh string each time, as a request's header is.
        const fresh = `${header.slice(0, 4)}${header.slice(4)}`;
        expect(parseContentType(fresh)).toEqual({ type: 'text/xml', params: { charset } });
      }
    }
    expect(parseContentType('')).toEqual({ type: '', params: {} });
    expect(parseContentType('application/soap+xml')).toEqual({ type: 'application/soap+xml', params: {} });
    expect(parseContentType('')).toEqual({ type: '', params: {} });
  });
});

describe('bodyKindOf', () => {
  it('tells SOAP 1.1, SOAP 1.2 and forms apart', () => {
    expect(bodyKindOf(parseContentType('text/xml; charset=utf-8'))).toBe('soap11');
    expect(bodyKindOf(parseContentType('application/soap+xml'))).toBe('soap12');
    expect(bodyKindOf(parseContentType('application/x-www-form-urlencoded'))).toBe('form');
    expect(bodyKindOf(parseContentType('application/json'))).toBe('other');
  });
});
