/**
 * The HTTP GET/POST route choice (WSDL 1.1 §4 `http:operation location`, §4.7
 * `http:urlReplacement`; WSDL 2.0 Part 2 §6.8.1.1 location templates): given a service's
 * ports and their operations' locations, which operation a request (method and path) runs.
 * SOAP 1.2 operations of the SOAP-Response MEP (SOAP 1.2 Part 2 §6.3) are GETs at their
 * locations as HTTP GET operations are.
 * The one place the choice is made: the server dispatches requests with it, and the client
 * checks with it, before sending, that a path it wrote would run the operation it calls
 * (http-route-check.ts), so the two cannot disagree.
 *
 * The choice, in order:
 * 1. the path's {@link routeKey} names a service path (a port's address) or a fixed
 *    (citation-free) location: that one, a fixed location before any template;
 * 2. else the templated locations, more literal text first, then fewer citations, equal ones in
 *    service order (as routers try static segments before parameters): first a pass that wants
 *    the path to end exactly as a template does, then one that allows a `/` added or left out
 *    at the end ({@link matchPathTemplate});
 * 3. within the location, the method (and for a POST the body: a form, or an XML document
 *    by its root element) picks the operation ({@link endpointRoute}).
 *
 * The tables are built once (per server handler, per client port); a request costs one map
 * lookup, and a template scan only when no fixed path matches.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { HttpOperationDesc, OperationDesc, PortDesc, ServiceDesc, SoapOperationDesc } from './descriptors.js';
import { splitPathTemplate } from './path-template.js';
import {
  asciiLower,
  type CompiledPathTemplate,
  compilePathTemplate,
  matchPathTemplate,
  routeKey,
} from './path-template-match.js';

/**
 * An operation as served over HTTP GET or HTTP POST (WSDL 1.1 §4), or a SOAP 1.2 operation of the
 * SOAP-Response MEP (SOAP 1.2 Part 2 §6.3), served as a GET whose input is read as an HTTP GET
 * operation's and answered with an envelope.
 */
export interface HttpRoute {
  readonly op: OperationDesc;
  /** The location and parameters (a SOAP-Response operation's {@link SoapOperationDesc.get}). */
  readonly http: HttpOperationDesc;
  readonly binding: 'httpGet' | 'httpPost' | 'soap12';
  /** SOAP-Response MEP: the SOAP 1.2 operation whose envelope answers the GET. */
  readonly soap?: SoapOperationDesc;
  /**
   * Parameters the location cites in its query (WSDL 2.0 `op?id={id}`, Part 2 §6.8.1.1): taken
   * from the request URL's query, also when the other parameters come in a POST form.
   */
  readonly queryCited?: readonly string[];
}

/** Everything served at one operation path (`/ecomm/Auth.asmx/Login`). */
export interface HttpEndpoint {
  readonly get?: HttpRoute;
  readonly post?: HttpRoute;
  /**
   * HTTP POST operations taking an XML document (WSDL 1.1 §5.6), keyed by {@link elementKey}
   * of the document's root element: several may share one path.
   */
  readonly postXml?: ReadonlyMap<string, HttpRoute>;
  /** The `Allow` header value for this path. */
  readonly allow: string;
}

/**
 * Operation paths with parameters in them (`http:urlReplacement`, WSDL 1.1 §4.7), matched by
 * {@link matchPathTemplate} when no fixed path matches.
 */
export interface TemplateEndpoint {
  /** The location's path part, compiled. */
  readonly template: CompiledPathTemplate;
  readonly endpoint: HttpEndpoint;
}

/** What a request path selects, before the method picks among the operations there. */
export interface PathChoice<S> {
  /** The service (port address) at this path, if any: it answers SOAP requests and `?wsdl`. */
  readonly service: S | undefined;
  /** The operations located at this path, if any. */
  readonly endpoint: HttpEndpoint | undefined;
  /** A templated location's cited values, `[name, raw value]` still percent-encoded; `undefined` for a fixed path. */
  readonly values: readonly (readonly [string, string])[] | undefined;
}

/** A service's HTTP routing table (`S`: what the caller keeps per service path). */
export interface HttpRouteTable<S> {
  /** Service paths and fixed operation paths, by {@link routeKey}. */
  readonly paths: ReadonlyMap<string, PathChoice<S>>;
  /** Operation paths with parameters in them, in the order they are tried. */
  readonly templates: readonly TemplateEndpoint[];
}

/**
 * What `path` (raw, without query) selects in `table` (the route choice, steps 1 and 2 above).
 * @param key `routeKey(path)`, when the caller has it.
 */
export function choosePath<S>(
  table: HttpRouteTable<S>,
  path: string,
  key: string = routeKey(path),
): PathChoice<S> | undefined {
  const fixed = table.paths.get(key);
  if (fixed !== undefined) return fixed;
  return table.templates.length === 0 ? undefined : matchTemplate(table.templates, path);
}

/**
 * The route `method` runs at `endpoint` (step 3 above): GET's, or POST's for a form, or for an XML
 * document the one taking `root` ({@link elementKey}) as its root element.
 */
export function endpointRoute(endpoint: HttpEndpoint, method: 'GET' | 'POST', root?: string): HttpRoute | undefined {
  if (method === 'GET') return endpoint.get;
  return root === undefined ? endpoint.post : endpoint.postXml?.get(root);
}

/**
 * The templated location `path` (raw, without query) matches, with its values: `[name, raw value]`
 * pairs, still percent-encoded.
 */
