/**
 * WSDL 2.0 bindings as WSDL 1.1 bindings of the kinds wsdlc generates:
 * - SOAP binding extension (WSDL 2.0 Part 2 §5): `wsoap:version` 1.1 or 1.2 (default 1.2)
 *   gives soap11 or soap12; document/literal (§5.1: the body is the operation's element);
 *   `wsoap:action` is the SOAP action (`''` when absent); `wsoap:header` adds a header
 *   block typed by its element; `wsoap:code`/`wsoap:subcodes` on binding faults are recorded.
 *   Only the HTTP underlying protocol (`wsoap:protocol`) is supported; SOAP modules that are
 *   required are refused. SOAP 1.2 operations use the request-response MEP, or the SOAP-Response
 *   MEP (`wsoap:mep`/`wsoap:mepDefault`, SOAP 1.2 Part 2 §6.3): a GET to the address plus the
 *   operation's `whttp:location`, the input serialized as the HTTP binding serializes a GET's
 *   (`{name}` citations in the path, the other values `application/x-www-form-urlencoded` in the
 *   query, Part 2 §5.10.3, §6.8.2), answered with an envelope; recorded on the synthetic
 *   `soap12:operation` (`wsoap:mep`, `whttp:location`, `whttp:queryParameterSeparator`,
 *   `whttp:ignoreUncited`) for model/wsdl-binding.ts. Other MEPs are refused.
 * - HTTP binding extension (Part 2 §6): the method (`whttp:method`, then `whttp:methodDefault`,
 *   then GET for `wsdlx:safe` operations and POST otherwise, §6.3.1) gives httpGet or httpPost;
 *   the input serialization (default application/x-www-form-urlencoded for GET,
 *   application/xml for POST, §6.4) gives URL-encoded parameters (the element's children,
 *   IRI style) or an XML body; `whttp:location` the path, whose `{name}` and `{!name}` citations put
 *   those values in the path (as WSDL 1.1's `http:urlReplacement`) and `name={name}` in the query.
 *   A binding whose operations use both GET and POST becomes two bindings. Refused with a located
 *   error: other methods, other citations in the query part, citations with an XML input,
 *   a query parameter separator other than `&` and `;`, `whttp:header`, other serializations.
 *   `whttp:ignoreUncited="true"` leaves uncited values unsent (§6.8.1.2); a separator (§6.8.2)
 *   separates URL-encoded pairs in the query and the form body. In-only and robust-in-only operations have no output message, so the
 *   server answers 202 with no body (Part 2 §6.4.1 maps the output message, if any, to the HTTP
 *   response's body), and a fault as the HTTP bindings answer every fault.
 */
import type { SourceDocument } from '../../load/types.js';
import type { XmlElement } from '../../runtime/xml/xml-parse.js';
import { attr, childElements } from '../../runtime/xml/xml-parse.js';
import type { BuildContext } from '../build-context.js';
import type { QName } from '../types.js';
import { qdisplay, qkey } from '../qname-key.js';
import { HTTP_BINDING_NS, MIME_NS, SOAP11_BINDING_NS, SOAP12_BINDING_NS, WSDL_NS } from '../namespaces.js';
import {
  type Component20,
  componentRef,
  type Index20,
  tnsOf,
  WSDL20_EXTENSIONS_NS,
  WSDL20_HTTP_NS,
  WSDL20_NS,
  WSDL20_SOAP_NS,
} from './components.js';
import { type Interfaces, type Operation20, messageElement } from './interface.js';
import { synth } from './synthetic.js';
import { documentationOf } from './documentation.js';

/**
 * A lowered binding: its synthetic elements and what endpoints need to know of it. An HTTP
 * binding whose operations use GET and POST is lowered into two, named `<binding>.GET` and
 * `<binding>.POST` (`suffix`), each endpoint into a port of each (`<endpoint>.GET`, `<endpoint>.POST`).
 */
