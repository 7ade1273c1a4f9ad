/**
 * rpc/encoded arrays end to end (SOAP 1.1 §5.4.2, SOAP 1.2 Part 2 §3.1.6, WSDL 1.1 §2.2 example 5):
 * soapenc:Array restrictions come out as typed arrays (arrays of arrays for `xsd:string[][]`); the
 * generated client and server write `soapenc:arrayType="ns:T[n]"` (SOAP 1.2: `enc:itemType` and
 * `enc:arraySize`), and read what other toolkits send: any item names, `xsi:type`d items, multi-ref
 * `href="#id"` values (in arrays and after the operation element), SOAP 1.2 `enc:ref`/`enc:id`, with
 * cycles and runaway references rejected as faults while the server keeps serving.
 */
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../src/emit/index.js';
import { attr, textOf, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { compileTree, generate, ROOT, writeTree } from './helpers.js';
import { type RecordingServer, startRecordingServer } from './recording-server.js';

const WSDL = 'test/emit/fixtures/encoded-arrays/arrays.wsdl';
const OUT = path.join(ROOT, 'test/tmp/roundtrip/encoded-arrays');

const VALUE = {
  names: ['a', 'b & c'],
  items: [
    { name: 'x', qty: 1 },
    { name: 'y', qty: -2 },
  ],
  matrix: [['1', '2'], [], ['3']],
  numbers: [4, 5],
};

interface Client {
  echo(input: unknown): Promise<unknown>;
}
interface ArraysModule {
  ArraysServiceClient: new (options: { baseUrl: string; binding?: string }) => Client;
  createArraysServiceHandler: (impl: object) => (req: unknown, res: unknown) => void;
}

let files: GeneratedFile[];
let server: RecordingServer;
let baseUrl: string;
let mod: ArraysModule;
/** Request bodies and response bodies the server saw and wrote, in order. */
const wire: string[] = [];
const received: unknown[] = [];

beforeAll(async () => {
  files = await generate(WSDL, 'arrays.wsdl');
  writeTree(OUT, files);
  mod = (await import(path.join(OUT, 'index.ts'))) as ArraysModule;
  const impl = async (input: unknown): Promise<unknown> => {
    received.push(input);
    return input;
  };
  // Untyped has one output part: its value is the result itself.
  const untyped = async (input: { any: unknown }): Promise<unknown> => {
    received.push(input);
    return input.any;
  };
  const handler = mod.createArraysServiceHandler({ echo: impl, flat: impl, untyped });
  server = await startRecordingServer(handler, wire);
  baseUrl = server.baseUrl;
});

afterAll(async () => {
  await server.close();
});

/** Posts a SOAP 1.1 request to the server and returns status and body. */
async function post(body: string, action = 'urn:arrays#Echo'): Promise<{ status: number; text: string }> {
  const r = await fetch(`${baseUrl}/arrays`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` },
    body: `<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/" xmlns:a="urn:arrays"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`,
  });
  return { status: r.status, text: await r.text() };
}

/** An Echo request with the given part elements (and what follows the operation element). */
function echo(parts: string, after = ''): string {
  return `<a:Echo soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">${parts}</a:Echo>${after}`;
}

const EMPTY_PARTS = '<items xsi:nil="true"/><matrix xsi:nil="true"/><numbers xsi:nil="true"/>';

