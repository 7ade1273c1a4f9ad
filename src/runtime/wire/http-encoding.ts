/**
 * HTTP GET/POST bindings' parameters (WSDL 1.1 §4.5 `http:urlEncoded`, §4.6
 * `mime:content type="application/x-www-form-urlencoded"`): the named inputs as
 * `application/x-www-form-urlencoded` pairs (WHATWG URL Standard §5, as HTML
 * forms send them), in a query string for GET and in the body for POST.
 * Repeated parameters carry array inputs.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { HttpOperationDesc, OperationDesc, PortDesc, ServiceDesc } from './descriptors.js';
import { type ClientRoutes, refuseOtherRoute, type WrittenValue } from './http-route-check.js';
import { encodeSimpleValue } from './codec.js';
import { EncodeError } from './scalars.js';
import {
  asciiLower,
  asUrlPath,
  type CompiledPathTemplate,
  compilePathTemplate,
  matchPathTemplate,
} from './path-template-match.js';
import { splitPathTemplate } from './path-template.js';

export { FORM_CONTENT_TYPE } from './namespaces.js';

/**
 * Writes the request path of a templated location (`http:urlReplacement`, WSDL 2.0
 * `whttp:location` with `{name}`): the location relative to the port with `input`'s
 * values, refused when the server would run another operation on it.
 */
export type TemplatedPathWriter = (
  service: ServiceDesc,
  port: PortDesc,
  op: OperationDesc,
  http: HttpOperationDesc,
  input: unknown,
) => string;

/**
 * The writer of templated paths, set by wire/http-path.ts when it is loaded: a client
 * whose contract has no templated location (most) does not carry the route checks.
 */
export const templatedPaths: { write: TemplatedPathWriter | undefined } = { write: undefined };

function isMany(max: number): boolean {
  return max === -1 || max > 1;
}

/**
 * Encodes the input object as form pairs, in parameter order.
 * @throws EncodeError when a required parameter is missing or a value does not fit.
 */
export function encodeHttpParams(op: HttpOperationDesc, input: unknown, opName = ''): string {
  const obj: Readonly<Record<string, unknown>> =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const params = new URLSearchParams();
  for (const p of op.params) {
    if (p.inPath === true) continue;
    const path = opName === '' ? p.prop : `${opName}/${p.prop}`;
    const v = obj[p.prop];
    if (v === undefined || v === null) {
      if (p.min > 0) throw new EncodeError(path, 'missing required parameter');
      continue;
    }
    if (isMany(p.max)) {
      const items: readonly unknown[] = Array.isArray(v) ? v : [v];
      for (let i = 0; i < items.length; i++)
        params.append(p.name, urlText(encodeSimpleValue(items[i], p.value, `${path}[${i}]`), `${path}[${i}]`));
    } else {
      params.append(p.name, urlText(encodeSimpleValue(v, p.value, path), path));
    }
  }
  const text = params.toString();
  // Names and values have their own `&` escaped: every `&` left separates two pairs.
  return op.separator === undefined ? text : text.split('&').join(op.separator);
}

/** Whether some parameter of `op` is carried in its path (`http:urlReplacement`). */
export function hasPathParams(op: HttpOperationDesc): boolean {
  for (const p of op.params) if (p.inPath === true) return true;
  return false;
}

/**
 * The operation's path with each `(name)` replaced by that parameter's value (an absent optional
 * value in the path is the empty string):
 * - in the path, percent-encoded as one path segment (`http:urlReplacement`, WSDL 1.1 §4.7; RFC 3986
 *   §3.3: every character but the unreserved ones is escaped, so a value cannot add segments or a query);
 * - in the path and raw (`(!name)`, WSDL 2.0 `{!name}`, Part 2 §6.8.1.1: the value is not
 *   percent-encoded), with what a path may hold as it is, `/` included (so a value may span
 *   segments); `%`, `?`, `#` and what a URI cannot hold are still escaped, so the value cannot end
 *   the path, start a fragment, or read as an escape it did not contain (RFC 3987 §3.1);
 * - in the query, as `application/x-www-form-urlencoded` values are (WHATWG URL Standard §5.2), as
 *   the uncited parameters beside it; an absent value leaves its `name=` pair out.
 *
 * With `check`, the written path is also checked against the service's other locations: the
 * server must choose `check.operation` for it and read back the values written (http-route-check.ts).
 * @throws EncodeError when a required parameter is missing, a value does not fit, or the server
 * would read the path as another operation's or with other values.
 */
