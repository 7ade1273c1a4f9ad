/**
 * xsd:redefine end to end (XML Schema 1.0 Part 1 §4.2.2): the generated types are the redefinitions
 * (an extended Person, a restricted Address, a narrowed RelType enumeration, a group and an attribute
 * group grown by their redefinitions), the code compiles under strict flags, and the generated client
 * and server exchange them over 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../src/emit/index.js';
import { compileTree, generate, ROOT, writeTree } from './helpers.js';

const WSDL = 'test/emit/fixtures/redefine/redefine.wsdl';
const OUT = path.join(ROOT, 'test/tmp/roundtrip/redefine');

const CARD = {
  holder: { id: 7, vip: true, firstName: 'Ada', lastName: 'Lovelace', country: 'UK' },
  rel: 'option',
  address: { kind: 'home', street: 'St James Square' },
  email: 'ada@example.org',
  phone: '+44',
  created: '1843-07-01',
  modified: '1843-09-01',
};

interface CardsModule {
  CardServiceClient: new (options: { baseUrl: string }) => { save(input: unknown): Promise<unknown> };
  createCardServiceHandler: (impl: object) => (req: unknown, res: unknown) => void;
}

let files: GeneratedFile[];
let server: Server;
let baseUrl: string;
let mod: CardsModule;
const received: unknown[] = [];

beforeAll(async () => {
  files = await generate(WSDL, 'redefine.wsdl');
  writeTree(OUT, files);
  mod = (await import(path.join(OUT, 'index.ts'))) as CardsModule;
  const handler = mod.createCardServiceHandler({
    async save(input: unknown) {
      received.push(input);
      return input;
    },
  });
  server = createServer(handler as Parameters<typeof createServer>[1]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('xsd:redefine in generated code', () => {
  it('types the redefinitions, and the code compiles under strict flags', () => {
    const text = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(text).toMatch(
      /export interface Person \{[^}]*firstName: string;[^}]*lastName: string;[^}]*country\?: string;[^}]*id: number;[^}]*vip\?: boolean;\s*\}/,
    );
    expect(text).toMatch(/export interface Address \{[^}]*street: string;[^}]*kind\?: string;\s*\}/);
    expect(text).not.toMatch(/export interface Address \{[^}]*note/);
    expect(text).toContain("export type RelType = 'service' | 'option';");
    expect(text).toMatch(
      /export interface Card \{[^}]*email: string;[^}]*phone\?: string;[^}]*created\?: string;[^}]*modified\?: string;\s*\}/,
    );
    const usage = [
      "import type { Card, RelType } from './types.js';",
      `export const v: Card = ${JSON.stringify(CARD)};`,
      "// @ts-expect-error: the redefinition removed 'self' from RelType",
      "export const r: RelType = 'self';",
      '',
    ].join('\n');
    expect(
      compileTree(path.join(ROOT, 'test/tmp/compile/redefine'), [...files, { path: 'usage.ts', content: usage }]),
    ).toEqual([]);
  });

  it('round-trips through the generated client and server', async () => {
    const client = new mod.CardServiceClient({ baseUrl });
    received.length = 0;
    expect(await client.save(CARD)).toEqual(CARD);
    expect(received).toEqual([CARD]);
    // The narrowed enumeration is enforced on the wire: 'self' was only in the original.
    await expect(client.save({ ...CARD, rel: 'self' })).rejects.toThrow(/self/);
  });
});
