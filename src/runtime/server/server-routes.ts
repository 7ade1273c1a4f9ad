/**
 * The dispatch tables of a service handler, computed once when the handler is
 * created: which paths the service owns, which operation a SOAPAction or a Body
 * element selects, which operation an HTTP GET/POST path selects.
 * Ships with generated code.
 */
import type {
  BindingKind,
  HttpOperationDesc,
  OperationDesc,
  PortDesc,
  ServiceDesc,
  SoapOperationDesc,
} from '../wire/descriptors.js';
import { splitPathTemplate } from '../wire/path-template.js';
import {
  asciiLower,
  type CompiledPathTemplate,
  compilePathTemplate,
  matchPathTemplate,
  routeKey,
} from '../wire/path-template-match.js';

/** An operation as served over one SOAP version. */
export interface SoapRoute {
  readonly op: OperationDesc;
  readonly soap: SoapOperationDesc;
  readonly binding: 'soap11' | 'soap12';
}

/** How one SOAP version dispatches at one path. */
export interface SoapDispatch {
  /** By SOAPAction (SOAP 1.1 §6.1.1) or the SOAP 1.2 `action` media type parameter (RFC 3902). */
  readonly byAction: ReadonlyMap<string, readonly SoapRoute[]>;
  /** By the Body's first child element, keyed by {@link elementKey}. */
  readonly byElement: ReadonlyMap<string, SoapRoute>;
}

