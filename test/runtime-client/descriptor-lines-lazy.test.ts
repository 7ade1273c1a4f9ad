/**
 * Issue 31, first call of a large contract: generated schema.ts holds one JSON line per
 * record (descriptor-shapes.ts), and the runtime parses a line only when it builds that
 * record. A client's first call on a contract the size of NetSuite's (1,501 types) parses
 * the header, the operation it calls and the types that call reads, not the document.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeSchema } from '../../src/emit/descriptor-encode.js';
import { ServiceClient } from '../../src/runtime/client/client.js';
import { fetchTransport } from '../../src/runtime/client/transport-fetch.js';
import { SchemaData } from '../../src/runtime/wire/descriptor-data.js';
import type { ComplexDesc, FieldDesc, OperationDesc } from '../../src/runtime/wire/descriptors.js';
import { SOAP_11_ENV_NS } from '../../src/runtime/wire/soap-envelope.js';

const NS = 'urn:big';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const OPERATIONS = 40;

const field = (prop: string, value: FieldDesc['value'], min = 0): FieldDesc => ({
  prop,
  name: prop,
  ns: NS,
  value,
  min,
  max: 1,
});

/** 1,501 types: 1,417 records of 12 fields, each operation's request and response, a base and a derived type. */
function contract(): { types: [string, ComplexDesc][]; operations: OperationDesc[] } {
  const types: [string, ComplexDesc][] = [];
  const add = (key: string, t: Omit<ComplexDesc, 'name' | 'ns'>): void => {
    types.push([key, { name: key, ns: NS, ...t }]);
  };
  for (let i = 0; i < 1501 - 2 * OPERATIONS - 2; i++) {
    add(`Record${i}`, {
      fields: Array.from({ length: 12 }, (_, f) => field(`field${i}_${f}`, { scalar: f % 2 ? 'int' : 'string' })),
    });
  }
  add('Base', { fields: [field('id', { scalar: 'string' }, 1)] });
  add('Derived', { base: 'Base', fields: [field('extra', { scalar: 'int' })] });
  const operations: OperationDesc[] = [];
  for (let j = 0; j < OPERATIONS; j++) {
    add(`Op${j}`, { fields: [field('text', { scalar: 'string' }, 1), field('record', { complex: `Record${j}` })] });
    add(`Op${j}Response`, { fields: [field('result', { complex: 'Base' })] });
    const soap11 = {
      action: `${NS}/op${j}`,
      style: 'document',
      use: 'literal',
      input: { element: { name: `Op${j}`, ns: NS }, value: { complex: `Op${j}` } },
      output: { element: { name: `Op${j}Response`, ns: NS }, value: { complex: `Op${j}Response` }, result: 'result' },
    } as const;
    operations.push({
      name: `Op${j}`,
      method: `op${j}`,
      input: { complex: `Op${j}` },
      output: { complex: 'Base' },
      soap11,
    });
  }
  return { types, operations };
}

/** The keys of `types` whose descriptor has been built (a data property, no longer the lazy getter). */
function built(types: object): string[] {
  return Object.keys(types).filter((k) => Object.getOwnPropertyDescriptor(types, k)?.get === undefined);
}

const ANSWER = `<s:Envelope xmlns:s="${SOAP_11_ENV_NS}" xmlns:xsi="${XSI}"><s:Body><Op7Response xmlns="${NS}"><result xsi:type="Derived"><id>a</id><extra>7</extra></result></Op7Response></s:Body></s:Envelope>`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a large contract's first call", () => {
  const { types, operations } = contract();
  const text = encodeSchema(types, [
    {
      name: 'Big',
      targetNamespace: NS,
      ports: [{ name: 'P', kind: 'soap11', address: 'http://h/p', path: '/p' }],
      operations,
    },
  ]);
  const methods = operations.map((o) => o.method);

  it('parses the header, its operation and the types it reads, and builds only those', async () => {
    expect(types).toHaveLength(1501);
    const data = new SchemaData(text);
    const ops = data.operations(0, methods);
    const service = data.service(0);
    // Every JSON.parse of the data from here on, and how much text it reads.
    const parse = vi.spyOn(JSON, 'parse');
    const fetchFn = vi.fn(async () => new Response(ANSWER, { headers: { 'content-type': 'text/xml; charset=utf-8' } }));
    const client = new ServiceClient(service, { endpoint: 'http://h/p', transport: fetchTransport(fetchFn) }, 'soap11');
    const result = await client.call(ops.op7!, { text: 'hi' });
    expect(result).toEqual({ id: 'a', extra: 7, $type: 'Derived' });
    expect(fetchFn).toHaveBeenCalledTimes(1);

    const header = text.slice(0, text.indexOf('\n'));
    const read = parse.mock.calls.map(([s]) => s).filter((s) => text.includes(s));
    expect(read[0]).toBe(header);
    // Then Op7's line, its 4 types' and their 6 fields' (Op7's `record` field is not read: absent).
    expect(read.length).toBeLessThanOrEqual(12);
    const chars = read.slice(1).reduce((n, s) => n + s.length, 0);
    expect(chars / (text.length - header.length)).toBeLessThan(0.01);
    expect(built(service.types).sort()).toEqual(['Base', 'Derived', 'Op7', 'Op7Response']);
  });

  it('builds the operations one by one, the service keeping the same objects', () => {
    const data = new SchemaData(text);
    const ops = data.operations(0, methods);
    const parse = vi.spyOn(JSON, 'parse');
    expect(ops.op3).toEqual(operations[3]);
    // The header and op3's line.
    expect(parse.mock.calls.filter(([s]) => text.includes(s))).toHaveLength(2);
    const service = data.service(0);
    expect(service.operations[3]).toBe(ops.op3);
    expect(service.operations).toEqual(operations);
  });
});
