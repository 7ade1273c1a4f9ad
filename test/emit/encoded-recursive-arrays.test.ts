/**
 * Recursive SOAP-encoded arrays through records (SOAP 1.1 §5.4.2): a category that holds its
 * children as a `soapenc:Array` of categories (Magento v2's catalogCategoryEntity and
 * ArrayOfCatalogCategoryEntities), and sections of pages of sections through two arrays
 * (Omniture's shape), in this repository's contract test/corpus/local/encoded/category-tree.wsdl.
 * The generated types are recursive, compile under strict flags, and the generated client and
 * server exchange whole trees over SOAP 1.1. An array that is its own item through arrays only
 * (`Ping` of `Pong`s of `Ping`s) stays refused with a located error.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../src/emit/index.js';
import { compileTree, generate, ROOT, writeTree } from './helpers.js';
import { type RecordingServer, startRecordingServer } from './recording-server.js';

const WSDL = 'test/corpus/local/encoded/category-tree.wsdl';
const OUT = path.join(ROOT, 'test/tmp/roundtrip/encoded-recursive-arrays');

interface Category {
  category_id: number;
  name: string;
  is_active?: number;
  children?: Category[];
}
interface Section {
  title: string;
  pages: { url: string; sections: Section[] }[];
}
interface Client {
  catalogCategoryTree(input: { sessionId: string | null; parentId: string | null }): Promise<unknown>;
  reportOutline(input: { sections: Section[] | null }): Promise<unknown>;
}
interface CatalogModule {
  CatalogServiceClient: new (options: { baseUrl: string }) => Client;
  createCatalogServiceHandler: (impl: object) => (req: unknown, res: unknown) => void;
}

const TREE: { category_id: number; children: Category[] } = {
  category_id: 1,
  children: [
    {
      category_id: 2,
      name: 'Tea',
      is_active: 1,
      children: [
        { category_id: 4, name: 'Green', children: [{ category_id: 6, name: 'Sencha', children: [] }] },
        { category_id: 5, name: 'Black & Smoky' },
      ],
    },
    { category_id: 3, name: 'Cups', children: [] },
  ],
};

const OUTLINE: Section[] = [
  {
    title: 'Traffic',
    pages: [
      { url: '/a', sections: [{ title: 'Sources', pages: [{ url: '/a/s', sections: [] }] }] },
      { url: '/b', sections: [] },
    ],
  },
];

let files: GeneratedFile[];
let server: RecordingServer;
let baseUrl: string;
let mod: CatalogModule;
/** Request and response bodies, in order. */
const wire: string[] = [];
const asked: unknown[] = [];

beforeAll(async () => {
  files = await generate(WSDL, 'category-tree.wsdl');
  writeTree(OUT, files);
  mod = (await import(path.join(OUT, 'index.ts'))) as CatalogModule;
  const handler = mod.createCatalogServiceHandler({
    catalogCategoryTree: async (input: unknown) => {
      asked.push(input);
      return TREE;
    },
    reportOutline: async (input: { sections: Section[] | null }) => input.sections,
  });
  server = await startRecordingServer(handler, wire);
  baseUrl = server.baseUrl;
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe('recursive SOAP-encoded arrays through records', () => {
  it('types them as recursive types, and the code compiles under strict flags', () => {
    const text = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(text).toContain('export type ArrayOfCatalogCategoryEntities = CatalogCategoryEntity[];');
    expect(text).toMatch(/export interface CatalogCategoryEntity \{[^}]*children\?: ArrayOfCatalogCategoryEntities;/s);
    expect(text).toContain('export type ReportSection_array = ReportSection[];');
    expect(text).toContain('export type ReportPage_array = ReportPage[];');
    const usage = [
      "import type { CatalogCategoryTree, ReportSection_array } from './types.js';",
      `export const tree: CatalogCategoryTree = ${JSON.stringify(TREE)};`,
      `export const outline: ReportSection_array = ${JSON.stringify(OUTLINE)};`,
      '// @ts-expect-error: children are categories, not names',
      "export const bad: CatalogCategoryTree = { category_id: 1, children: ['Tea'] };",
      '',
    ].join('\n');
    expect(
      compileTree(path.join(ROOT, 'test/tmp/compile/encoded-recursive-arrays'), [
        ...files,
        { path: 'usage.ts', content: usage },
      ]),
    ).toEqual([]);
  }, 120_000);

  it('round-trips a category tree three levels deep between the generated client and server', async () => {
    wire.length = 0;
    const client = new mod.CatalogServiceClient({ baseUrl });
    expect(await client.catalogCategoryTree({ sessionId: 's', parentId: '1' })).toEqual(TREE);
    expect(asked).toEqual([{ sessionId: 's', parentId: '1' }]);
    const response = wire[1] ?? '';
    // Each level is a soapenc:Array of categories with its own size.
    expect(response).toMatch(/<children [^>]*soapenc:arrayType="ns\d:catalogCategoryEntity\[2\]">/);
    expect(response).toMatch(/<children soapenc:arrayType="ns\d:catalogCategoryEntity\[1\]">/);
    expect(response).toMatch(/<children soapenc:arrayType="ns\d:catalogCategoryEntity\[0\]"\/>/);
    expect(response).toContain('<name>Black &amp; Smoky</name>');
  });

  it('round-trips sections of pages of sections (two arrays through records)', async () => {
    const client = new mod.CatalogServiceClient({ baseUrl });
    expect(await client.reportOutline({ sections: OUTLINE })).toEqual(OUTLINE);
  });

  it('refuses an array that is its own item through arrays only, with a located error', async () => {
    await expect(generate('test/emit/fixtures/encoded-arrays/array-pair.wsdl', 'array-pair.wsdl')).rejects.toThrow(
      /array-pair\.wsdl:\d+:\d+: SOAP array (Ping|Pong) is an array of itself \(its wsdl:arrayType leads back to it through arrays only\)/,
    );
  });
});
