/** Decoding XML message bodies (src/runtime/xml/xml-decode.ts): RFC 7303 §3 and XML 1.0 Appendix F. */
import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  decodeBodyLeniently,
  decodeXmlBody,
  ENCODING_DECIDED_BY,
  isSupportedCharset,
  XmlEncodingError,
  XmlTextAsRead,
} from '../../src/runtime/xml/xml-decode.js';

const DOC = '<a>café €</a>';

function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

function problemOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof XmlEncodingError) return `${err.problem}: ${err.message}`;
    throw err;
  }
  return 'no error';
}

describe('decodeXmlBody', () => {
  it('lets a byte order mark win over the charset parameter', () => {
    expect(decodeXmlBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(DOC)]), 'iso-8859-1')).toBe(DOC);
    expect(decodeXmlBody(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DOC, 'utf16le')]), 'utf-8')).toBe(DOC);
    expect(decodeXmlBody(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(DOC)]), undefined)).toBe(DOC);
  });

  it('follows the charset parameter, in any spelling', () => {
    expect(decodeXmlBody(Buffer.from('<a>café</a>', 'latin1'), 'ISO-8859-1')).toBe('<a>café</a>');
    expect(decodeXmlBody(Buffer.from(DOC), ' UTF8 ')).toBe(DOC);
    expect(decodeXmlBody(utf16be(DOC), 'utf-16be')).toBe(DOC);
    expect(decodeXmlBody(Buffer.from([0x3c, 0x61, 0x3e, 0x80, 0x3c, 0x2f, 0x61, 0x3e]), 'windows-1252')).toBe(
      '<a>€</a>',
    );
  });

  it('reads the XML declaration when the content type names no charset', () => {
    const latin1 = Buffer.from(`<?xml version="1.0" encoding='ISO-8859-1'?><a>café</a>`, 'latin1');
    expect(decodeXmlBody(latin1, undefined)).toBe(`<?xml version="1.0" encoding='ISO-8859-1'?><a>café</a>`);
    // The charset parameter wins over the declaration (RFC 7303 §3.2).
    expect(problemOf(() => decodeXmlBody(latin1, 'utf-8'))).toBe('malformed: the body is not valid UTF-8');
  });

  it('recognises UTF-16 without a byte order mark by the bytes of "<?"', () => {
    const decl = '<?xml version="1.0" encoding="UTF-16"?>';
    expect(decodeXmlBody(Buffer.from(decl + DOC, 'utf16le'), undefined)).toBe(decl + DOC);
    expect(decodeXmlBody(utf16be(decl + DOC), undefined)).toBe(decl + DOC);
  });

  it('reads a UTF-16 declaration on 8-bit bytes as UTF-8 (a common mislabelling)', () => {
    const text = `<?xml version="1.0" encoding="utf-16"?>${DOC}`;
    expect(decodeXmlBody(Buffer.from(text), undefined)).toBe(text);
  });

  it('refuses malformed bytes instead of replacing them', () => {
    expect(
      problemOf(() => decodeXmlBody(Buffer.from([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]), undefined)),
    ).toBe('malformed: the body is not valid UTF-8');
    expect(problemOf(() => decodeXmlBody(Buffer.from([0xef, 0xbb, 0xbf, 0xff]), undefined))).toMatch(/^malformed/);
  });

  it('refuses exactly the ill-formed UTF-8 that isUtf8 refuses, and keeps a real U+FFFD (fuzzed)', () => {
    // The decoder checks bytes only when the text holds U+FFFD: every ill-formed sequence must show one.
    let seed = 12345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const pieces = [
      [0x61],
      [0x3c],
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x98, 0x80],
      [0xef, 0xbf, 0xbd],
      [0x80],
      [0xbf],
      [0xc0, 0xaf],
      [0xc3],
      [0xe2, 0x82],
      [0xed, 0xa0, 0x80],
      [0xed, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
      [0xfe],
      [0xff],
      [0xe0, 0x80, 0x80],
      [0xf0, 0x8f, 0xbf, 0xbf],
    ];
    let malformed = 0;
    for (let i = 0; i < 20000; i++) {
      const bytes: number[] = [];
      const n = 1 + next(6);
      for (let k = 0; k < n; k++) bytes.push(...(next(3) === 0 ? [next(256)] : pieces[next(pieces.length)]!));
      const buf = Buffer.from(bytes);
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) continue;
      if (buf[0] === 0xff && buf[1] === 0xfe) continue;
      if (buf[0] === 0xfe && buf[1] === 0xff) continue;
      const got = problemOf(() => decodeXmlBody(buf, 'utf-8'));
      if (isUtf8(buf)) expect(decodeXmlBody(buf, 'utf-8')).toBe(buf.toString('utf8'));
      else {
        malformed++;
        expect(got).toBe('malformed: the body is not valid UTF-8');
      }
    }
    expect(malformed).toBeGreaterThan(5000);
    expect(decodeXmlBody(Buffer.from('<a>\uFFFD</a>'), undefined)).toBe('<a>\uFFFD</a>');
  });

  it('reads an ASCII label as UTF-8, its superset (mislabelled UTF-8 reads right; invalid bytes are refused)', () => {
    expect(decodeXmlBody(Buffer.from('<a>é</a>'), 'us-ascii')).toBe('<a>é</a>');
    expect(decodeXmlBody(Buffer.from('<?xml version="1.0" encoding="US-ASCII"?><a>é</a>'), undefined)).toBe(
      '<?xml version="1.0" encoding="US-ASCII"?><a>é</a>',
    );
    expect(problemOf(() => decodeXmlBody(Buffer.from([0x3c, 0x61, 0x3e, 0xe9]), 'ascii'))).toMatch(/^malformed/);
  });

  it('refuses UTF-16 with an odd trailing byte or an unpaired surrogate', () => {
    const odd = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a/>', 'utf16le'), Buffer.from([0x41])]);
    expect(problemOf(() => decodeXmlBody(odd, undefined))).toBe('malformed: the body is not valid UTF-16LE');
    const lone = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<a>', 'utf16le'),
      Buffer.from([0x00, 0xd8]),
      Buffer.from('</a>', 'utf16le'),
    ]);
    expect(problemOf(() => decodeXmlBody(lone, undefined))).toMatch(/^malformed/);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('<a/>', 'utf16le').swap16(), Buffer.from([0x41])]);
    expect(problemOf(() => decodeXmlBody(be, undefined))).toBe('malformed: the body is not valid UTF-16BE');
  });

  it('refuses encodings it cannot decode, from the parameter or the declaration', () => {
    expect(problemOf(() => decodeXmlBody(Buffer.from(DOC), 'x-klingon'))).toBe(
      'unsupported: unsupported charset "x-klingon"',
    );
    expect(
      problemOf(() => decodeXmlBody(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><a/>'), undefined)),
    ).toBe('unsupported: unsupported encoding "x-klingon" in the XML declaration');
    expect(isSupportedCharset('x-klingon')).toBe(false);
    expect(isSupportedCharset('Shift_JIS')).toBe(true);
  });
});

