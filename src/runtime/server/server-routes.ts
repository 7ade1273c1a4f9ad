/**
 * The dispatch tables of a service handler, computed once when the handler is
 * created: which paths the service owns, which operation a SOAPAction or a Body
 * element selects, which operation an HTTP GET/POST path selects.
 * Ships with generated code.
 */
import type { BindingKind, OperationDesc, ServiceDesc, SoapOperationDesc } from '../wire/descriptors.js';
import { buildHttpRoutes, elementKey, type HttpRouteTable, servedPath, servicePathKey } from '../wire/http-routes.js';

export {
  elementKey,
  type HttpEndpoint,
  type HttpRoute,
  joinPath,
  servedPath,
  type TemplateEndpoint,
} from '../wire/http-routes.js';

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

/** Everything served at one service path (`/ecomm/Auth.asmx`). */
export interface ServiceEndpoint {
  /** The path as served (after the prefix), original case. */
  readonly path: string;
  readonly soap11?: SoapDispatch;
  readonly soap12?: SoapDispatch;
  /** The `Allow` header value for this path. */
  readonly allow: string;
}

/** The handler's routing tables. Paths are matched case-insensitively (as IIS does for ASMX). */
export interface RouteTable {
  /**
   * Service paths and HTTP GET/POST operation paths, and the route choice between them (wire
   * http-routes.ts, which the client checks its paths with too).
   */
  readonly http: HttpRouteTable<ServiceEndpoint>;
  /** Lower-cased service paths followed by `/`: paths under them that match nothing get 404. */
  readonly ownedPrefixes: readonly string[];
  /** The served path of each port, by port name (for `?wsdl` address rewriting). */
  readonly portPaths: ReadonlyMap<string, string>;
}

interface MutableSoapDispatch {
  byAction: Map<string, SoapRoute[]>;
  byElement: Map<string, SoapRoute>;
}

interface MutableService {
  path: string;
  soap11?: MutableSoapDispatch;
  soap12?: MutableSoapDispatch;
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

/** Builds the routing tables of `service` (WSDL 1.1 §2.7 ports, their bindings' operations). */
export function buildRoutes(service: ServiceDesc, pathPrefix: string): RouteTable {
  const services = new Map<string, MutableService>();
  const portPaths = new Map<string, string>();

  for (const port of service.ports) {
    const path = servedPath(port, pathPrefix);
    portPaths.set(port.name, path);
    const key = servicePathKey(path);
    let svc = services.get(key);
    if (!svc) {
      svc = { path };
      services.set(key, svc);
    }
    const kind: BindingKind = port.kind;
    if (kind === 'soap11' || kind === 'soap12') {
      const dispatch: MutableSoapDispatch = (svc[kind] ??= { byAction: new Map(), byElement: new Map() });
      for (const op of service.operations) {
        const soap = soapOf(op, kind);
        if (soap) addSoap(dispatch, { op, soap, binding: kind });
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
  return {
    http: buildHttpRoutes(service, pathPrefix, serviceTable),
    ownedPrefixes: [...serviceTable.keys()].filter((p) => p !== '/').map((p) => `${p}/`),
    portPaths,
  };
}