/** An operation as served over HTTP GET or HTTP POST (WSDL 1.1 §4). */
export interface HttpRoute {
  readonly op: OperationDesc;
  readonly http: HttpOperationDesc;
  readonly binding: 'httpGet' | 'httpPost';
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

/** Everything served at one service path (`/ecomm/Auth.asmx`). */
export interface ServiceEndpoint {
  /** The path as served (after the prefix), original case. */
  readonly path: string;
  readonly soap11?: SoapDispatch;
  readonly soap12?: SoapDispatch;
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

/** The handler's routing tables. Paths are matched case-insensitively (as IIS does for ASMX). */
export interface RouteTable {
  /** Service paths, keyed by lower-cased path. */
  readonly services: ReadonlyMap<string, ServiceEndpoint>;
  /** Operation paths, keyed by lower-cased path. */
  readonly operations: ReadonlyMap<string, HttpEndpoint>;
  /** Lower-cased service paths followed by `/`: paths under them that match nothing get 404. */
  readonly ownedPrefixes: readonly string[];
  /** The served path of each port, by port name (for `?wsdl` address rewriting). */
  readonly portPaths: ReadonlyMap<string, string>;
  /** Operation paths with parameters in them, in service order. */
  readonly templates: readonly TemplateEndpoint[];
}

/**
 * The request path's parameter values if `path` (raw, without query) matches one of `templates`:
 * `[name, raw value]` pairs, still percent-encoded.
 */
export function matchTemplate(
  templates: readonly TemplateEndpoint[],
  path: string,
): { readonly endpoint: HttpEndpoint; readonly values: readonly (readonly [string, string])[] } | undefined {
  const lower = asciiLower(path);
  // A path that ends as a template does is that template's, before one that matches with a `/` added or left out.
  for (const exact of [true, false]) {
    for (const t of templates) {
      const values = matchPathTemplate(t.template, path, lower, exact);
      if (values === undefined) continue;
      return { endpoint: t.endpoint, values: t.template.names.map((name, i) => [name, values[i] ?? ''] as const) };
    }
  }
  return undefined;
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

interface MutableSoapDispatch {
  byAction: Map<string, SoapRoute[]>;
  byElement: Map<string, SoapRoute>;
}

interface MutableService {
  path: string;
  soap11?: MutableSoapDispatch;
  soap12?: MutableSoapDispatch;
  http: boolean;
}

function addSoap(dispatch: MutableSoapDispatch, route: SoapRoute): void {
  const list = dispatch.byAction.get(route.soap.action);
  if (list) {
    if (!list.includes(route)) list.push(route);
  } else dispatch.byAction.set(route.soap.action, [route]);
  const key = elementKey(route.soap.input.element.ns, route.soap.input.element.name);
  if (!dispatch.byElement.has(key)) dispatch.byElement.set(key, route);
}

function soapOf(op: OperationDesc, kind: 'soap11' | 'soap12'): SoapOperationDesc | undefined {
  return kind === 'soap11' ? op.soap11 : op.soap12;
}

function httpOf(op: OperationDesc, kind: 'httpGet' | 'httpPost'): HttpOperationDesc | undefined {
  return kind === 'httpGet' ? op.httpGet : op.httpPost;
}

/**
 * A templated location joined to its port's path as the client joins them: unlike {@link joinPath},
 * keeping the location's `//` and its final `/` (in `items/{!path}/` it ends the value).
 */
function templatePath(portPath: string, location: string): string {
  const base = portPath.endsWith('/') ? portPath.slice(0, -1) : portPath;
  return `${base}/${location.startsWith('/') ? location.slice(1) : location}`;
}

/** The path a port is served at: `pathPrefix` + the port address's path. */
export function servedPath(port: PortDesc, pathPrefix: string): string {
  return joinPath(pathPrefix, port.path === '' ? '/' : port.path);
}

/** Builds the routing tables of `service` (WSDL 1.1 §2.7 ports, their bindings' operations). */
export function buildRoutes(service: ServiceDesc, pathPrefix: string): RouteTable {
  const services = new Map<string, MutableService>();
  const ops = new Map<string, { get?: HttpRoute; post?: HttpRoute; postXml?: Map<string, HttpRoute> }>();
  const templateOps = new Map<string, { get?: HttpRoute; post?: HttpRoute; postXml?: Map<string, HttpRoute> }>();
  const templatePaths = new Map<string, string>();
  const portPaths = new Map<string, string>();

  for (const port of service.ports) {
    const path = servedPath(port, pathPrefix);
    portPaths.set(port.name, path);
    const key = path.toLowerCase();
    let svc = services.get(key);
    if (!svc) {
      svc = { path, http: false };
      services.set(key, svc);
    }
    const kind: BindingKind = port.kind;
    if (kind === 'soap11' || kind === 'soap12') {
      const dispatch: MutableSoapDispatch = (svc[kind] ??= { byAction: new Map(), byElement: new Map() });
      for (const op of service.operations) {
        const soap = soapOf(op, kind);
        if (soap) addSoap(dispatch, { op, soap, binding: kind });
      }
    } else {
      svc.http = true;
      for (const op of service.operations) {
        const http = httpOf(op, kind);
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
        const route: HttpRoute = { op, http, binding: kind, ...(queryCited.length > 0 ? { queryCited } : {}) };
        if (kind === 'httpGet') ep.get ??= route;
        else if (http.input) {
          const byRoot = (ep.postXml ??= new Map());
          const rootKey = elementKey(http.input.element.ns, http.input.element.name);
          if (!byRoot.has(rootKey)) byRoot.set(rootKey, route);
        } else ep.post ??= route;
      }
    }
  }

  const serviceTable = new Map<string, ServiceEndpoint>();
  for (const [key, svc] of services) {
    const endpoint: { -readonly [K in keyof ServiceEndpoint]: ServiceEndpoint[K] } = {
      path: svc.path,
      allow: 'GET, HEAD, POST',
    };
    if (svc.soap11) endpoint.soap11 = svc.soap11;
    if (svc.soap12) endpoint.soap12 = svc.soap12;
    serviceTable.set(key, endpoint);
  }
  const endpoint = (ep: { get?: HttpRoute; post?: HttpRoute; postXml?: Map<string, HttpRoute> }): HttpEndpoint => {
    const allow = [ep.get ? 'GET' : '', ep.post || ep.postXml ? 'POST' : ''].filter((m) => m !== '').join(', ');
    return { ...ep, allow };
  };
  const opTable = new Map<string, HttpEndpoint>();
  for (const [key, ep] of ops) opTable.set(key, endpoint(ep));
  const templates: TemplateEndpoint[] = [];
  for (const [key, ep] of templateOps)
    templates.push({ template: compilePathTemplate(templatePaths.get(key) ?? key, true), endpoint: endpoint(ep) });
  // More literal text first (`files/{!p}/meta` before `files/{!p}`), as routers try static segments
  // before parameters, then fewer citations; equal ones in service order (the sort is stable).
  templates.sort(
    (a, b) =>
      literalLength(b.template) - literalLength(a.template) || a.template.names.length - b.template.names.length,
  );
  return {
    services: serviceTable,
    operations: opTable,
    ownedPrefixes: [...serviceTable.keys()].filter((p) => p !== '/').map((p) => `${p}/`),
    portPaths,
    templates,
  };
}
