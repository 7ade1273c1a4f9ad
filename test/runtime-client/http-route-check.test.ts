/**
 * The client's route check (runtime wire/http-route-check.ts) on its own: which locations it
 * looks at again (a location no other one could take is not), and what it says when a written
 * path is a service's own path.
 */
import { describe, expect, it } from 'vitest';
import type { HttpOperationDesc, OperationDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { replaceHttpPath } from '../../src/runtime/wire/http-encoding.js';
import { clientRoutes } from '../../src/runtime/wire/http-route-check.js';

function op(name: string, path: string, cited: readonly string[]): OperationDesc {
  const http: HttpOperationDesc = {
    path,
    params: cited.map((n) => ({ prop: n, name: n, value: { scalar: 'string' }, min: 1, max: 1, inPath: true })),
  };
  return { name, method: name, input: { complex: 'In' }, httpGet: http };
}

function service(operations: OperationDesc[], soapPath = '/soap'): ServiceDesc {
  return {
    name: 'S',
    targetNamespace: 'urn:s',
    ports: [
      { name: 'Get', kind: 'httpGet', address: 'http://h/svc', path: '/svc' },
      { name: 'Soap', kind: 'soap11', address: `http://h${soapPath}`, path: soapPath },
    ],
    operations,
    types: {},
  };
}

/** Writes `o`'s path with `input`, checked against the routes of `s`'s GET port. */
function write(s: ServiceDesc, o: OperationDesc, input: Record<string, string>): string {
  return replaceHttpPath(o.httpGet!, input, o.name, { routes: clientRoutes(s, s.ports[0]!), operation: o });
}

describe('which locations the check looks at again', () => {
  it('a lone template beside fixed locations it cannot spell: not looked at again', () => {
    const item = op('Item', 'items/(id)', ['id']);
    const s = service([item, op('Other', 'other', []), op('Thing', 'item', [])]);
    expect(write(s, item, { id: 'all' })).toBe('items/all');
    const routes = clientRoutes(s, s.ports[0]!);
    expect(routes.rivals.get(item.httpGet!)).toBe(false);
  });

  it("a fixed location under the template's first text: looked at, and a value spelling it refused", () => {
    const item = op('Item', 'items/(id)', ['id']);
    const s = service([item, op('All', 'Items/All', [])]);
    expect(write(s, item, { id: 'some' })).toBe('items/some');
    expect(clientRoutes(s, s.ports[0]!).rivals.get(item.httpGet!)).toBe(true);
    expect(() => write(s, item, { id: 'aLL' })).toThrow(
      /^Item\/id: makes the path "\/svc\/items\/aLL", which the server would route to operation "All" \(location "Items\/All"\) instead$/,
    );
  });

  it('the routes are built once per port', () => {
    const s = service([op('Item', 'items/(id)', ['id'])]);
    expect(clientRoutes(s, s.ports[0]!)).toBe(clientRoutes(s, s.ports[0]!));
  });
});

it("a value making another port's service path is refused (the server would answer it as that service)", () => {
  const any = op('Any', '(!p)', ['p']);
  const s = service([any], '/svc/soap');
  expect(write(s, any, { p: 'x/soap' })).toBe('x/soap');
  expect(() => write(s, any, { p: 'SOAP' })).toThrow(
    /^Any\/p: makes the path "\/svc\/SOAP", which is the service's own path, where the server would not run the operation$/,
  );
});
