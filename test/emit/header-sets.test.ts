/**
 * Named SOAP header sets (src/emit/header-sets.ts): one name per distinct set of
 * header parts, shared by every operation that declares exactly that set; the
 * client-wide set named after the service; names unique against the declared
 * types and the runtime's symbols.
 */
import { describe, expect, it } from 'vitest';
import { headerSetDoc, headerSets } from '../../src/emit/header-sets.js';
import type { OperationInfo, ServiceInfo, ServiceModel } from '../../src/emit/service-model.js';

type Header = { prop: string; ts: string; types: string[] };
const h = (prop: string, ts: string): Header => ({ prop, ts, types: [ts] });

/** The parts of an OperationInfo that header sets read. */
function op(name: string, headers: Header[]): OperationInfo {
  return { op: { name }, names: { method: name, input: '', output: '' }, headers } as unknown as OperationInfo;
}

function service(base: string, operations: OperationInfo[]): ServiceInfo {
  const names = {
    xmlName: base,
    client: `${base}Client`,
    service: `${base}Service`,
    binding: `${base}Binding`,
    handler: `create${base}Handler`,
    descriptor: `${base}Descriptor`,
    operations: `${base}Operations`,
  };
  return { names, operations } as unknown as ServiceInfo;
}

const model = (...services: ServiceInfo[]): ServiceModel => ({ services, aliases: [] });

describe('header sets', () => {
  const token = h('token', 'Token');
  const app = h('app', 'AppInfo');
  const prefs = h('prefs', 'Preferences');

  it('names each distinct set once, after its first operation, and the client-wide set after the service', () => {
    const get = op('get', [token, app]);
    const list = op('list', [token, app]);
    const add = op('add', [token, app, prefs]);
    const ping = op('ping', []);
    const s = service('Shop', [get, list, add, ping]);
    const hs = headerSets(model(s), new Set());
    expect(hs.sets.map((x) => [x.name, x.props.map((p) => p.key), x.operations])).toEqual([
      // The client-wide set is exactly `add`'s: one interface serves both.
      ['ShopHeaders', ['token', 'app', 'prefs'], ['add']],
      ['GetHeaders', ['token', 'app'], ['get', 'list']],
    ]);
    expect(hs.byOperation.get(get)).toBe('GetHeaders');
    expect(hs.byOperation.get(list)).toBe('GetHeaders');
    expect(hs.byOperation.get(add)).toBe('ShopHeaders');
    expect(hs.byOperation.has(ping)).toBe(false);
    expect(hs.byService.get(s)).toBe('ShopHeaders');
  });

  it('keeps sets apart that differ in a part type or in order', () => {
    const a = op('a', [token, app]);
    const b = op('b', [app, token]);
    const c = op('c', [h('token', 'OtherToken'), app]);
    const hs = headerSets(model(service('S', [a, b, c])), new Set());
    expect(new Set([hs.byOperation.get(a), hs.byOperation.get(b), hs.byOperation.get(c)]).size).toBe(3);
  });

  it('adds no set for a service without header parts', () => {
    const hs = headerSets(model(service('Plain', [op('a', [])])), new Set());
    expect(hs.sets).toEqual([]);
    expect(hs.byService.size).toBe(0);
  });

  it('avoids declared type names, the runtime symbols and the service names with a numeric suffix', () => {
    const a = op('get', [token]);
    const b = op('callOptionsWith', [app]);
    const c = op('shop', [prefs]);
    const s = service('Shop', [a, b, c]);
    const hs = headerSets(model(s), new Set(['GetHeaders', 'ShopHeaders']));
    expect(hs.byService.get(s)).toBe('ShopHeaders2');
    expect(hs.byOperation.get(a)).toBe('GetHeaders2');
    // `CallOptionsWithHeaders` is a runtime type client.ts imports.
    expect(hs.byOperation.get(b)).toBe('CallOptionsWithHeaders2');
    expect(hs.byOperation.get(c)).toBe('ShopHeaders3');
  });

  it('quotes a part property that is no identifier', () => {
    const hs = headerSets(model(service('S', [op('a', [h('x-trace', 'Trace')])])), new Set());
    expect(hs.sets[0]!.props).toEqual([{ key: '"x-trace"', ts: 'Trace' }]);
  });

  it('documents what a set is for', () => {
    const hs = headerSets(
      model(service('Shop', [op('get', [token]), op('list', [token]), op('add', [token, app])])),
      new Set(),
    );
    expect(hs.sets.map(headerSetDoc)).toEqual([
      "Every SOAP header part (`soap:header`) the Shop service's operations declare: the client-wide `soapHeaders` option. Also the parts of operation `add`.",
      'SOAP header parts (`soap:header`) of operations `get`, `list`.',
    ]);
  });
});