describe('rpc/encoded arrays in generated code', () => {
  it('types arrays, arrays of complex types and arrays of arrays, and the code compiles under strict flags', () => {
    const text = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(text).toContain('export type ArrayOfString = string[];');
    expect(text).toContain('export type ArrayOfItem = Item[];');
    expect(text).toContain('export type Matrix = string[][];');
    expect(text).toContain('export type ArrayOfInt = number[];');
    const usage = [
      "import type { EchoInput, Matrix } from './types.js';",
      `export const v: EchoInput = ${JSON.stringify(VALUE)};`,
      '// @ts-expect-error: an array of arrays holds arrays',
      "export const m: Matrix = ['flat'];",
      '',
    ].join('\n');
    expect(
      compileTree(path.join(ROOT, 'test/tmp/compile/encoded-arrays'), [...files, { path: 'usage.ts', content: usage }]),
    ).toEqual([]);
  }, 120_000);

  it('refuses a SOAP array that is an array of itself with a located error, not a stack overflow', async () => {
    await expect(generate('test/emit/fixtures/encoded-arrays/self-array.wsdl', 'self-array.wsdl')).rejects.toThrow(
      /self-array\.wsdl:8:\d+: SOAP array Loop is an array of itself/,
    );
  });

  it('round-trips over SOAP 1.1 with soapenc:arrayType on each array', async () => {
    wire.length = 0;
    const client = new mod.ArraysServiceClient({ baseUrl, binding: 'soap11' });
    expect(await client.echo(VALUE)).toEqual(VALUE);
    const [request, response] = wire;
    for (const xml of [request, response]) {
      expect(xml).toMatch(
        /<names xmlns="" xmlns:soapenc="[^"]+" soapenc:arrayType="xsd:string\[2\]"><item>a<\/item><item>b &amp; c<\/item><\/names>/,
      );
      expect(xml).toMatch(/<items [^>]*xmlns:ns1="urn:arrays" soapenc:arrayType="ns1:Item\[2\]"><item><name>x<\/name>/);
      // An array of arrays: xsd:string[][3], each item an array with its own size.
      expect(xml).toContain(
        'soapenc:arrayType="xsd:string[][3]"><item soapenc:arrayType="xsd:string[2]"><item>1</item><item>2</item></item><item soapenc:arrayType="xsd:string[0]"/>',
      );
      // Items keep the element name the restriction declares.
      expect(xml).toContain('soapenc:arrayType="xsd:int[2]"><n>4</n><n>5</n></numbers>');
    }
  });

  it('round-trips over SOAP 1.2 with enc:itemType and enc:arraySize', async () => {
    wire.length = 0;
    const client = new mod.ArraysServiceClient({ baseUrl, binding: 'soap12' });
    expect(await client.echo(VALUE)).toEqual(VALUE);
    for (const xml of wire) {
      expect(xml).toContain('enc:itemType="xsd:string" enc:arraySize="2"><item>a</item>');
      expect(xml).toMatch(
        /<matrix xmlns="" xmlns:enc="[^"]+" enc:arraySize="3"><item enc:itemType="xsd:string" enc:arraySize="2">/,
      );
      expect(xml).not.toContain('arrayType');
    }
  });

  it('reads items of any name with xsi:type, declared sizes it does not trust, and nil items', async () => {
    received.length = 0;
    const r = await post(
      echo(
        `<names xsi:type="soapenc:Array" soapenc:arrayType="xsd:string[4294967295]"><string xsi:type="xsd:string">p</string><x xsi:type="xsd:string">q</x></names>` +
          `<items soapenc:arrayType="a:Item[1]"><Item xsi:type="a:Item"><name>n</name><qty>3</qty></Item></items>` +
          `<matrix soapenc:arrayType="xsd:string[][2]"><item soapenc:arrayType="xsd:string[1]"><item>m</item></item><item xsi:nil="true"/></matrix>` +
          `<numbers><n xsi:type="xsd:int">7</n></numbers>`,
      ),
    );
    expect(r.status).toBe(200);
    expect(received).toEqual([
      { names: ['p', 'q'], items: [{ name: 'n', qty: 3 }], matrix: [['m'], null], numbers: [7] },
    ]);
  });

  it('reads multi-ref values: items, nested arrays and whole parts referring to values after the operation element', async () => {
    received.length = 0;
    const r = await post(
      echo(
        '<names href="#n"/><items><item href="#i1"/><item href="#i1"/></items><matrix><item href="#row"/></matrix><numbers href="#num"/>',
        '<multiRef id="n" soapenc:arrayType="xsd:string[1]"><item>shared</item></multiRef>' +
          '<multiRef id="i1" xsi:type="a:Item"><name>same</name><qty>1</qty></multiRef>' +
          '<multiRef id="row" soapenc:arrayType="xsd:string[2]"><item href="#s"/><item>t</item></multiRef>' +
          '<multiRef id="s" xsi:type="xsd:string">s</multiRef>' +
          '<multiRef id="num"><n>9</n></multiRef>',
      ),
    );
    expect(r.status).toBe(200);
    expect(received).toEqual([
      {
        names: ['shared'],
        items: [
          { name: 'same', qty: 1 },
          { name: 'same', qty: 1 },
        ],
        matrix: [['s', 't']],
        numbers: [9],
      },
    ]);
  });

  it('reads SOAP 1.2 enc:ref / enc:id references', async () => {
    received.length = 0;
    const r = await fetch(`${baseUrl}/arrays12`, {
      method: 'POST',
      headers: { 'content-type': 'application/soap+xml; charset=utf-8; action="urn:arrays#Echo"' },
      body: `<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" xmlns:enc="http://www.w3.org/2003/05/soap-encoding" xmlns:a="urn:arrays"><env:Body><a:Echo env:encodingStyle="http://www.w3.org/2003/05/soap-encoding"><names enc:itemType="xsd:string" enc:arraySize="2" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><item enc:id="v">v</item><item enc:ref="v"/></names>${EMPTY_PARTS.replaceAll('xsi:nil', 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil')}</a:Echo></env:Body></env:Envelope>`,
    });
    expect(r.status).toBe(200);
    expect(received).toEqual([{ names: ['v', 'v'], items: null, matrix: null, numbers: null }]);
  });

  it('gives a part typed soapenc:Array itself the raw element, whose arrayType names the items', async () => {
    received.length = 0;
    const r = await post(
      `<a:Untyped soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><any soapenc:arrayType="xsd:int[2]"><item xsi:type="xsd:int">1</item><item xsi:type="xsd:int">2</item></any></a:Untyped>`,
      'urn:arrays#Untyped',
    );
    expect(r.text).not.toContain('Fault');
    expect(r.status).toBe(200);
    const any = (received[0] as { any: XmlElement }).any;
    expect(attr(any, 'arrayType', 'http://schemas.xmlsoap.org/soap/encoding/')).toBe('xsd:int[2]');
    expect(any.children.map((c) => (typeof c === 'string' ? c : textOf(c)))).toEqual(['1', '2']);
    expect(r.text).toContain(
      'soapenc:arrayType="xsd:int[2]"><item xsi:type="xsd:int">1</item><item xsi:type="xsd:int">2</item></any>',
    );
  });

  it('reads an Axis-style response: parts referring to multiRef values after the response element', async () => {
    const axis = createServer((_req, res) => {
      res.setHeader('content-type', 'text/xml; charset=utf-8');
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>` +
          `<ns1:EchoResponse soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:ns1="urn:arrays"><names href="#id0"/><items href="#id1"/><matrix xsi:nil="true"/><numbers href="#id2"/></ns1:EchoResponse>` +
          `<multiRef id="id0" soapenc:root="0" xsi:type="soapenc:Array" soapenc:arrayType="xsd:string[2]" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/"><item>p</item><item href="#id3"/></multiRef>` +
          `<multiRef id="id1" soapenc:root="0" xsi:type="soapenc:Array" soapenc:arrayType="ns2:Item[1]" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/" xmlns:ns2="urn:arrays"><item href="#id4"/></multiRef>` +
          `<multiRef id="id2" soapenc:root="0" xsi:type="soapenc:Array" soapenc:arrayType="xsd:int[1]" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/"><item xsi:type="xsd:int">6</item></multiRef>` +
          `<multiRef id="id3" soapenc:root="0" xsi:type="xsd:string" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/">q</multiRef>` +
          `<multiRef id="id4" soapenc:root="0" xsi:type="ns3:Item" xmlns:ns3="urn:arrays" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/"><name xsi:type="xsd:string">i</name><qty xsi:type="xsd:int">3</qty></multiRef>` +
          '</soapenv:Body></soapenv:Envelope>',
      );
    });
    await new Promise<void>((resolve) => axis.listen(0, '127.0.0.1', resolve));
    try {
      const client = new mod.ArraysServiceClient({
        baseUrl: `http://127.0.0.1:${(axis.address() as AddressInfo).port}`,
        binding: 'soap11',
      });
      expect(await client.echo(VALUE)).toEqual({
        names: ['p', 'q'],
        items: [{ name: 'i', qty: 3 }],
        matrix: null,
        numbers: [6],
      });
    } finally {
      await new Promise<void>((resolve) => axis.close(() => resolve()));
    }
  });

  it('answers cycles, dangling references, runaway references and text for an array with a fault, and keeps serving', async () => {
    const cycle = await post(
      echo(`<names href="#a"/>${EMPTY_PARTS}`, '<multiRef id="a" href="#b"/><multiRef id="b" href="#a"/>'),
    );
    expect(cycle.status).toBe(500);
    expect(cycle.text).toMatch(/nest more than 64 deep \(a cycle\?\)/);
    const dangling = await post(echo(`<names href="#nowhere"/>${EMPTY_PARTS}`));
    expect(dangling.status).toBe(500);
    expect(dangling.text).toMatch(
      /reference &quot;nowhere&quot; names no value in the message|reference "nowhere" names no value/,
    );
    // One value referred to by many items, each a reference to a value referring to many: bounded, not exponential.
    const fan = Array.from({ length: 40 }, () => '<item href="#row"/>').join('');
    const rows = `<multiRef id="row">${Array.from({ length: 40 }, () => '<item href="#s"/>').join('')}</multiRef><multiRef id="s">s</multiRef>`;
    const runaway = await post(echo(`<names/><items/><matrix>${fan}</matrix><numbers/>`, rows));
    expect(runaway.status).toBe(500);
    expect(runaway.text).toMatch(/follows more multi-references than its 2 values allow/);
    const text = await post(echo(`<names/><items/><matrix><item>flat</item></matrix><numbers/>`));
    expect(text.status).toBe(500);
    expect(text.text).toMatch(/matrix\/item\[0\]: expected an array of items, got text/);
    const client = new mod.ArraysServiceClient({ baseUrl, binding: 'soap11' });
    expect(await client.echo(VALUE)).toEqual(VALUE);
  });
});
