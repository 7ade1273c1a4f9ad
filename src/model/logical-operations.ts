/**
 * Logical operations: each operation name of a service linked across every port
 * that offers it (seed §4.3 rule 4: all bindings take the same named inputs and
 * yield the same output). See {@link LogicalOperation}.
 */
import type { BuildContext } from './build-context.js';
import type {
  Binding,
  LogicalFault,
  LogicalOperation,
  Message,
  OperationBinding,
  PortType,
  Service,
  Signature,
  TypeRef,
} from './types.js';
import type { BoundOperation, WireLookups, WireResult } from './wire-message.js';
import { httpWire, paramsAreSimple, soapWire } from './wire-message.js';
import { qkey } from './qname-key.js';
import { optional } from './schema-convert.js';
import { type PathTemplate, splitPathTemplate } from '../runtime/wire/path-template.js';
import { routeKey } from '../runtime/wire/path-template-match.js';

interface Linked {
  readonly bound: BoundOperation;
  readonly ob: OperationBinding;
  readonly input: Signature;
  readonly output?: Signature;
}

/** A string that is equal for equal types: the QName for named types, the structure otherwise. */
export function typeKey(t: TypeRef): string {
  return t.kind === 'named' ? qkey(t.ref) : JSON.stringify(t);
}

function outputKey(s: Signature | undefined): string {
  if (!s) return '';
  if (s.single) return `single:${typeKey(s.single.type)}`;
  return `fields:${s.fields.map((f) => `${f.name}=${typeKey(f.type.type)}`).join(',')}`;
}

function inputKey(s: Signature): string {
  return s.fields.map((f) => f.name).join(',');
}

/** Options of {@link linkOperations}. */
export interface LinkOptions {
  /**
   * Leave a binding that disagrees with the primary (SOAP) one out of the operation, with a
   * warning, instead of keeping it under the primary's signature. Set for WSDL 2.0, where every
   * binding carries the interface's one element per message, so a difference comes from the
   * mapping (SOAP unwraps a single-child output element, the HTTP binding returns the element)
   * and keeping the binding would give it a signature its wire does not have.
   */
  readonly leaveOutDisagreeing?: boolean;
}

/** Builds the logical operations of every service, in document order. */
export function linkOperations(
  ctx: BuildContext,
  services: readonly Service[],
  bindings: ReadonlyMap<string, Binding>,
  portTypes: ReadonlyMap<string, PortType>,
  messages: ReadonlyMap<string, Message>,
  lookups: WireLookups,
  options: LinkOptions = {},
): LogicalOperation[] {
  const result: LogicalOperation[] = [];
  for (const service of services) {
    const byName = new Map<string, Linked[]>();
    const routed = new Map<string, string>();
    for (const port of service.ports) {
      const binding = bindings.get(qkey(port.binding));
      if (!binding) continue;
      const portType = portTypes.get(qkey(binding.portType));
      if (!portType) continue;
      for (const operation of binding.operations) {
        const abstract = portType.operations.find((o) => o.name === operation.name);
        if (!abstract) continue;
        const linked = link(lookups, { port, binding, operation, abstract });
        const unsupported =
          unsupportedHttpInput(lookups, linked.ob) ??
          unsendableLocation(linked.ob) ??
          unsupportedPathParams(linked) ??
          unsentRequired(linked);
        if (unsupported) {
          ctx.sink.warning(
            `operation ${operation.name} of port ${port.name} (${binding.kind}): ${unsupported}; generated code does not offer the operation over this binding`,
            ctx.diagFromModel(operation.location),
          );
          continue;
        }
        const list = byName.get(operation.name);
        if (list) list.push(linked);
        else byName.set(operation.name, [linked]);
      }
    }
    for (const [name, list] of byName) {
      const primary = list.find((l) => l.ob.kind === 'soap11' || l.ob.kind === 'soap12') ?? list[0];
      if (!primary) continue;
      for (let i = 0; i < list.length; i++) list[i] = unwrapLikeSoap(list[i]!, primary);
      const inKey = inputKey(primary.input);
      const outKey = outputKey(primary.output);
      const disagreeing = list.filter((l) => inputKey(l.input) !== inKey || outputKey(l.output) !== outKey);
      if (options.leaveOutDisagreeing && disagreeing.length > 0) {
        for (const l of disagreeing) {
          ctx.sink.warning(
            `operation ${name} of port ${l.ob.port} (${l.ob.kind}): its ${inputKey(l.input) !== inKey ? 'input fields differ' : 'output type differs'} from port ${primary.ob.port} (${primary.ob.kind}) (the SOAP bindings unwrap an output element with a single child, HTTP bindings return the whole element); generated code does not offer the operation over this binding`,
            ctx.diagFromModel(l.bound.operation.location),
          );
        }
        list.splice(0, list.length, ...list.filter((l) => !disagreeing.includes(l)));
        disagreeing.length = 0;
      }
      for (const l of list) {
        const key = serverRouteKey(l.ob);
        if (key === undefined) continue;
        const first = routed.get(key);
        if (first === undefined) routed.set(key, name);
        else if (first !== name)
          ctx.sink.warning(
            `operation ${name} of port ${l.ob.port} (${l.ob.kind}): its location "${l.ob.httpLocation ?? ''}" has the path of operation ${first}'s (the locations differ at most in their query or in the names they cite); the generated server matches request paths, not queries, and answers that path with ${first}`,
            ctx.diagFromModel(l.bound.operation.location),
          );
      }
      const consistent = disagreeing.length === 0;
      if (!consistent) {
        const names = disagreeing.map((l) => `${l.ob.port} (${l.ob.kind})`).join(', ');
        ctx.sink.warning(
          `operation ${name} of service ${service.name.name}: bindings disagree on input fields or output type; ${names} differ from ${primary.ob.port} (${primary.ob.kind}), which is used`,
          ctx.diagFromModel(primary.bound.operation.location),
        );
      }
      const abstract = primary.bound.abstract;
      const documentation = list.map((l) => l.bound.abstract.documentation).find((d) => d !== undefined);
      result.push({
        service: service.name,
        name,
        ...optional('documentation', documentation),
        pattern: abstract.pattern,
        input: primary.input,
        ...optional('output', primary.output),
        faults: abstract.faults.map((f) => logicalFault(messages, f.name, f.message)),
        bindings: list.map((l) => l.ob),
        consistent,
      });
    }
  }
  return result;
}

