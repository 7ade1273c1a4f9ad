/**
 * The multipart/related reader and writer shared by client and server
 * (runtime/wire/multipart.ts, mime-message.ts, xop.ts): RFC 2046 framing read
 * liberally (bare LF, preamble, padding, folded headers, base64 parts), MTOM and SwA
 * messages written and read back, and XOP inclusion (XOP 1.0 §3).
 */
import { describe, expect, it } from 'vitest';
import { parseContentType } from '../../src/runtime/wire/content-type.js';
import { isMultipartType, readMimeMessage, writeMimeMessage } from '../../src/runtime/wire/mime-message.js';
import { MultipartError, parseMultipart } from '../../src/runtime/wire/multipart.js';
import { resolveXopIncludes, XOP_NS } from '../../src/runtime/wire/xop.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';

const problem = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    if (err instanceof MultipartError) return err.problem;
    throw err;
  }
  return 'none';
};

describe('parseMultipart', () => {
  it('reads bare-LF line ends, a preamble, transport padding, folded headers and an epilogue', () => {
    const body = Buffer.from(
      'preamble text\n--xx  \nContent-Type: text/xml;\n\tcharset=utf-8\nContent-ID: <a>\n\n<r/>\n--xx\nContent-ID: <b>\n\n\u0000\u00ff\n--xx--\nepilogue',
      'latin1',
    );
    const parts = parseMultipart(body, 'xx');
    expect(parts.map((p) => p.headers)).toEqual([
      { 'content-type': 'text/xml; charset=utf-8', 'content-id': '<a>' },
      { 'content-id': '<b>' },
    ]);
    expect(Buffer.from(parts[0]!.body).toString()).toBe('<r/>');
    expect([...parts[1]!.body]).toEqual([0, 255]);
  });

  it('keeps CR LF inside a binary part and strips only the one before the delimiter', () => {
    const body = Buffer.from('--b\r\nContent-ID: <x>\r\n\r\n\r\n\r\n--bx\r\n\r\n--b--\r\n', 'latin1');
    const [part] = parseMultipart(body, 'b');
    expect(Buffer.from(part!.body).toString('latin1')).toBe('\r\n\r\n--bx\r\n');
  });

  it('names what is wrong', () => {
    expect(problem(() => parseMultipart(Buffer.from('--b\r\n\r\nx\r\n--b--'), undefined))).toBe('boundary');
    expect(problem(() => parseMultipart(Buffer.from('no delimiter'), 'b'))).toBe('boundary');
    expect(problem(() => parseMultipart(Buffer.from('--b\r\nA: 1\r\n\r\nx'), 'b'))).toBe('unterminated');
    expect(problem(() => parseMultipart(Buffer.from('--b\r\nno blank line\r\n--b--'), 'b'))).toBe('headers');
    expect(problem(() => parseMultipart(Buffer.from('--b\r\nbad header\r\n\r\nx\r\n--b--'), 'b'))).toBe('headers');
    const many = `${'--b\r\n\r\nx\r\n'.repeat(4)}--b--`;
    expect(parseMultipart(Buffer.from(many), 'b', { maxParts: 4 })).toHaveLength(4);
    expect(problem(() => parseMultipart(Buffer.from(many), 'b', { maxParts: 3 }))).toBe('parts');
  });
});

describe('MTOM and SwA messages', () => {
  it.each(['1.1', '1.2'] as const)('writes and reads back an SOAP %s XOP package', (version) => {
    const data = new Uint8Array([0, 1, 2, 255, 13, 10]);
    const out = writeMimeMessage({
      version,
      xml: '<e/>',
      xop: true,
      attachments: [{ contentId: 'p1@x', contentType: 'application/octet-stream', data }],
      action: 'urn:a',
    });
    expect(isMultipartType(out.contentType)).toBe(true);
    const msg = readMimeMessage(out.body, parseContentType(out.contentType));
    expect(msg.xop).toBe(true);
    expect(msg.xml).toBe('<e/>');
    expect(msg.soapType.type).toBe(version === '1.1' ? 'text/xml' : 'application/soap+xml');
    if (version === '1.2') expect(msg.soapType.params['action']).toBe('urn:a');
    expect([...msg.byId.get('p1@x')!.data]).toEqual([...data]);
  });

  it('reads a SwA message whose parts are base64-encoded, and its root by the start parameter', () => {
    const body =
      '--b\r\nContent-ID: <att>\r\nContent-Transfer-Encoding: base64\r\n\r\nAAH/\r\n' +
      '--b\r\nContent-Type: text/xml; charset=utf-8\r\nContent-ID: <env>\r\n\r\n<e/>\r\n--b--\r\n';
    const msg = readMimeMessage(
      Buffer.from(body),
      parseContentType('multipart/related; type="text/xml"; boundary=b; start="<env>"'),
    );
    expect(msg.xop).toBe(false);
    expect(msg.xml).toBe('<e/>');
    expect(msg.attachments.map((a) => [a.contentId, [...a.data]])).toEqual([['att', [0, 1, 255]]]);
  });

  it('refuses control characters in outgoing part headers', () => {
    const bad = { contentId: 'a>\r\nX-Injected: 1', contentType: 'text/plain', data: new Uint8Array(0) };
    expect(() => writeMimeMessage({ version: '1.1', xml: '<e/>', xop: false, attachments: [bad] })).toThrow(TypeError);
  });

  it('tells multipart content types apart cheaply', () => {
    expect(isMultipartType('text/xml; charset=utf-8')).toBe(false);
    expect(isMultipartType('Multipart/Related; boundary=x')).toBe(true);
    expect(isMultipartType(' multipart/related')).toBe(true);
    expect(isMultipartType(undefined)).toBe(false);
  });
});

describe('resolveXopIncludes', () => {
  const parts = new Map([['p1', { contentId: 'p1', contentType: 'x', data: new Uint8Array([104, 105]) }]]);
  it('replaces an xop:Include by the base64 of its part (a percent-encoded cid: URL too)', () => {
    const root = parseXml(`<r><d><xop:Include xmlns:xop="${XOP_NS}" href="cid:%70%31"/></d></r>`);
    expect(resolveXopIncludes(root, parts)).toBe(1);
    expect((root.children[0] as { children: unknown[] }).children).toEqual(['aGk=']);
  });
  it('refuses an xop:Include beside other content, or naming no part', () => {
    const mixed = parseXml(`<r>text<xop:Include xmlns:xop="${XOP_NS}" href="cid:p1"/></r>`);
    expect(problem(() => resolveXopIncludes(mixed, parts))).toBe('cid');
    const missing = parseXml(`<r><xop:Include xmlns:xop="${XOP_NS}" href="cid:p2"/></r>`);
    expect(problem(() => resolveXopIncludes(missing, parts))).toBe('cid');
    const noHref = parseXml(`<r><xop:Include xmlns:xop="${XOP_NS}"/></r>`);
    expect(problem(() => resolveXopIncludes(noHref, parts))).toBe('cid');
  });
});
