/**
 * Ordered repeated groups and mixed content (issue 16, item 4): a repeated
 * `xsd:choice`/`xsd:sequence` with several element names is one array of tagged
 * items read in document order and written in array order (EWS's `FolderIds`
 * mixing `FolderId` and `DistinguishedFolderId`); a `mixed="true"` type keeps its
 * text between the child elements. Codec round trips, the TypeScript the items
 * get, and the generated client and server over SOAP (127.0.0.1, ephemeral port).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readComplexContent, writeComplexContent } from '../../src/runtime/wire/codec.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { DecodeError, EncodeError } from '../../src/runtime/wire/scalars.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { compileTree, generate, ROOT, serviceTypes, writeTree } from './helpers.js';

const WSDL = 'test/emit/fixtures/ordered.wsdl';
const NS = 'urn:ordered';

let types: ServiceDesc['types'];
beforeAll(async () => {
  types = await serviceTypes(WSDL);
});

/** The registry key of the complex type named `name`. */
function keyOf(name: string): string {
  const key = Object.keys(types).find((k) => types[k]?.name === name);
  if (key === undefined) throw new Error(`no type ${name}`);
  return key;
}

function read(xml: string, type: string): unknown {
  return readComplexContent(parseXml(xml), keyOf(type), types, 'root');
}

/** `value` written as the content of `<root>` (the default namespace declared on it). */
function write(value: unknown, type: string): string {
  const w = new XmlWriter();
  w.start(NS, 'root');
  writeComplexContent(w, value, keyOf(type), types, 'root');
  w.end();
  return w.toString();
}

/** Reads `inner` as the content of `<root>` and writes the value back. */
function roundTrip(inner: string, type: string): { value: unknown; xml: string } {
  const value = read(`<root xmlns="${NS}">${inner}</root>`, type);
  const xml = write(value, type);
  return { value, xml: xml.replace(/^<root[^>]*>/, '').replace(/<\/root>$/, '') };
}

const FOLDER_IDS =
  '<DistinguishedFolderId Id="inbox"/><FolderId Id="a"/><DistinguishedFolderId Id="drafts"/><FolderId Id="b" ChangeKey="k"/>';

describe('an ordered repeated choice (EWS FolderIds)', () => {
  it('reads the items in document order and writes them back in that order', () => {
    const { value, xml } = roundTrip(FOLDER_IDS, 'NonEmptyArrayOfBaseFolderIdsType');
    expect(value).toEqual([
      { DistinguishedFolderId: { Id: 'inbox' } },
      { FolderId: { Id: 'a' } },
      { DistinguishedFolderId: { Id: 'drafts' } },
      { FolderId: { Id: 'b', ChangeKey: 'k' } },
    ]);
    expect(xml).toBe(FOLDER_IDS);
  });

  it('writes the items in array order', () => {
    const xml = write(
      [{ FolderId: { Id: 'z' } }, { DistinguishedFolderId: { Id: 'inbox' } }, { FolderId: { Id: 'y' } }],
      'NonEmptyArrayOfBaseFolderIdsType',
    );
    expect(xml).toContain('<FolderId Id="z"/><DistinguishedFolderId Id="inbox"/><FolderId Id="y"/>');
  });

  it('refuses an item with two elements, a value that is no array, and a missing required group', () => {
    expect(() =>
      write([{ FolderId: { Id: 'a' }, DistinguishedFolderId: { Id: 'inbox' } }], 'NonEmptyArrayOfBaseFolderIdsType'),
    ).toThrow(/only one of FolderId and DistinguishedFolderId/);
    expect(() => write({ FolderId: [{ Id: 'a' }] }, 'NonEmptyArrayOfBaseFolderIdsType')).toThrow(EncodeError);
    expect(() => read(`<root xmlns="${NS}"/>`, 'NonEmptyArrayOfBaseFolderIdsType')).toThrow(DecodeError);
    expect(() => read(`<root xmlns="${NS}"/>`, 'NonEmptyArrayOfBaseFolderIdsType')).toThrow(
      /missing required element \(one of FolderId, DistinguishedFolderId\)/,
    );
  });
});

describe('an ordered repeated sequence with a repeated choice nested in it', () => {
  const SETTINGS =
    '<Name>n</Name><Key>k1</Key><Num>1</Num><Text>x</Text><Num>2</Num><Key>k2</Key><Text>y</Text>' +
    '<Other>5</Other><Tag>t1</Tag><Tag>t2</Tag>';

  it('splits the occurrences where a sequence starts again and keeps the nested order', () => {
    const { value, xml } = roundTrip(SETTINGS, 'Settings');
    expect(value).toEqual({
      Name: 'n',
      $items: [
        { Key: 'k1', $items: [{ Num: 1 }, { Text: 'x' }, { Num: 2 }] },
        { Key: 'k2', $items: [{ Text: 'y' }] },
      ],
      Other: 5,
      Tag: ['t1', 't2'],
    });
    expect(xml).toBe(SETTINGS);
  });

  it('keeps a single choice and a repeated sequence of one element in their plain shapes', () => {
    const value = read(`<root xmlns="${NS}"><Name>n</Name><Single>s</Single><Tag>t</Tag></root>`, 'Settings');
    expect(value).toEqual({ Name: 'n', $items: [], Single: 's', Tag: ['t'] });
  });

  it('names the occurrence of a bad value in the error path', () => {
    expect(() =>
      read(`<root xmlns="${NS}"><Name>n</Name><Key>k</Key><Num>x</Num><Single>s</Single></root>`, 'Settings'),
    ).toThrow(/root\/\$items\[0\]\/\$items\[0\]\/Num/);
  });
});