describe('decodeBodyLeniently', () => {
  it('never throws: malformed bytes become U+FFFD, an unknown charset reads as ISO-8859-1', () => {
    expect(decodeBodyLeniently(Buffer.from([0x61, 0xe9]), undefined)).toBe('a\uFFFD');
    expect(decodeBodyLeniently(Buffer.from([0x61, 0xe9]), 'x-klingon')).toBe('aé');
    expect(decodeBodyLeniently(Buffer.from(DOC), undefined)).toBe(DOC);
  });
});

/** The text of `pieces` read by XmlTextAsRead (the first piece decides), or `undefined` where it declines. */
function readAsItArrives(pieces: readonly Uint8Array[], charset: string | undefined): string | undefined {
  const text = XmlTextAsRead.start(pieces[0]!, charset);
  if (text === undefined) return undefined;
  for (const piece of pieces) if (!text.push(piece)) return undefined;
  return text.end();
}

/** `bytes` cut at `cuts` (ascending, inside the bytes). */
function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const c of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(from, c));
    from = c;
  }
  return pieces;
}

describe('XmlTextAsRead: the text of a UTF-8 body decoded piece by piece', () => {
  const PAD = `<!--${'-'.repeat(ENCODING_DECIDED_BY)}-->`;

  it('gives the text decodeXmlBody gives, characters split between pieces included, and a byte order mark removed', () => {
    const text = `${PAD}<a>café € 😀 \u00ff</a>`;
    const bytes = Buffer.from(text);
    // Every cut after the first 256 bytes, inside the 2-, 3- and 4-byte characters too.
    for (let cut = ENCODING_DECIDED_BY; cut < bytes.length; cut++)
      expect(readAsItArrives(cutAt(bytes, [cut]), undefined), `cut at ${cut}`).toBe(text);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    expect(readAsItArrives(cutAt(bom, [300, 301, 302]), 'iso-8859-1')).toBe(decodeXmlBody(bom, 'iso-8859-1'));
    expect(readAsItArrives(cutAt(bom, [300]), undefined)).toBe(text);
  });

  it('declines what is not read as UTF-8, and what it cannot tell from its first piece', () => {
    const latin1 = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${PAD}<a>é</a>`, 'latin1');
    expect(XmlTextAsRead.start(latin1, undefined)).toBeUndefined();
    const utf8 = Buffer.from(`${PAD}<a>é</a>`);
    expect(XmlTextAsRead.start(utf8, 'windows-1252')).toBeUndefined();
    expect(XmlTextAsRead.start(utf8, 'x-klingon')).toBeUndefined();
    expect(XmlTextAsRead.start(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PAD, 'utf16le')]), 'utf-8')).toBe(
      undefined,
    );
    expect(XmlTextAsRead.start(Buffer.from(`<?xml version="1.0"?>${PAD}`, 'utf16le'), undefined)).toBeUndefined();
    // The declaration may lie beyond a short first piece.
    expect(XmlTextAsRead.start(utf8.subarray(0, ENCODING_DECIDED_BY - 1), undefined)).toBeUndefined();
    expect(XmlTextAsRead.start(utf8, undefined)).toBeInstanceOf(XmlTextAsRead);
    expect(XmlTextAsRead.start(utf8, ' UTF-8 ')).toBeInstanceOf(XmlTextAsRead);
  });

  it('gives up on U+FFFD: bytes not valid in UTF-8 (refused by decodeXmlBody), or a U+FFFD of the text', () => {
    const ok = Buffer.from(`${PAD}<a>é</a>`);
    const bad = Buffer.concat([ok, Buffer.from([0xe9, 0x3c])]);
    expect(readAsItArrives(cutAt(bad, [ENCODING_DECIDED_BY]), undefined)).toBeUndefined();
    expect(problemOf(() => decodeXmlBody(bad, undefined))).toMatch(/^malformed/);
    expect(readAsItArrives(cutAt(Buffer.from(`${PAD}<a>\uFFFD</a>`), [300]), undefined)).toBeUndefined();
    // A body that ends inside a character.
    expect(readAsItArrives(cutAt(Buffer.concat([ok, Buffer.from([0xe2, 0x82])]), [300]), undefined)).toBeUndefined();
  });

  it('never gives another text than decodeXmlBody, and reads every valid UTF-8 body (fuzzed pieces)', () => {
    let seed = 4242;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const valid = [[0x61], [0x3c], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80]];
    // Now and then: U+FFFD itself, or bytes not valid in UTF-8.
    const rare = [[0xef, 0xbf, 0xbd], [0x80], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0x80, 0x80]];
    const heads = [
      '',
      '\ufeff',
      '<?xml version="1.0"?>',
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="utf-16"?>',
      "<?xml version='1.0' encoding='ISO-8859-1'?>",
    ];
    const charsets = [undefined, 'utf-8', 'UTF8', 'iso-8859-1', 'us-ascii'];
    let read = 0;
    let readable = 0;
    for (let i = 0; i < 3000; i++) {
      const bytes: number[] = [...Buffer.from(heads[next(heads.length)]! + PAD)];
      const n = 1 + next(40);
      for (let k = 0; k < n; k++)
        bytes.push(...(next(80) === 0 ? rare[next(rare.length)]! : valid[next(valid.length)]!));
      const buf = Buffer.from(bytes);
      const cuts = [...new Set(Array.from({ length: next(5) }, () => ENCODING_DECIDED_BY + next(buf.length - 256)))]
        .filter((c) => c > ENCODING_DECIDED_BY && c < buf.length)
        .sort((a, b) => a - b);
      const charset = charsets[next(charsets.length)];
      const got = readAsItArrives(cutAt(buf, [ENCODING_DECIDED_BY, ...cuts]), charset);
      let whole: string | undefined;
      try {
        whole = decodeXmlBody(buf, charset);
      } catch {
        whole = undefined;
      }
      if (got !== undefined) {
        read++;
        expect(got).toBe(whole);
      }
      // Valid UTF-8 without U+FFFD, which decodeXmlBody reads as UTF-8 (no Latin-1 label without a byte order mark): read piece by piece.
      const asUtf8 = charset !== 'iso-8859-1' && !(charset === undefined && buf.includes('ISO-8859-1'));
      if (asUtf8 && isUtf8(buf) && !buf.toString('utf8').includes('\uFFFD')) {
        readable++;
        expect(got, `body ${i}`).toBeDefined();
      }
    }
    expect(readable).toBeGreaterThan(500);
    expect(read).toBeGreaterThanOrEqual(readable);
  });
});