export interface LoweredBinding {
  readonly name: QName;
  /** `''`, or `.GET`/`.POST` for the halves of an HTTP binding that uses both methods. */
  readonly suffix: string;
  readonly kind: 'soap11' | 'soap12' | 'httpGet' | 'httpPost';
  readonly interface: QName;
  /** HTTP, and SOAP-Response operations (SOAP 1.2 Part 2 §6.3): each operation's location as written (templates unescaped). */
  readonly locations: readonly string[];
  /** Synthetic `wsdl:message`s (headers) then the `wsdl:binding`. */
  readonly elements: readonly XmlElement[];
}

const SOAP_HTTP_PROTOCOLS = new Set([
  'http://www.w3.org/2003/05/soap/bindings/HTTP/',
  'http://www.w3.org/2003/05/soap/bindings/HTTP',
  'http://www.w3.org/2006/01/soap11/bindings/HTTP/',
  'http://www.w3.org/2006/01/soap11/bindings/HTTP',
]);
const REQUEST_RESPONSE_MEPS = new Set([
  'http://www.w3.org/2003/05/soap/mep/request-response/',
  'http://www.w3.org/2003/05/soap/mep/request-response',
]);
/** The SOAP-Response MEP (SOAP 1.2 Part 2 §6.3), with and without its final `/` (the W3C primer omits it). */
const SOAP_RESPONSE_MEPS = new Set([
  'http://www.w3.org/2003/05/soap/mep/soap-response/',
  'http://www.w3.org/2003/05/soap/mep/soap-response',
]);
const FORM = 'application/x-www-form-urlencoded';

/** `text/xml`, `application/xml` and `+xml` media types (RFC 7303), parameters ignored. */
function isXmlType(type: string): boolean {
  const t = type.split(';')[0]!.trim().toLowerCase();
  return t === 'text/xml' || t === 'application/xml' || t.endsWith('+xml');
}

/** The child `input`/`output` of a binding operation (WSDL 2.0 Part 1 §2.10). */
function direction(bop: XmlElement | undefined, name: 'input' | 'output'): XmlElement | undefined {
  return bop ? childElements(bop, WSDL20_NS, name)[0] : undefined;
}

/** Shared state while lowering one binding. */
interface Job {
  readonly ctx: BuildContext;
  readonly doc: SourceDocument;
  readonly binding: Component20;
  readonly messages: XmlElement[];
}

/** Lowers a binding; `undefined` (reported) when it cannot be generated. */
export function lowerBinding(
  ctx: BuildContext,
  index: Index20,
  interfaces: Interfaces,
  binding: Component20,
): LoweredBinding[] | undefined {
  const { doc, el } = binding;
  const type = attr(el, 'type')?.trim();
  if (type !== WSDL20_SOAP_NS && type !== WSDL20_HTTP_NS) {
    ctx.error(
      doc,
      el,
      `binding ${binding.name.name}: ${type === undefined ? 'no type attribute' : `type "${type}" is not supported`}; wsdlc reads the WSDL 2.0 SOAP (${WSDL20_SOAP_NS}) and HTTP (${WSDL20_HTTP_NS}) bindings`,
    );
    return undefined;
  }
  if (attr(el, 'interface') === undefined) {
    ctx.error(
      doc,
      el,
      `binding ${binding.name.name} has no interface attribute: a binding for any interface is not supported; name the interface`,
    );
    return undefined;
  }
  const iface = componentRef(
    ctx,
    doc,
    el,
    'interface',
    'interface',
    index.interface,
    'the binding and its endpoints are left out',
  );
  const flat = iface ? interfaces.get(iface) : undefined;
  if (!iface || !flat) return undefined;
  const byRef = new Map<string, XmlElement>();
  for (const bop of childElements(el, WSDL20_NS, 'operation')) {
    const q = ctx.qnameAttr(doc, bop, 'ref');
    if (!q) {
      if (attr(bop, 'ref') === undefined) ctx.error(doc, bop, 'binding operation has no ref attribute');
      continue;
    }
    if (!flat.operations.some((o) => qkey(o.name) === qkey(q))) {
      ctx.unresolved(
        doc,
        bop,
        `binding ${binding.name.name}: operation ref ${qdisplay(q)} is not an operation of interface ${qdisplay(iface.name)} (it has ${flat.operations.map((o) => `"${o.name.name}"`).join(', ') || 'no operations'})`,
        'the binding operation is ignored',
      );
      continue;
    }
    byRef.set(qkey(q), bop);
  }
  const job: Job = { ctx, doc, binding, messages: [] };
  const operations = flat.operations.filter((o) => !o.broken);
  const bodies = type === WSDL20_SOAP_NS ? soapBinding(job, operations, byRef) : httpBinding(job, operations, byRef);
  if (!bodies) return undefined;
  const list = Array.isArray(bodies) ? bodies : [bodies];
  return list.map((lowered, i) => {
    const suffix = list.length > 1 ? `.${lowered.kind === 'httpGet' ? 'GET' : 'POST'}` : '';
    const name = { ns: binding.name.ns, name: `${binding.name.name}${suffix}` };
    const bindingEl = synth(WSDL_NS, 'binding', el, { name: name.name, type: iface.name }, [
      ...documentationOf(el),
      lowered.ext,
      ...lowered.operations,
    ]);
    return {
      name,
      suffix,
      kind: lowered.kind,
      interface: iface.name,
      locations: lowered.locations,
      elements: i === 0 ? [...job.messages, bindingEl] : [bindingEl],
    };
  });
}