describe('mixed content', () => {
  it('keeps the text between the child elements and round-trips exactly', () => {
    const inner = 'Hello <b>bold</b> and <link href="u">a &amp; link</link>,\n  <b>again</b>!';
    const { value, xml } = roundTrip(inner, 'Para');
    expect(value).toEqual({
      $mixed: [
        'Hello ',
        { b: 'bold' },
        ' and ',
        { link: { href: 'u', $value: 'a & link' } },
        ',\n  ',
        { b: 'again' },
        '!',
      ],
    });
    expect(xml).toBe(inner);
  });

  it('writes strings as text (escaped) and objects as elements, in array order', () => {
    const xml = write({ lang: 'en', $mixed: [{ b: '1' }, ' < 2 ', { b: '3' }] }, 'Para');
    expect(xml).toBe(`<root xmlns="${NS}" lang="en"><b>1</b> &lt; 2 <b>3</b></root>`);
  });

  it('leaves simple content alone: a $value, no $mixed', () => {
    const link = types[Object.keys(types).find((k) => types[k]?.fields.length === 0 && types[k]?.text)!];
    expect(link?.text?.prop).toBe('$value');
  });
});

describe('the TypeScript of ordered items', () => {
  it('accepts one element per item and refuses two, or a bare object', { timeout: 120_000 }, async () => {
    const files = await generate(WSDL, 'ordered.wsdl');
    const usage = [
      "import type { NonEmptyArrayOfBaseFolderIdsType, Para, Settings } from './types.js';",
      "export const a: NonEmptyArrayOfBaseFolderIdsType = [{ FolderId: { Id: 'a' } }, { DistinguishedFolderId: { Id: 'inbox' } }];",
      "export const s: Settings = { Name: 'n', $items: [{ Key: 'k', $items: [{ Num: 1 }, { Text: 't' }] }], Other: 1, Tag: [] };",
      "export const p: Para = { $mixed: ['x', { b: 'y' }, { link: { $value: 'z' } }] };",
      'for (const item of a) {',
      '  if (item.FolderId !== undefined) item.FolderId.Id satisfies string;',
      "  else item.DistinguishedFolderId.Id satisfies 'inbox' | 'drafts';",
      '}',
      '// @ts-expect-error two elements in one item',
      "export const b: NonEmptyArrayOfBaseFolderIdsType = [{ FolderId: { Id: 'a' }, DistinguishedFolderId: { Id: 'inbox' } }];",
      '// @ts-expect-error the items are an array, not an object of arrays',
      "export const c: NonEmptyArrayOfBaseFolderIdsType = { FolderId: [{ Id: 'a' }] };",
      '// @ts-expect-error an item sets one element',
      'export const d: NonEmptyArrayOfBaseFolderIdsType = [{}];',
      '// @ts-expect-error mixed items are strings or one element',
      "export const e: Para = { $mixed: [{ b: 'y', link: { $value: 'z' } }] };",
      '',
    ].join('\n');
    const errors = compileTree(path.join(ROOT, 'test/tmp/compile/ordered-usage'), [
      ...files,
      { path: 'usage.ts', content: usage },
    ]);
    expect(errors).toEqual([]);
  });
});

interface OrderedModule {
  OrderedClient: new (options: {
    baseUrl: string;
    binding: string;
  }) => {
    echo(input: unknown): Promise<unknown>;
  };
  createOrderedHandler: (impl: object) => (req: unknown, res: unknown) => void;
}

describe('the generated client and server over SOAP', () => {
  const OUT = path.join(ROOT, 'test/tmp/roundtrip/ordered');
  let server: Server;
  let baseUrl: string;
  let mod: OrderedModule;
  const received: unknown[] = [];

  beforeAll(async () => {
    writeTree(OUT, await generate(WSDL, 'ordered.wsdl'));
    mod = (await import(path.join(OUT, 'index.ts'))) as OrderedModule;
    const handler = mod.createOrderedHandler({
      async echo(input: unknown) {
        received.push(input);
        return input;
      },
    });
    server = createServer(handler as Parameters<typeof createServer>[1]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it.each(['soap11', 'soap12'])('keeps the order of items and mixed text both ways over %s', async (binding) => {
    const client = new mod.OrderedClient({ baseUrl, binding });
    // Same shape many times with other texts: the server's decode plans must give each request's own values.
    for (let i = 0; i < 6; i++) {
      const input = {
        FolderIds: [
          { DistinguishedFolderId: { Id: i % 2 === 0 ? 'inbox' : 'drafts' } },
          { FolderId: { Id: `f${i}` } },
          { DistinguishedFolderId: { Id: 'drafts' } },
        ],
        Settings: {
          Name: `n${i}`,
          $items: [{ Key: `k${i}`, $items: [{ Text: `t${i}` }, { Num: i }] }],
          Other: i,
          Tag: [`x${i}`],
        },
        Para: { lang: 'en', $mixed: [`Hello ${i} `, { b: `b${i}` }, ` & bye ${i}`] },
      };
      received.length = 0;
      expect(await client.echo(input)).toEqual(input);
      expect(received).toEqual([input]);
    }
  });
});
