/**
 * Serving the WSDL on `?wsdl` with the port addresses pointing at the server
 * that answers (as ASMX does): every `soap:address`, `soap12:address` and
 * `http:address` `location` inside a `wsdl:port` (WSDL 1.1 §2.7, §3.8, §4.2),
 * and every WSDL 2.0 `endpoint/@address` (WSDL 2.0 Part 1 §2.15; a trailing `/`
 * is kept, since relative HTTP locations resolve against it), is replaced by the
 * address the request came to. The document is parsed once
 * with the XML parser and re-serialised with the XML writer per distinct origin;
 * results are cached (a bounded number of origins, so a client sending random
 * Host headers cannot grow memory). Ships with generated code.
 */
import { WSDL_HTTP_NS, WSDL_NS, WSDL_SOAP11_NS, WSDL_SOAP12_NS, WSDL20_NS } from '../wire/namespaces.js';
import { XML_NS, XmlWriter } from '../xml/xml-write.js';
import { attr, parseXml, type XmlElement } from '../xml/xml-parse.js';

/** Namespaces of the address extension elements: SOAP 1.1 (§3.8), SOAP 1.2 binding, HTTP (§4.2). */
const ADDRESS_NS: ReadonlySet<string> = new Set([WSDL_SOAP11_NS, WSDL_SOAP12_NS, WSDL_HTTP_NS]);

/** Most origins whose rewritten WSDL is kept. */
const MAX_CACHED = 32;

/** Gives the `location` for a port (by `wsdl:port` name). */
export type LocationFor = (portName: string | undefined) => string;

/** Whether `el` is a port address element whose `location` is to be rewritten. */
function isPortAddress(el: XmlElement): boolean {
  return (
    el.name === 'address' &&
    ADDRESS_NS.has(el.ns) &&
    el.parent !== undefined &&
    el.parent.ns === WSDL_NS &&
    el.parent.name === 'port'
  );
}

function writeElement(w: XmlWriter, el: XmlElement, locationFor: LocationFor): void {
  w.start(el.ns, el.name, el.prefix === '' ? undefined : el.prefix);
  for (const p in el.nsDecls) {
    // Keep every declaration (QNames in attribute values such as binding="tns:AuthSoap" rely on them).
    const uri = el.nsDecls[p]!;
    if (p === '' && uri === '') continue;
    if (w.lookupUri(p) !== uri) w.declare(p, uri);
  }
  const address = isPortAddress(el);
  const endpoint = el.ns === WSDL20_NS && el.name === 'endpoint';
  for (const a of el.attrs) {
    if (a.ns !== '' && a.prefix !== '' && a.ns !== XML_NS && w.lookupUri(a.prefix) !== a.ns) w.declare(a.prefix, a.ns);
    let value = a.value;
    if (address && a.ns === '' && a.name === 'location') value = locationFor(attr(el.parent!, 'name'));
    else if (endpoint && a.ns === '' && a.name === 'address') {
      value = locationFor(attr(el, 'name'));
      if (a.value.endsWith('/') && !value.endsWith('/')) value += '/';
    }
    w.attr(a.ns, a.name, value);
  }
  for (const c of el.children) {
    if (typeof c === 'string') w.text(c);
    else writeElement(w, c, locationFor);
  }
  w.end();
}

/**
 * Re-serialises a parsed WSDL with every port address replaced.
 * Exported for tests and for tools; the server uses {@link WsdlServer}.
 */
export function rewriteWsdlAddresses(root: XmlElement, locationFor: LocationFor): string {
  const w = new XmlWriter().declaration();
  writeElement(w, root, locationFor);
  return w.toString();
}

/** The `?wsdl` responder of one handler: the parsed WSDL and its per-origin cache. */
export class WsdlServer {
  /** The parsed WSDL (read by the service pages for its documentation). */
  readonly root: XmlElement;
  private readonly cache = new Map<string, string>();
  private readonly portPaths: ReadonlyMap<string, string>;

  /**
   * @param wsdlText the WSDL document.
   * @param portPaths the path each port is served at, by port name.
   * @throws Error when `wsdlText` is not well-formed XML (reported when the handler is created).
   */
  constructor(wsdlText: string, portPaths: ReadonlyMap<string, string>) {
    this.portPaths = portPaths;
    try {
      this.root = parseXml(wsdlText);
    } catch (err) {
      throw new Error(
        `the WSDL passed as options.wsdl is not well-formed XML: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /**
   * The WSDL for a request that came to `origin` (`scheme://host[:port]`) with
   * `mountPath` in front of the handler's own paths (Express mount point, `''`
   * when none), and `requestPath` the full path it asked for (used for ports
   * this handler does not serve).
   */
  documentFor(origin: string, mountPath: string, requestPath: string): string {
    const key = `${origin}\n${mountPath}\n${requestPath}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const text = rewriteWsdlAddresses(this.root, (portName) => {
      // A WSDL 2.0 HTTP endpoint whose binding uses GET and POST is served as ports `<name>.GET` and `<name>.POST`.
      const path =
        portName === undefined
          ? undefined
          : (this.portPaths.get(portName) ??
            this.portPaths.get(`${portName}.GET`) ??
            this.portPaths.get(`${portName}.POST`));
      return origin + (path === undefined ? requestPath : mountPath + path);
    });
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, text);
    return text;
  }
}
