/**
 * Test vectors run on every JavaScript host (vectors.test.ts bundles this module and runs
 * it on Node, Bun, Deno and workerd): XML body decoding (BOMs, charsets, declarations,
 * malformed bytes, fuzzed near-UTF-8), scalar decoding and encoding (every kind, valid
 * and invalid lexical forms), and the byte functions. Web standards only: no Buffer,
 * no node: import. {@link runVectors} returns one JSON-ready record of every result.
 */
import {
  base64Decode,
  base64Encode,
  digest,
  hexDecode,
  hexEncode,
  isUtf8,
  latin1Decode,
  latin1Encode,
  utf8ByteLength,
  utf8Decode,
  utf8Encode,
} from '../../src/runtime/bytes/index.js';
import { passwordDigest } from '../../src/runtime/wire/ws-security.js';
import { decodeScalar, encodeScalar } from '../../src/runtime/wire/scalars.js';
import type { ScalarKind } from '../../src/runtime/wire/descriptors.js';
import { decodeBodyLeniently, decodeXmlBody } from '../../src/runtime/xml/xml-decode.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { prng } from '../support/prng.js';

function hex(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += (x + 0x100).toString(16).slice(1);
  return s;
}

function bytes(...parts: (string | number[] | Uint8Array)[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === 'string' ? utf8Encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
    out[2 * i + (bigEndian ? 0 : 1)] = c >> 8;
  }
  return out;
}