/**
 * The first two citations in a location's path with no text between them (`(a)(b)`, WSDL 2.0
 * `{a}{b}`), as the location writes them, or undefined: a request path would not say where the
 * first value ends (runtime path-template-match.ts).
 */
function adjacentCitations(template: PathTemplate): string | undefined {
  for (let i = 1; i < template.names.length && template.inQuery[i] !== true; i++)
    if (template.literals[i] === '') {
      const cite = (k: number): string => `(${template.raw[k] === true ? '!' : ''}${template.names[k]})`;
      return `${cite(i - 1)} and ${cite(i)}`;
    }
  return undefined;
}

/**
 * What the generated server tells an HTTP operation's requests apart by (runtime
 * server-routes.ts): the endpoint address, the method, the location's path (its
 * query left out, each citation alike) and, for a POST with an XML body, the body's
 * root element. `undefined` for SOAP bindings, which are routed by action or element.
 */
function serverRouteKey(ob: OperationBinding): string | undefined {
  if (!urlBound(ob)) return undefined;
  const location = (ob.httpLocation ?? '').split('?')[0]!;
  const template = ob.pathParams && ob.pathParams.length > 0 ? splitPathTemplate(location) : undefined;
  const joined = template && 'literals' in template ? template.literals.join('{}') : location;
  // The server routes `items/{!p}`, `items/{!p}/` and `/items/{!p}` alike (runtime server-routes.ts templatePath, routeKey).
  // Percent-escapes decoded as the server decodes paths (`get%20item` is `get item`).
  const path = routeKey(joined.startsWith('/') ? joined.slice(1) : joined);
  const root = ob.kind === 'httpPost' && ob.input.mode === 'xml' && ob.input.element ? qkey(ob.input.element) : '';
  // A SOAP-Response operation is a GET at its location, as an HTTP GET operation's (runtime http-routes.ts).
  return `${ob.address} ${ob.kind === 'httpPost' ? 'POST' : 'GET'} ${path} ${root}`;
}

/**
 * Whether the operation's input goes in the request URI or form (HTTP GET/POST), as the WSDL 2.0 HTTP
 * binding serializes it: the HTTP bindings, and SOAP 1.2 operations of the SOAP-Response MEP
 * (SOAP 1.2 Part 2 §6.3), whose GET carries the input so.
 */