export function replaceHttpPath(
  op: HttpOperationDesc,
  input: unknown,
  opName = '',
  check?: { readonly routes: ClientRoutes; readonly operation: OperationDesc },
): string {
  const template = splitPathTemplate(op.path);
  if ('error' in template) return op.path;
  const obj: Readonly<Record<string, unknown>> =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const sent = locationAsSent(op, template.literals);
  const literals = sent.literals;
  let out = literals[0] ?? '';
  // Each citation in the path: where its text (the empty string when absent) is in `out`, and its parameter.
  const spans: PathSpan[] = [];
  for (let i = 0; i < template.names.length; i++) {
    const name = template.names[i]!;
    const p = op.params.find((q) => q.inPath === true && q.name === name);
    let text = `(${template.raw[i] === true ? '!' : ''}${name})`;
    let next = literals[i + 1] ?? '';
    const param = p === undefined ? '' : opName === '' ? p.prop : `${opName}/${p.prop}`;
    if (p !== undefined) {
      const v = obj[p.prop];
      text = '';
      if (v === undefined || v === null) {
        if (p.min > 0) throw new EncodeError(param, 'missing required parameter');
        if (template.inQuery[i] === true && out.endsWith(`${name}=`)) {
          // An absent value leaves its query pair out (an empty one would arrive as the empty string).
          out = out.slice(0, out.length - name.length - 1);
          if (/[?&;]$/.test(out) && /^[&;]/.test(next)) next = next.slice(1);
          else if (next === '' && /[?&;]$/.test(out)) out = out.slice(0, -1);
        }
      } else {
        const value = urlText(encodeSimpleValue(v, p.value, param), param);
        if (template.inQuery[i] === true) text = encodeQueryValue(value);
        else text = template.raw[i] === true ? encodeRawPath(value) : encodePathSegment(value);
      }
    }
    if (template.inQuery[i] !== true) spans.push({ from: out.length, name, text, param, after: next.split('?')[0]! });
    out += text + next;
  }
  if (spans.length > 0) {
    const q = out.indexOf('?');
    const path = q < 0 ? out : out.slice(0, q);
    refuseEndpointPath(path, spans);
    refuseDotSegments(path, spans);
    refuseMisread(sent.compiled, path, spans);
    if (check !== undefined) refuseOtherRoute(check.routes, check.operation, op, path, spans);
  }
  return out;
}

/** An operation's location as the client writes and checks it, made once per operation. */
interface LocationAsSent {
  /**
   * The literal text around the citations: the path's as a URL parser will write it (`é` as
   * `%C3%A9`, `\\` as `/`, tabs dropped: path-template-match.ts `asUrlPath`), the query's as it is.
   */
  readonly literals: readonly string[];
  /** The path part compiled as the server compiles it, for reading written paths back. */
  readonly compiled: CompiledPathTemplate;
}

const AS_SENT = new WeakMap<HttpOperationDesc, LocationAsSent>();

/** `op`'s location as sent ({@link LocationAsSent}), so that what the client checks is what goes on the wire. */
function locationAsSent(op: HttpOperationDesc, literals: readonly string[]): LocationAsSent {
  let cached = AS_SENT.get(op);
  if (cached === undefined) {
    let inPath = true;
    const sent = literals.map((text) => {
      if (!inPath) return text;
      const q = text.indexOf('?');
      if (q < 0) return asUrlPath(text);
      inPath = false;
      return asUrlPath(text.slice(0, q)) + text.slice(q);
    });
    cached = { literals: sent, compiled: compilePathTemplate(op.path, true) };
    AS_SENT.set(op, cached);
  }
  return cached;
}