/** The outcome of `fn`: its value, or the error's name and message. */
function outcome(fn: () => unknown): unknown {
  try {
    return show(fn());
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

/** A JSON-ready form of a decoded value (bytes as hex, dates as ISO text, bigints as text). */
function show(v: unknown): unknown {
  if (v instanceof Uint8Array) return { bytes: hex(v), plain: v.constructor === Uint8Array };
  if (v instanceof Date) return { date: Number.isNaN(v.getTime()) ? 'invalid' : v.toISOString() };
  if (typeof v === 'bigint') return { bigint: v.toString() };
  if (typeof v === 'number' && !Number.isFinite(v)) return { number: String(v) };
  return v;
}

const DOC = '<a>café € 𝄞</a>';

/** XML bodies: [name, bytes, charset]. */
function xmlCases(): [string, Uint8Array, string | undefined][] {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const printable = all.filter((b) => b >= 0x20 && b !== 0x3c && b !== 0x26);
  const cases: [string, Uint8Array, string | undefined][] = [
    ['utf-8 BOM over a latin1 charset', bytes([0xef, 0xbb, 0xbf], DOC), 'iso-8859-1'],
    ['utf-16le BOM', bytes([0xff, 0xfe], utf16(DOC, false)), 'utf-8'],
    ['utf-16be BOM', bytes([0xfe, 0xff], utf16(DOC, true)), undefined],
    ['plain utf-8', bytes(DOC), undefined],
    ['charset spelled oddly', bytes(DOC), ' UTF8 '],
    ['utf-16be by charset', utf16(DOC, true), 'utf-16be'],
    ['latin1, every printable byte', bytes('<a>', printable, '</a>'), 'ISO-8859-1'],
    ['windows-1252, every printable byte', bytes('<a>', printable, '</a>'), 'windows-1252'],
    ['latin1 0x80-0x9f', bytes('<a>', [0x80, 0x81, 0x8d, 0x9f], '</a>'), 'latin1'],
    ['cp1252 0x80-0x9f', bytes('<a>', [0x80, 0x81, 0x8d, 0x9f], '</a>'), 'cp1252'],
    [
      'declaration ISO-8859-1',
      bytes(`<?xml version="1.0" encoding='ISO-8859-1'?><a>`, [0xe9, 0x80], '</a>'),
      undefined,
    ],
    [
      'declaration windows-1252',
      bytes('<?xml version="1.0" encoding="windows-1252"?><a>', [0x80, 0x99], '</a>'),
      undefined,
    ],
    [
      'declaration overridden by charset',
      bytes(`<?xml version="1.0" encoding='ISO-8859-1'?><a>`, [0xe9], '</a>'),
      'utf-8',
    ],
    ['utf-16le without BOM', utf16(`<?xml version="1.0" encoding="UTF-16"?>${DOC}`, false), undefined],
    ['utf-16be without BOM', utf16(`<?xml version="1.0" encoding="UTF-16"?>${DOC}`, true), undefined],
    ['utf-16 declared on 8-bit bytes', bytes(`<?xml version="1.0" encoding="utf-16"?>${DOC}`), undefined],
    ['us-ascii label on utf-8', bytes(DOC), 'us-ascii'],
    ['invalid utf-8', bytes('<a>', [0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf0, 0x9f], '</a>'), undefined],
    ['a real U+FFFD', bytes('<a>\uFFFD</a>'), 'utf-8'],
    ['utf-16 odd trailing byte', bytes([0xff, 0xfe], utf16('<a/>', false), [0x41]), undefined],
    [
      'utf-16 unpaired surrogate',
      bytes([0xff, 0xfe], utf16('<a>', false), [0x00, 0xd8], utf16('</a>', false)),
      undefined,
    ],
    ['shift_jis', bytes('<a>', [0x82, 0xa0, 0x93, 0xfa], '</a>'), 'shift_jis'],
    ['koi8-r', bytes('<a>', [0xc1, 0xc2], '</a>'), 'koi8-r'],
    ['unknown charset', bytes(DOC), 'x-no-such-charset'],
    ['unknown declared encoding', bytes('<?xml version="1.0" encoding="x-nothing"?><a/>'), undefined],
    ['all 256 bytes as latin1', all, 'iso-8859-1'],
    ['all 256 bytes as windows-1252', all, 'windows-1252'],
    ['all 256 bytes as utf-8', all, undefined],
  ];
  const next = prng(29);
  const pool = [0x00, 0x3c, 0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
  for (let i = 0; i < 200; i++) {
    const b = Uint8Array.from({ length: Math.floor(next() * 16) }, () =>
      next() < 0.5 ? pool[Math.floor(next() * pool.length)]! : Math.floor(next() * 256),
    );
    cases.push([`fuzz ${i}`, b, i % 3 === 0 ? 'iso-8859-1' : undefined]);
  }
  return cases;
}

/** Scalar texts to decode: [kind, text]. */
const DECODE: [ScalarKind, string][] = [
  ['boolean', 'true'],
  ['boolean', ' 0 '],
  ['boolean', 'TRUE'],
  ['int', '-42'],
  ['int', '+007'],
  ['int', '9007199254740993'],
  ['int', '1.0'],
  ['double', '1.5E3'],
  ['double', '-INF'],
  ['double', 'NaN'],
  ['double', '.5'],
  ['double', '1e'],
  ['bigint', '-123456789012345678901234567890'],
  ['integerString', '0042'],
  ['decimalString', '-0.500'],
  ['decimalString', '1.2.3'],
  ['dateTime', '2024-02-29T23:59:59.123+05:30'],
  ['dateTime', '2023-02-29T00:00:00Z'],
  ['dateTime', '2024-01-01T24:00:00Z'],
  ['dateTime', '0001-01-01T00:00:00'],
  ['dateTime', '2024-06-01T12:00:00.1234567Z'],
  ['base64', 'AAECAwQFBgcICQoLDA0ODw=='],
  ['base64', ' AAEC\r\nAwQF '],
  ['base64', 'AAE'],
  ['base64', 'AA=A'],
  ['base64', '-_8='],
  ['hex', '00ff7F80'],
  ['hex', 'abc'],
  ['hex', 'zz'],
  ['qname', 'p:local'],
  ['string', '  kept  as is '],
];

/** Scalar values to encode: [kind, value]. */
const ENCODE: [ScalarKind, unknown][] = [
  ['boolean', false],
  ['int', -42],
  ['int', 2 ** 53],
  ['double', 0.1 + 0.2],
  ['double', Number.NEGATIVE_INFINITY],
  ['double', -0],
  ['bigint', 10n ** 30n],
  ['dateTime', new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 123))],
  ['dateTime', '2024-02-30T00:00:00Z'],
  ['base64', Uint8Array.from({ length: 256 }, (_, i) => i)],
  ['base64', new Uint8Array(0)],
  ['hex', Uint8Array.from([0, 1, 0xab, 0xff])],
  ['string', 'x'],
  ['int', 'not a number'],
];

/** Every result, keyed by section and case. */
export async function runVectors(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, b, charset] of xmlCases()) {
    out[`xml ${name}`] = [outcome(() => decodeXmlBody(b, charset)), outcome(() => decodeBodyLeniently(b, charset))];
  }
  for (const [kind, text] of DECODE)
    out[`decode ${kind} ${JSON.stringify(text)}`] = outcome(() => decodeScalar(kind, text));
  const scope = parseXml('<r xmlns:p="urn:p"/>');
  out['decode qname in scope'] = outcome(() => decodeScalar('qname', 'p:x', scope));
  out['decode qname undeclared'] = outcome(() => decodeScalar('qname', 'q:x', scope));
  for (const [i, [kind, value]] of ENCODE.entries())
    out[`encode ${i} ${kind}`] = outcome(() => encodeScalar(kind, value));
  // Byte functions on fixed and generated inputs.
  const next = prng(7);
  for (let i = 0; i < 40; i++) {
    const b = Uint8Array.from({ length: Math.floor(next() * 70) }, () => Math.floor(next() * 256));
    const b64 = base64Encode(b);
    let text = '';
    for (let j = 0; j < 12; j++) text += String.fromCharCode(Math.floor(next() ** 3 * 0xffff));
    out[`bytes ${i}`] = {
      base64: b64,
      roundTrip: hex(base64Decode(b64)) === hex(b),
      hex: hexEncode(b),
      fromHex: hex(hexDecode(hexEncode(b))),
      latin1: latin1Decode(b),
      latin1Back: hex(latin1Encode(latin1Decode(b))),
      utf8: utf8Decode(b),
      isUtf8: isUtf8(b),
      utf8Of: hex(utf8Encode(text)),
      utf8Length: utf8ByteLength(text),
    };
  }
  out['base64 refused'] = ['Zm9v!', 'Z', 'Zg==Zg=='].map((t) => outcome(() => base64Decode(t)));
  out['sha-1'] = hex(await digest('SHA-1', 'abc'));
  out['sha-256'] = hex(await digest('SHA-256', utf8Encode('abc')));
  // The ONVIF UsernameToken vector (WS-Security PasswordDigest).
  out['password digest'] = await passwordDigest(
    base64Decode('LKqI6G/AikKCQrN0zqZFlg=='),
    '2010-09-16T07:50:45Z',
    'userpassword',
  );
  return out;
}