function urlBound(ob: OperationBinding): boolean {
  return ob.kind === 'httpGet' || ob.kind === 'httpPost' || ob.mep === 'soap-response';
}

/** Whether the input is sent as `name=value` parameters: an HTTP binding's `params`, or a SOAP-Response GET's. */
function sentAsParams(ob: OperationBinding): boolean {
  return ob.input.mode === 'params' || (ob.mep === 'soap-response' && ob.input.mode !== 'none');
}

/**
 * An HTTP binding whose output document is the element the primary SOAP binding unwraps (a
 * wrapper with one child, whose value the SOAP caller receives), made to return that child too:
 * the element and its one child carry the same value, so every binding of the operation keeps the
 * one shape (seed §4.3 rule 4). This is how WSDL 2.0 contracts come (one output element per
 * operation, bound to SOAP and HTTP side by side, as Apache Axis2 writes `?wsdl2`), and WSDL 1.1
 * contracts whose `mime:mimeXml` part is the SOAP body's element. Any other binding is returned as is.
 */
function unwrapLikeSoap(l: Linked, primary: Linked): Linked {
  const soap = primary.ob.output;
  const http = l.ob.output;
  if (l.ob.kind !== 'httpGet' && l.ob.kind !== 'httpPost') return l;
  if (!soap || !http || soap.mode !== 'wrapped' || !soap.element || !primary.output) return l;
  if (http.mode !== 'xml' || !http.element || qkey(http.element) !== qkey(soap.element)) return l;
  if (inputKey(l.input) !== inputKey(primary.input)) return l;
  if (soap.resultChild && primary.output.single)
    return { ...l, ob: { ...l.ob, output: { ...http, resultChild: soap.resultChild } }, output: primary.output };
  // A wrapper of several children: SOAP returns its content as an object of fields, and so does HTTP.
  if (!soap.resultChild && !primary.output.single) return { ...l, output: primary.output };
  return l;
}

/**
 * Why an HTTP GET/POST binding operation's input cannot be carried, or undefined:
 * an XML document input over GET (a GET request has no body, WSDL 1.1 §4 / RFC 9110 §9.3.1),
 * or a URL-encoded parameter of complex type (`name=value` pairs hold simple values only, WSDL 1.1 §4.4, §4.6).
 */
function unsupportedHttpInput(lookups: WireLookups, ob: OperationBinding): string | undefined {
  if (ob.kind === 'httpGet' && ob.input.mode === 'xml')
    return 'an XML document input cannot be sent over HTTP GET (a GET request has no body)';
  if (ob.mep === 'soap-response' && sentAsParams(ob) && !paramsAreSimple(lookups, ob.input.parts))
    return 'the SOAP-Response MEP sends the input in the request URI (SOAP 1.2 Part 2 §6.3), and an input of complex type cannot be sent as URL-encoded name=value parameters';
  if (
    (ob.kind === 'httpGet' || ob.kind === 'httpPost') &&
    ob.input.mode === 'params' &&
    !paramsAreSimple(lookups, ob.input.parts)
  ) {
    return 'an input part of complex type cannot be sent as URL-encoded name=value parameters';
  }
  return undefined;
}

/**
 * Why an operation's `http:urlReplacement` location cannot be used, or undefined: every `(name)` must
 * name one single-valued input field, each at most once (WSDL 1.1 §4.7: the search patterns are the
 * part names enclosed in parentheses), and two citations in the path need text between them.
 */
function unsupportedPathParams(linked: Linked): string | undefined {
  const names = linked.ob.pathParams;
  if (names === undefined) return undefined;
  const location = linked.ob.httpLocation ?? '';
  const cited = splitPathTemplate(location);
  if ('error' in cited) return `http:urlReplacement location "${location}" is not a template: ${cited.error}`;
  const seen = new Set<string>();
  for (const name of names) {
    const field = linked.input.fields.find((f) => f.name === name);
    if (!field) {
      const known = linked.input.fields.map((f) => `"${f.name}"`).join(', ');
      return `http:urlReplacement location "${location}" cites (${name}), which is not an input parameter (${known === '' ? 'the input has none' : `the input has ${known}`})`;
    }
    if (seen.has(name)) return `http:urlReplacement location "${location}" cites (${name}) twice`;
    seen.add(name);
    const max = field.type.maxOccurs;
    if (max === 'unbounded' || max > 1)
      return `http:urlReplacement location "${location}" cites (${name}), which may repeat; a path holds one value`;
  }
  const adjacent = adjacentCitations(cited);
  if (adjacent !== undefined)
    return `location "${location}" cites ${adjacent} with no text between them, so a request path would not say where the first value ends`;
  return undefined;
}