interface LoweredBody {
  readonly kind: LoweredBinding['kind'];
  readonly ext: XmlElement;
  readonly operations: XmlElement[];
  readonly locations: string[];
}

/** Refuses required SOAP modules (WSDL 2.0 Part 2 §5.7) under `el`; warns about optional ones. */
function checkModules(job: Job, el: XmlElement): boolean {
  let ok = true;
  for (const m of childElements(el, WSDL20_SOAP_NS, 'module')) {
    const ref = attr(m, 'ref') ?? '';
    if (attr(m, 'required') === 'true') {
      job.ctx.error(job.doc, m, `SOAP module ${ref} is required, and wsdlc implements no SOAP modules`);
      ok = false;
    } else job.ctx.warning(job.doc, m, `optional SOAP module ${ref} is ignored`);
  }
  return ok;
}

function soapBinding(
  job: Job,
  operations: readonly Operation20[],
  byRef: Map<string, XmlElement>,
): LoweredBody | undefined {
  const { ctx, doc, binding } = job;
  const el = binding.el;
  const version = attr(el, 'version', WSDL20_SOAP_NS)?.trim() ?? '1.2';
  if (version !== '1.1' && version !== '1.2') {
    ctx.error(doc, el, `binding ${binding.name.name}: wsoap:version="${version}" is not supported (1.1 or 1.2)`);
    return undefined;
  }
  const kind = version === '1.1' ? 'soap11' : 'soap12';
  const extNs = kind === 'soap11' ? SOAP11_BINDING_NS : SOAP12_BINDING_NS;
  const protocol = attr(el, 'protocol', WSDL20_SOAP_NS)?.trim();
  if (protocol === undefined) {
    ctx.warning(
      doc,
      el,
      `binding ${binding.name.name} has no wsoap:protocol (WSDL 2.0 Part 2 §5.3); SOAP over HTTP is assumed`,
    );
  } else if (!SOAP_HTTP_PROTOCOLS.has(protocol)) {
    ctx.error(
      doc,
      el,
      `binding ${binding.name.name}: wsoap:protocol="${protocol}" is not supported; wsdlc speaks SOAP over HTTP`,
    );
    return undefined;
  }
  let ok = checkModules(job, el);
  const mepDefault = attr(el, 'mepDefault', WSDL20_SOAP_NS)?.trim();
  const separatorDefault = attr(el, 'queryParameterSeparatorDefault', WSDL20_HTTP_NS);
  const locations: string[] = [];
  const codes = new Map<string, { code?: QName; subcodes?: QName[] }>();
  for (const f of childElements(el, WSDL20_NS, 'fault')) {
    const ref = ctx.qnameAttr(doc, f, 'ref');
    if (!ref) continue;
    const code = attr(f, 'code', WSDL20_SOAP_NS)?.trim();
    const subcodes = attr(f, 'subcodes', WSDL20_SOAP_NS)?.trim();
    const codeQ = code && code !== '#any' ? ctx.qnameValue(doc, f, code, `wsoap:code="${code}"`) : undefined;
    const subQ =
      subcodes && subcodes !== '#any'
        ? subcodes
            .split(/\s+/)
            .map((s) => ctx.qnameValue(doc, f, s, `wsoap:subcodes="${subcodes}"`))
            .filter((q): q is QName => q !== undefined)
        : undefined;
    codes.set(qkey(ref), { ...(codeQ ? { code: codeQ } : {}), ...(subQ && subQ.length > 0 ? { subcodes: subQ } : {}) });
  }
  const ops: XmlElement[] = [];
  for (const op of operations) {
    const bop = byRef.get(qkey(op.name));
    if (bop && !checkModules(job, bop)) ok = false;
    const mep = (bop ? attr(bop, 'mep', WSDL20_SOAP_NS)?.trim() : undefined) ?? mepDefault;
    const soapResponse = kind === 'soap12' && mep !== undefined && SOAP_RESPONSE_MEPS.has(mep);
    if (kind === 'soap12' && mep !== undefined && !REQUEST_RESPONSE_MEPS.has(mep) && !soapResponse) {
      ctx.error(
        doc,
        bop ?? el,
        `operation "${op.name.name}": SOAP MEP ${mep} is not supported (wsdlc's SOAP 1.2 operations use the request-response MEP or the SOAP-Response MEP, SOAP 1.2 Part 2 §6.2, §6.3)`,
      );
      ok = false;
      continue;
    }
    const action = bop ? attr(bop, 'action', WSDL20_SOAP_NS) : undefined;
    const at = bop ?? op.el;
    const get = soapResponse ? soapResponseGet(job, op, bop, mep, separatorDefault) : undefined;
    if (get === false) {
      ok = false;
      continue;
    }
    if (get) locations.push(get.location);
    const children: XmlElement[] = [
      synth(extNs, 'operation', at, { soapAction: action ?? '', style: 'document', ...(get ? get.attrs : {}) }),
      synth(WSDL_NS, 'input', direction(bop, 'input') ?? at, {}, [
        synth(extNs, 'body', at, { use: 'literal' }),
        ...soapHeaders(job, op, direction(bop, 'input'), 'In', extNs),
        // Cited values go in the path as WSDL 1.1's http:urlReplacement puts them.
        ...(get?.cited ? [synth(HTTP_BINDING_NS, 'urlReplacement', at)] : []),
      ]),
    ];
    if (op.outputEl) {
      children.push(
        synth(WSDL_NS, 'output', direction(bop, 'output') ?? at, {}, [
          synth(extNs, 'body', at, { use: 'literal' }),
          ...soapHeaders(job, op, direction(bop, 'output'), 'Out', extNs),
        ]),
      );
    }
    for (const f of op.faults) {
      const c = codes.get(qkey(f.name));
      children.push(
        synth(WSDL_NS, 'fault', at, { name: f.name.name }, [
          synth(extNs, 'fault', at, {
            name: f.name.name,
            use: 'literal',
            ...(c?.code ? { [`{${WSDL20_SOAP_NS}}code`]: c.code } : {}),
            ...(c?.subcodes ? { [`{${WSDL20_SOAP_NS}}subcodes`]: c.subcodes } : {}),
          }),
        ]),
      );
    }
    ops.push(
      synth(WSDL_NS, 'operation', at, { name: op.name.name }, [...(bop ? documentationOf(bop) : []), ...children]),
    );
  }
  if (!ok) return undefined;
  const transport = 'http://schemas.xmlsoap.org/soap/http';
  return { kind, ext: synth(extNs, 'binding', el, { transport, style: 'document' }), operations: ops, locations };
}