/** A citation's text in a path being written. */
interface PathSpan extends WrittenValue {
  /** Where the text starts in the path. */
  readonly from: number;
  /** The location's text after the citation, up to its query. */
  readonly after: string;
}

/**
 * Refuses a path that is the endpoint's own (a location of citations only, its values empty):
 * the server would answer it as the service (its `?wsdl` or help page), not as the operation.
 * @throws EncodeError naming the first parameter.
 */
function refuseEndpointPath(path: string, spans: readonly PathSpan[]): void {
  if (path !== '' && path !== '/') return;
  const s = spans.find((x) => x.param !== '');
  if (s !== undefined)
    throw new EncodeError(s.param, "leaves the operation's path empty, which is the endpoint's own path");
}

/**
 * Refuses a path in which a `.` or `..` segment (or its `%2E` spellings, which URL parsers treat
 * alike, WHATWG URL Standard §4.4, where `\` also ends a segment and tabs and newlines are
 * dropped) is or touches a value: resolving the URL would remove it and the segment before it
 * (RFC 3986 §5.2.4), so the request would go to another operation's path, or outside the
 * endpoint's.
 * @throws EncodeError naming the parameter.
 */
function refuseDotSegments(path: string, spans: readonly PathSpan[]): void {
  let start = 0;
  while (start <= path.length) {
    let end = start;
    while (end < path.length && path[end] !== '/' && path[end] !== '\\') end++;
    const segment = path
      .slice(start, end)
      .replace(/[\t\n\r]/g, '')
      .toLowerCase()
      .replace(/%2e/g, '.');
    if (segment === '.' || segment === '..') {
      for (const s of spans)
        if (s.param !== '' && s.from <= end && s.from + s.text.length >= start)
          throw new EncodeError(s.param, `makes the path segment "${segment}", which would leave the operation's path`);
    }
    start = end + 1;
  }
}

/**
 * Refuses a path from which the server would read other values than were written: a value
 * holding (in any case of its ASCII letters) the text the location puts after it would be cut
 * there (path-template-match.ts reads each value up to that text's first occurrence).
 * @throws EncodeError naming the parameter.
 */
function refuseMisread(compiled: CompiledPathTemplate, path: string, spans: readonly PathSpan[]): void {
  const read = matchPathTemplate(compiled, path, asciiLower(path), true);
  for (let k = 0; k < spans.length; k++) {
    const s = spans[k]!;
    if (read !== undefined && read[k] === s.text) continue;
    if (s.param === '') continue;
    throw new EncodeError(
      s.param,
      `holds ${JSON.stringify(s.after)}, the text the location puts after it, so the server could not tell where the value ends`,
    );
  }
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `text` when a URL can carry it: an unpaired surrogate has no UTF-8 form (RFC 3629 §3), so
 * percent-encoding throws on it and a form would send U+FFFD in its place.
 * @throws EncodeError naming the parameter.
 */
function urlText(text: string, path: string): string {
  if (UNPAIRED_SURROGATE.test(text))
    throw new EncodeError(path, 'holds an unpaired surrogate, which a URL cannot carry');
  return text;
}

/** `encodeURIComponent` that also escapes the sub-delimiters it leaves alone (`!'()*`). */
function encodePathSegment(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `encodeURI` (which keeps what a URI may hold, `/` included, and escapes `%`) that also escapes `?` and `#`. */
function encodeRawPath(text: string): string {
  return encodeURI(text).replace(/[?#]/g, (c) => (c === '?' ? '%3F' : '%23'));
}

/** A value as `URLSearchParams` writes one (space as `+`). */
function encodeQueryValue(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}