/**
 * Why an HTTP binding operation's location cannot be sent as written, or undefined: URL parsers
 * (WHATWG URL Standard §4.4, RFC 3986 §5.2.4) remove a `.` or `..` segment with the one before it,
 * read `\\` as `/`, and end the path at `#`, so the request would not reach the path the server
 * serves the operation at.
 */
function unsendableLocation(ob: OperationBinding): string | undefined {
  if (!urlBound(ob)) return undefined;
  const location = ob.httpLocation ?? '';
  const path = location.split('?')[0]!;
  if (path.includes('#')) return `location "${location}" holds "#", which would end the request's path`;
  if (path.includes('\\')) return `location "${location}" holds "\\", which URL parsers read as "/"`;
  for (const segment of path.split('/')) {
    const dots = segment.replace(/%2e/gi, '.');
    if (dots === '.' || dots === '..')
      return `location "${location}" has a "${dots}" segment, which URL resolution removes (with the segment before it for "..")`;
  }
  return undefined;
}

/**
 * Why an operation whose uncited values are not sent (WSDL 2.0 `whttp:ignoreUncited="true"`, Part 2
 * §6.8.1.2) cannot be offered, or undefined: a required input field the location does not cite would
 * never reach the server.
 */
function unsentRequired(linked: Linked): string | undefined {
  if (!linked.ob.ignoreUncited || !sentAsParams(linked.ob)) return undefined;
  const cited = new Set(linked.ob.pathParams ?? []);
  const lost = linked.input.fields.filter((f) => !cited.has(f.name) && f.type.minOccurs > 0).map((f) => f.name);
  if (lost.length === 0) return undefined;
  return `whttp:ignoreUncited="true" and the location "${linked.ob.httpLocation ?? ''}" does not cite the required input ${lost.map((n) => `"${n}"`).join(', ')}, which would never be sent`;
}

function logicalFault(messages: ReadonlyMap<string, Message>, name: string, message: Message['name']): LogicalFault {
  const part = messages.get(qkey(message))?.parts[0];
  return {
    name,
    message,
    ...optional('element', part?.element),
    ...optional('type', part?.type),
  };
}

/** The names `location` cites, or none when it is not a template (reported by {@link unsupportedPathParams}). */
function pathParamsOf(location: string): readonly string[] {
  const cited = splitPathTemplate(location);
  return 'error' in cited ? [] : cited.names;
}

function link(lookups: WireLookups, bound: BoundOperation): Linked {
  const { port, binding, operation, abstract } = bound;
  const soap = binding.kind === 'soap11' || binding.kind === 'soap12';
  const soapResponse = binding.kind === 'soap12' && operation.soapMep === 'soap-response';
  /** The input goes in the request URI or form: the HTTP bindings, and SOAP-Response's GET. */
  const inUri = !soap || soapResponse;
  const wire = soap ? soapWire : httpWire;
  const input: WireResult = wire(lookups, bound, 'input', abstract.input?.message);
  const output: WireResult | undefined = abstract.output
    ? wire(lookups, bound, 'output', abstract.output.message)
    : undefined;
  const ob: OperationBinding = {
    kind: binding.kind,
    port: port.name,
    binding: binding.name,
    address: port.address,
    ...(soap ? { soapAction: operation.soapAction ?? '' } : {}),
    ...(soap ? { style: operation.style ?? binding.style ?? 'document' } : {}),
    ...(soap ? { use: operation.input?.body?.use ?? operation.output?.body?.use ?? 'literal' } : {}),
    ...(soapResponse ? { mep: 'soap-response' as const } : {}),
    ...(inUri ? optional('httpLocation', operation.httpLocation) : {}),
    ...(!soap ? optional('requestContentType', operation.input?.mimeContentType) : {}),
    ...(inUri && operation.input?.urlReplacement ? { pathParams: pathParamsOf(operation.httpLocation ?? '') } : {}),
    ...(inUri && operation.httpIgnoreUncited ? { ignoreUncited: true } : {}),
    ...(inUri ? optional('querySeparator', operation.httpQuerySeparator) : {}),
    input: input.wire,
    ...optional('output', output?.wire),
  };
  return { bound, ob, input: input.signature, ...optional('output', output?.signature) };
}