/**
 * The GET serialization of a SOAP-Response operation (SOAP 1.2 Part 2 §6.3; WSDL 2.0 Part 2 §5.10.3):
 * its `whttp:location` (default: the endpoint address itself), read as the HTTP binding reads it
 * ({@link readTemplate}), `whttp:queryParameterSeparator` (or the binding's default) and
 * `whttp:ignoreUncited`, as attributes of the synthetic `soap12:operation`. `false` (reported) when
 * the operation cannot be sent so: it has no output (the MEP's response is the output message), or
 * its location or separator is one the HTTP binding refuses too.
 */
function soapResponseGet(
  job: Job,
  op: Operation20,
  bop: XmlElement | undefined,
  mep: string,
  separatorDefault: string | undefined,
): { readonly location: string; readonly cited: boolean; readonly attrs: Readonly<Record<string, string>> } | false {
  const { ctx, doc, binding } = job;
  const at = bop ?? op.el;
  const refuse = (message: string): false => {
    ctx.error(
      doc,
      at,
      `operation "${op.name.name}" over SOAP binding ${binding.name.name} (SOAP-Response MEP): ${message}`,
    );
    return false;
  };
  if (!op.outputEl)
    return refuse(
      'the operation has no output message, and the SOAP-Response MEP answers its GET with one (SOAP 1.2 Part 2 §6.3); bind it with the request-response MEP',
    );
  const separator = (bop ? attr(bop, 'queryParameterSeparator', WSDL20_HTTP_NS) : undefined) ?? separatorDefault ?? '&';
  if (separator !== '&' && separator !== ';')
    return refuse(
      `whttp:queryParameterSeparator="${separator}" is not supported (wsdlc separates URL-encoded pairs with "&" or ";")`,
    );
  const written = (bop ? attr(bop, 'location', WSDL20_HTTP_NS) : undefined) ?? '';
  const template = readTemplate(written, separator);
  if ('error' in template) return refuse(`whttp:location="${written}": ${template.error}`);
  const ignoreUncited = bop !== undefined && attr(bop, 'ignoreUncited', WSDL20_HTTP_NS) === 'true';
  return {
    location: template.location,
    cited: template.cited,
    attrs: {
      [`{${WSDL20_SOAP_NS}}mep`]: mep,
      [`{${WSDL20_HTTP_NS}}location`]: template.location,
      ...(ignoreUncited ? { [`{${WSDL20_HTTP_NS}}ignoreUncited`]: 'true' } : {}),
      ...(separator !== '&' ? { [`{${WSDL20_HTTP_NS}}queryParameterSeparator`]: separator } : {}),
    },
  };
}