export function matchTemplate<S>(templates: readonly TemplateEndpoint[], path: string): PathChoice<S> | undefined {
  const lower = asciiLower(path);
  // A path that ends as a template does is that template's, before one that matches with a `/` added or left out.
  for (const exact of [true, false]) {
    for (const t of templates) {
      const values = matchPathTemplate(t.template, path, lower, exact);
      if (values === undefined) continue;
      const named = t.template.names.map((name, i) => [name, values[i] ?? ''] as const);
      return { service: undefined, endpoint: t.endpoint, values: named };
    }
  }
  return undefined;
}

/** The key of an element name in dispatch maps. */
export function elementKey(ns: string, name: string): string {
  return `{${ns}}${name}`;
}

/** Joins a prefix and a path into one absolute path without doubled or trailing slashes. */
export function joinPath(prefix: string, path: string): string {
  let p = `/${prefix}/${path}`.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/** The path a port is served at: `pathPrefix` + the port address's path. */
export function servedPath(port: PortDesc, pathPrefix: string): string {
  return joinPath(pathPrefix, port.path === '' ? '/' : port.path);
}

/** The key of a service path in {@link HttpRouteTable.paths} (as the server has always keyed them). */
export function servicePathKey(path: string): string {
  return path.toLowerCase();
}

/**
 * A location joined to its port's path as the client joins them: unlike {@link joinPath},
 * keeping the location's `//` and its final `/` (in `items/{!path}/` it ends the value).
 */
export function templatePath(portPath: string, location: string): string {
  const base = portPath.endsWith('/') ? portPath.slice(0, -1) : portPath;
  return `${base}/${location.startsWith('/') ? location.slice(1) : location}`;
}

interface MutableEndpoint {
  get?: HttpRoute;
  post?: HttpRoute;
  postXml?: Map<string, HttpRoute>;
}

/**
 * Builds the HTTP routing table of `service`: its HTTP GET/POST ports' operations, served under
 * `pathPrefix`, beside `services` (the service paths, keyed by {@link servicePathKey}).
 */
export function buildHttpRoutes<S>(
  service: ServiceDesc,
  pathPrefix: string,
  services: ReadonlyMap<string, S>,
): HttpRouteTable<S> {
  const ops = new Map<string, MutableEndpoint>();
  const templateOps = new Map<string, MutableEndpoint>();
  const templatePaths = new Map<string, string>();
  for (const port of service.ports) {
    const kind = port.kind;
    if (kind === 'soap11') continue;
    const path = servedPath(port, pathPrefix);
    for (const op of service.operations) {
      // A SOAP 1.2 port serves its SOAP-Response operations' GETs here; its envelopes are routed by server-routes.ts.
      const soap = kind === 'soap12' ? op.soap12 : undefined;
      const http = kind === 'httpGet' ? op.httpGet : kind === 'httpPost' ? op.httpPost : soap?.get;
      if (!http) continue;
      const templated = http.params.some((p) => p.inPath === true);
      // Keyed by the location's path: a literal query (`touch?v=2`, sent as written by the client) is not
      // part of the request path the server matches, and the operation's parameters are read by name
      // (other query names are ignored). Operations whose locations differ only in the query share the key.
      const opKey = routeKey(templatePath(path, http.path.split('?')[0]!));
      const table = templated ? templateOps : ops;
      if (templated && !templatePaths.has(opKey)) templatePaths.set(opKey, templatePath(path, http.path));
      let ep = table.get(opKey);
      if (!ep) table.set(opKey, (ep = {}));
      const queryCited = templated ? queryCitations(http.path) : [];
      const route: HttpRoute = {
        op,
        http,
        binding: kind,
        ...(soap ? { soap } : {}),
        ...(queryCited.length > 0 ? { queryCited } : {}),
      };
      if (kind !== 'httpPost') ep.get ??= route;
      else if (http.input) {
        const byRoot = (ep.postXml ??= new Map());
        const rootKey = elementKey(http.input.element.ns, http.input.element.name);
        if (!byRoot.has(rootKey)) byRoot.set(rootKey, route);
      } else ep.post ??= route;
    }
  }
  const paths = new Map<string, PathChoice<S>>();
  for (const [key, svc] of services) paths.set(key, { service: svc, endpoint: undefined, values: undefined });
  for (const [key, ep] of ops)
    paths.set(key, { service: services.get(key), endpoint: endpointOf(ep), values: undefined });
  const templates: TemplateEndpoint[] = [];
  for (const [key, ep] of templateOps)
    templates.push({ template: compilePathTemplate(templatePaths.get(key) ?? key, true), endpoint: endpointOf(ep) });
  // More literal text first (`files/{!p}/meta` before `files/{!p}`), as routers try static segments
  // before parameters, then fewer citations; equal ones in service order (the sort is stable).
  templates.sort(
    (a, b) =>
      literalLength(b.template) - literalLength(a.template) || a.template.names.length - b.template.names.length,
  );
  return { paths, templates };
}

function endpointOf(ep: MutableEndpoint): HttpEndpoint {
  const allow = [ep.get ? 'GET' : '', ep.post || ep.postXml ? 'POST' : ''].filter((m) => m !== '').join(', ');
  return { ...ep, allow };
}

/** How much literal text a compiled template has. */
function literalLength(t: CompiledPathTemplate): number {
  let n = 0;
  for (const l of t.literals) n += l.length;
  return n;
}

/** The parameters `template` cites in its query part. */
function queryCitations(template: string): readonly string[] {
  const split = splitPathTemplate(template);
  return 'error' in split ? [] : split.names.filter((_, i) => split.inQuery[i] === true);
}
