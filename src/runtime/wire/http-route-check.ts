/**
 * The client's check that a path it wrote from a location template (`http:urlReplacement`,
 * WSDL 1.1 §4.7; WSDL 2.0 Part 2 §6.8.1.1) runs the operation it calls: the server chooses among
 * all the service's locations (http-routes.ts), so a value can spell another operation's location
 * (`items/{id}` called with `all` beside a fixed `items/all`; `raw/{!dir}` called with `a/meta`
 * beside `raw/{!dir}/meta`), and the server would run that one. The client makes the same route
 * choice on the path before sending it and refuses the call when the choice differs.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { HttpOperationDesc, OperationDesc, PortDesc, ServiceDesc } from './descriptors.js';
import {
  buildHttpRoutes,
  choosePath,
  elementKey,
  endpointRoute,
  type HttpEndpoint,
  type HttpRoute,
  type HttpRouteTable,
  type PathChoice,
  servedPath,
  servicePathKey,
} from './http-routes.js';
import { compilePathTemplate, joinedLocationPath } from './path-template-match.js';
import { EncodeError } from './scalars.js';

/**
 * One port's view of its service's routes, built once per port ({@link clientRoutes}): the
 * server's table as a server at the WSDL's addresses (no path prefix) builds it.
 */
export interface ClientRoutes {
  readonly table: HttpRouteTable<PortDesc>;
  /** The port's path as the server serves it, without a final `/`: written locations are joined to it. */
  readonly base: string;
  readonly method: 'GET' | 'POST';
  /** Per templated location: whether a path written from it could select another location. */
  readonly rivals: WeakMap<HttpOperationDesc, boolean>;
}

/** A value as written into a path. */
export interface WrittenValue {
  /** The cited name. */
  readonly name: string;
  /** The value as written (percent-encoded), or the empty string. */
  readonly text: string;
  /** The parameter's path for errors (`op/prop`), or the empty string when no parameter has the name. */
  readonly param: string;
}

const BY_PORT = new WeakMap<PortDesc, ClientRoutes>();

/** `port`'s routes ({@link ClientRoutes}), built on first use and kept while the port is. */
export function clientRoutes(service: ServiceDesc, port: PortDesc): ClientRoutes {
  let routes = BY_PORT.get(port);
  if (routes === undefined) {
    const services = new Map<string, PortDesc>();
    for (const p of service.ports) {
      const key = servicePathKey(servedPath(p, ''));
      if (!services.has(key)) services.set(key, p);
    }
    routes = {
      table: buildHttpRoutes(service, '', services),
      base: servedPath(port, '').replace(/\/$/, ''),
      // A SOAP 1.2 port's located operations are SOAP-Response GETs (http-routes.ts).
      method: port.kind === 'httpGet' || port.kind === 'soap12' ? 'GET' : 'POST',
      rivals: new WeakMap(),
    };
    BY_PORT.set(port, routes);
  }
  return routes;
}

/**
 * Refuses `path`, written from `http`'s location for `operation`, when the server would not run
 * `operation` on it with the same values: the route choice (http-routes.ts) selects a service
 * path, a fixed location, a location with more literal text, or nothing. Paths from a location no
 * other location could take (no other template, no fixed path under its first literal text)
 * are not looked at again.
 * @param path the written location's path part, without query.
 * @throws EncodeError naming the parameter and the operation the server would run instead.
 */
export function refuseOtherRoute(
  routes: ClientRoutes,
  operation: OperationDesc,
  http: HttpOperationDesc,
  path: string,
  values: readonly WrittenValue[],
): void {
  let rivals = routes.rivals.get(http);
  if (rivals === undefined) {
    rivals = hasRivals(routes, http);
    routes.rivals.set(http, rivals);
  }
  if (!rivals) return;
  // Joined as the client joins it (client.ts).
  const served = `${routes.base}${joinedLocationPath(http.path, path)}`;
  const hit = choosePath(routes.table, served);
  const root = http.input === undefined ? undefined : elementKey(http.input.element.ns, http.input.element.name);
  const runs =
    hit?.endpoint === undefined || hit.values === undefined
      ? undefined
      : endpointRoute(hit.endpoint, routes.method, root);
  if (runs?.op === operation && sameValues(hit?.values, values)) return;
  const blamed = blame(hit, values);
  if (blamed === undefined) return;
  throw new EncodeError(blamed.param, `makes the path ${JSON.stringify(served)}, ${instead(hit, routes.method)}`);
}

/** Whether the server reads back `written` as they were written. */
function sameValues(
  read: readonly (readonly [string, string])[] | undefined,
  written: readonly WrittenValue[],
): boolean {
  if (read === undefined || read.length !== written.length) return false;
  for (let i = 0; i < read.length; i++)
    if (read[i]![0] !== written[i]!.name || read[i]![1] !== written[i]!.text) return false;
  return true;
}

/** The value to name: the first the chosen location does not read back as written (or the first non-empty one). */
function blame(hit: PathChoice<PortDesc> | undefined, values: readonly WrittenValue[]): WrittenValue | undefined {
  const named = values.filter((v) => v.param !== '');
  const read = hit?.values;
  if (read !== undefined) {
    const misread = named.find((v) => !read.some(([name, text]) => name === v.name && text === v.text));
    if (misread !== undefined) return misread;
  }
  return named.find((v) => v.text !== '') ?? named[0];
}

/** What the server would do instead, for the error message. */
function instead(hit: PathChoice<PortDesc> | undefined, method: 'GET' | 'POST'): string {
  if (hit === undefined) return 'which the server would route to no operation';
  // As the server: a GET to a service path runs the operation there only when one is GET-bound.
  if (hit.service !== undefined && (hit.endpoint === undefined || (method === 'GET' && hit.endpoint.get === undefined)))
    return "which is the service's own path, where the server would not run the operation";
  const ep = hit.endpoint;
  const other = ep === undefined ? undefined : operationAt(ep, method);
  const what = hit.values === undefined ? 'location' : 'templated location';
  return other === undefined
    ? `which the server would route to another ${what}, not running the operation`
    : `which the server would route to operation ${JSON.stringify(other.op.name)} (${what} ${JSON.stringify(other.http.path)}) instead`;
}

/** The operation `method` runs at `ep`, or else any operation there. */
function operationAt(ep: HttpEndpoint, method: 'GET' | 'POST'): HttpRoute | undefined {
  const xml = ep.postXml === undefined ? undefined : [...ep.postXml.values()][0];
  return method === 'GET' ? (ep.get ?? ep.post ?? xml) : (ep.post ?? xml ?? ep.get);
}

/**
 * Whether a path written from `http`'s location could select another location: another
 * templated location exists, or a service or fixed path starts with the location's first text.
 */
function hasRivals(routes: ClientRoutes, http: HttpOperationDesc): boolean {
  if (routes.table.templates.length > 1) return true;
  const first = compilePathTemplate(http.path, true).literals[0] ?? '';
  let prefix = `${routes.base}${joinedLocationPath(http.path, first)}`;
  // Route keys are percent-decoded and lower-cased: compare only plain ASCII text.
  if (/[^\x20-\x24\x26-\x7e]/.test(prefix)) return true;
  prefix = prefix.toLowerCase();
  if (prefix.endsWith('/')) prefix = prefix.slice(0, -1);
  for (const key of routes.table.paths.keys()) if (key.startsWith(prefix)) return true;
  return false;
}