/** `wsoap:header` (WSDL 2.0 Part 2 §5.6) of one direction, as `soap:header` with a synthetic message each. */
function soapHeaders(
  job: Job,
  op: Operation20,
  dir: XmlElement | undefined,
  label: 'In' | 'Out',
  extNs: string,
): XmlElement[] {
  if (!dir) return [];
  const out: XmlElement[] = [];
  let i = 0;
  for (const h of childElements(dir, WSDL20_SOAP_NS, 'header')) {
    const element = job.ctx.qnameAttr(job.doc, h, 'element');
    if (!element) {
      if (attr(h, 'element') === undefined) job.ctx.error(job.doc, h, 'wsoap:header has no element attribute');
      continue;
    }
    const name = `${job.binding.name.name}.${op.name.name}.${label}.Header${++i}`;
    job.messages.push(messageElement(name, element, h));
    out.push(synth(extNs, 'header', h, { message: { ns: tnsOf(job.doc), name }, part: element.name, use: 'literal' }));
  }
  return out;
}

function httpBinding(
  job: Job,
  operations: readonly Operation20[],
  byRef: Map<string, XmlElement>,
): LoweredBody[] | undefined {
  const { ctx, doc, binding } = job;
  const el = binding.el;
  const methodDefault = attr(el, 'methodDefault', WSDL20_HTTP_NS)?.trim();
  const separatorDefault = attr(el, 'queryParameterSeparatorDefault', WSDL20_HTTP_NS);
  let ok = true;
  const byMethod = new Map<'GET' | 'POST', { ops: XmlElement[]; locations: string[] }>();
  for (const op of operations) {
    const bop = byRef.get(qkey(op.name));
    const at = bop ?? op.el;
    const opName = op.name.name;
    const refuse = (message: string, where: XmlElement = at): void => {
      ctx.error(doc, where, `operation "${opName}" over HTTP binding ${binding.name.name}: ${message}`);
      ok = false;
    };
    const safe = attr(op.el, 'safe', WSDL20_EXTENSIONS_NS) === 'true';
    const method = ((bop ? attr(bop, 'method', WSDL20_HTTP_NS) : undefined) ?? methodDefault ?? (safe ? 'GET' : 'POST'))
      .trim()
      .toUpperCase();
    if (method !== 'GET' && method !== 'POST') {
      refuse(`HTTP method ${method} is not supported (wsdlc's HTTP bindings are GET and POST)`);
      continue;
    }
    let group = byMethod.get(method);
    if (!group) byMethod.set(method, (group = { ops: [], locations: [] }));
    const inSer =
      (bop ? attr(bop, 'inputSerialization', WSDL20_HTTP_NS) : undefined) ??
      (method === 'GET' ? FORM : 'application/xml');
    const outSer = (bop ? attr(bop, 'outputSerialization', WSDL20_HTTP_NS) : undefined) ?? 'application/xml';
    const inForm = inSer.split(';')[0]!.trim().toLowerCase() === FORM;
    if (!inForm && !(method === 'POST' && isXmlType(inSer))) {
      refuse(
        `whttp:inputSerialization="${inSer}" is not supported with ${method} (GET: ${FORM}; POST: ${FORM} or an XML media type)`,
      );
      continue;
    }
    if (!isXmlType(outSer)) {
      refuse(`whttp:outputSerialization="${outSer}" is not supported (an XML media type)`);
      continue;
    }
    const separator =
      (bop ? attr(bop, 'queryParameterSeparator', WSDL20_HTTP_NS) : undefined) ?? separatorDefault ?? '&';
    if (separator !== '&' && separator !== ';') {
      refuse(
        `whttp:queryParameterSeparator="${separator}" is not supported (wsdlc separates URL-encoded pairs with "&" or ";")`,
      );
      continue;
    }
    const ignoreUncited = bop !== undefined && attr(bop, 'ignoreUncited', WSDL20_HTTP_NS) === 'true';
    const headerEl = [bop, direction(bop, 'input'), direction(bop, 'output')]
      .flatMap((d) => (d ? childElements(d, WSDL20_HTTP_NS, 'header') : []))
      .at(0);
    if (headerEl) {
      refuse('whttp:header is not supported (typed HTTP headers)', headerEl);
      continue;
    }
    const written = (bop ? attr(bop, 'location', WSDL20_HTTP_NS) : undefined) ?? '';
    const template = readTemplate(written, separator);
    if ('error' in template) {
      refuse(`whttp:location="${written}": ${template.error}`);
      continue;
    }
    const { location, cited } = template;
    if (cited && !inForm) {
      refuse(
        `whttp:location="${written}" cites input values with {name} while the input is an XML body (${inSer}); wsdlc takes cited values from ${FORM} inputs only`,
      );
      continue;
    }
    group.locations.push(location);
    const input = op.input ? op.input : undefined;
    const inputExt = inForm
      ? method === 'GET'
        ? synth(HTTP_BINDING_NS, 'urlEncoded', at)
        : synth(MIME_NS, 'content', at, { type: FORM })
      : synth(MIME_NS, 'mimeXml', at, input ? { part: input.name } : {});
    // Cited values go in the path as WSDL 1.1's http:urlReplacement puts them; the others stay parameters.
    const inputExts = cited ? [inputExt, synth(HTTP_BINDING_NS, 'urlReplacement', at)] : [inputExt];
    // The WSDL 2.0 properties WSDL 1.1 has no syntax for ride on http:operation, read by model/wsdl-binding.ts.
    const children: XmlElement[] = [
      synth(HTTP_BINDING_NS, 'operation', at, {
        location,
        ...(ignoreUncited ? { [`{${WSDL20_HTTP_NS}}ignoreUncited`]: 'true' } : {}),
        ...(separator !== '&' ? { [`{${WSDL20_HTTP_NS}}queryParameterSeparator`]: separator } : {}),
      }),
      synth(WSDL_NS, 'input', direction(bop, 'input') ?? at, {}, inputExts),
    ];
    if (op.outputEl) {
      const output = op.output ? op.output : undefined;
      children.push(
        synth(
          WSDL_NS,
          'output',
          direction(bop, 'output') ?? at,
          {},
          output ? [synth(MIME_NS, 'mimeXml', at, { part: output.name })] : [],
        ),
      );
    }
    group.ops.push(
      synth(WSDL_NS, 'operation', at, { name: opName }, [...(bop ? documentationOf(bop) : []), ...children]),
    );
  }
  if (!ok) return undefined;
  if (byMethod.size === 0) {
    const verb = methodDefault?.toUpperCase() === 'GET' ? 'GET' : 'POST';
    byMethod.set(verb, { ops: [], locations: [] });
  }
  // wsdlc's HTTP bindings have one verb each (WSDL 1.1 §4.4): GET operations and POST operations go to two.
  return (['GET', 'POST'] as const)
    .filter((m) => byMethod.has(m))
    .map((verb) => ({
      kind: verb === 'GET' ? ('httpGet' as const) : ('httpPost' as const),
      ext: synth(HTTP_BINDING_NS, 'binding', el, { verb }),
      operations: byMethod.get(verb)!.ops,
      locations: byMethod.get(verb)!.locations,
    }));
}

