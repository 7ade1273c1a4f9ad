import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeXmlBytes } from '../../src/load/decode.js';
import { loadDocuments } from '../../src/load/index.js';
import { textOf, childElements } from '../../src/runtime/xml/xml-parse.js';
import { expectWsdlcError, wsdl, writeTree, type TempTree } from './helpers.js';

/** A WSDL whose wsdl:documentation holds non-ASCII text. */
function docWsdl(text: string, encoding: string): string {
  return wsdl(`<wsdl:documentation>${text}</wsdl:documentation>`, `<?xml version="1.0" encoding="${encoding}"?>\n`);
}

function utf16be(s: string): Buffer {
  const le = Buffer.from(s, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1]!;
    be[i + 1] = le[i]!;
  }
  return be;
}

const word = 'Café Müller – 日本';
let tree: TempTree;

beforeAll(async () => {
  tree = await writeTree({
    'utf8.wsdl': Buffer.from(docWsdl(word, 'utf-8'), 'utf8'),
    'utf8-bom.wsdl': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(docWsdl(word, 'utf-8'), 'utf8')]),
    'no-decl.wsdl': Buffer.from(wsdl(`<wsdl:documentation>${word}</wsdl:documentation>`, ''), 'utf8'),
    'utf16le.wsdl': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(docWsdl(word, 'utf-16'), 'utf16le')]),
    'utf16be.wsdl': Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(docWsdl(word, 'utf-16'))]),
    'utf16le-nobom.wsdl': Buffer.from(docWsdl(word, 'UTF-16'), 'utf16le'),
    'latin1.wsdl': Buffer.from(docWsdl('Café Müller ©', 'ISO-8859-1'), 'latin1'),
    'cp1252.wsdl': Buffer.concat([
      Buffer.from(docWsdl('PRICE', 'windows-1252').split('PRICE')[0]!, 'latin1'),
      Buffer.from([0x80, 0x20, 0x93, 0x71, 0x94]),
      Buffer.from(docWsdl('PRICE', 'windows-1252').split('PRICE')[1]!, 'latin1'),
    ]),
    'unknown.wsdl': Buffer.from(docWsdl('x', 'x-klingon'), 'utf8'),
    'bad-utf8.wsdl': Buffer.concat([
      Buffer.from(
        '<?xml version="1.0" encoding="utf-8"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n  <wsdl:documentation>ab',
        'utf8',
      ),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('</wsdl:documentation></wsdl:definitions>', 'utf8'),
    ]),
  });
});
afterAll(async () => {
  await tree.remove();
});

async function documentation(file: string): Promise<string> {
  const set = await loadDocuments(file, { cwd: tree.dir });
  const doc = childElements(set.main.root, 'http://schemas.xmlsoap.org/wsdl/', 'documentation')[0];
  if (!doc) throw new Error('no documentation element');
  return textOf(doc);
}

describe('loadDocuments: decoding (XML 1.0 §4.3.3, Appendix F)', () => {
  it.each([
    ['utf8.wsdl'],
    ['utf8-bom.wsdl'],
    ['no-decl.wsdl'],
    ['utf16le.wsdl'],
    ['utf16be.wsdl'],
    ['utf16le-nobom.wsdl'],
  ])('decodes %s', async (file) => {
    expect(await documentation(file)).toBe(word);
  });

  it('keeps the decoded text without a BOM', async () => {
    const set = await loadDocuments('utf16le.wsdl', { cwd: tree.dir });
    expect(set.main.text.startsWith('<?xml')).toBe(true);
    expect(set.main.text).toContain(word);
  });

  it('decodes ISO-8859-1 per the XML declaration', async () => {
    expect(await documentation('latin1.wsdl')).toBe('Café Müller ©');
  });

  it('decodes windows-1252 per the XML declaration', async () => {
    expect(await documentation('cp1252.wsdl')).toBe('€ “q”');
  });

  it('rejects an unknown encoding at the declaration', async () => {
    const err = await expectWsdlcError(loadDocuments('unknown.wsdl', { cwd: tree.dir }));
    expect(err.message).toBe('unknown.wsdl:1:31: unknown or unsupported encoding "x-klingon" in the XML declaration');
  });

  it('rejects bytes that are not UTF-8 with their position', async () => {
    const err = await expectWsdlcError(loadDocuments('bad-utf8.wsdl', { cwd: tree.dir }));
    expect(err.diagnostics[0]?.location).toEqual({ file: 'bad-utf8.wsdl', line: 3, column: 25 });
    expect(err.message).toMatch(/not valid UTF-8/);
  });

  it('reports the encoding it used', () => {
    expect(decodeXmlBytes(Buffer.from('<?xml version="1.0" encoding="Latin1"?><a/>'), 'x').encoding).toBe('iso-8859-1');
    expect(decodeXmlBytes(Buffer.from('<a/>'), 'x').encoding).toBe('utf-8');
    expect(decodeXmlBytes(Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?><a/>'), 'x').encoding).toBe(
      'shift_jis',
    );
  });
});