/**
 * A `whttp:location` read as WSDL 2.0 Part 2 §6.8.1.1 writes it: `{{` and `}}` stand for braces,
 * `{name}` cites the input element's child `name`, whose value goes in the path percent-encoded,
 * `{!name}` the same value unencoded. The result writes each citation as WSDL 1.1's
 * `http:urlReplacement` does, `(name)` (§4.7), and `{!name}` as `(!name)`, which no part name can
 * be (runtime/wire/http-encoding.ts); `cited` tells whether there is any. In the query part (after
 * the first `?`) a citation must be a whole value named after the element (`id={id}`, pairs
 * separated by `separator`), so the server reads it as any query parameter. Refused: `{!name}` in
 * the query, other query citations, and literal parentheses beside citations (they would read as
 * citations).
 */
function readTemplate(
  written: string,
  separator: string,
): { readonly location: string; readonly cited: boolean } | { readonly error: string } {
  let out = '';
  let cited = false;
  /** Offset in `out` where the current query pair starts; -1 in the path. */
  let pairStart = -1;
  for (let i = 0; i < written.length; i++) {
    const c = written[i]!;
    if ((c === '{' || c === '}') && written[i + 1] === c) {
      out += c;
      i++;
      continue;
    }
    if (c === '}') return { error: `the "}" at offset ${i} closes no "{" (write "}}" for a brace)` };
    if (c !== '{') {
      out += c;
      if (pairStart < 0 ? c === '?' : written.startsWith(separator, i)) {
        if (pairStart >= 0 && separator.length > 1) {
          out += separator.slice(1);
          i += separator.length - 1;
        }
        pairStart = out.length;
      }
      continue;
    }
    const end = written.indexOf('}', i + 1);
    const name = end < 0 ? '' : written.slice(i + 1, end);
    if (end < 0 || name === '' || name.includes('{'))
      return { error: `the "{" at offset ${i} does not enclose an element name (write "{{" for a brace)` };
    if (pairStart >= 0) {
      if (name.startsWith('!'))
        return {
          error: `{${name}} asks for the value unencoded in the query part; wsdlc writes query values encoded ({${name.slice(1)}}), and {!name} in the path`,
        };
      const after = end + 1;
      if (out.slice(pairStart) !== `${name}=` || (after < written.length && !written.startsWith(separator, after)))
        return {
          error: `{${name}} in the query part must be a whole value named after it (${name}={${name}}), which wsdlc reads as the query parameter ${name}`,
        };
    }
    out += `(${name})`;
    cited = true;
    i = end;
  }
  if (cited && /[()]/.test(written))
    return { error: 'the location has literal parentheses beside {name} citations, which wsdlc cannot tell apart' };
  return { location: out, cited };
}
