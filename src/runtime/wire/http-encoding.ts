/**
 * HTTP GET/POST bindings' parameters (WSDL 1.1 §4.5 `http:urlEncoded`, §4.6
 * `mime:content type="application/x-www-form-urlencoded"`): the named inputs as
 * `application/x-www-form-urlencoded` pairs (WHATWG URL Standard §5, as HTML
 * forms send them), in a query string for GET and in the body for POST.
 * Repeated parameters carry array inputs.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { HttpOperationDesc } from './descriptors.js';
import { encodeSimpleValue } from './codec.js';
import { EncodeError } from './scalars.js';

export { FORM_CONTENT_TYPE } from './namespaces.js';

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
        params.append(p.name, encodeSimpleValue(items[i], p.value, `${path}[${i}]`));
    } else {
      params.append(p.name, encodeSimpleValue(v, p.value, path));
    }
  }
  return params.toString();
}

/** Whether some parameter of `op` is carried in its path (`http:urlReplacement`). */
export function hasPathParams(op: HttpOperationDesc): boolean {
  for (const p of op.params) if (p.inPath === true) return true;
  return false;
}

/** A location split at its `(name)` citations (`http:urlReplacement`, WSDL 1.1 §4.7). */
export interface PathTemplate {
  /** The text around the citations: one more than `names`. */
  readonly literals: readonly string[];
  /** The cited names, in order. */
  readonly names: readonly string[];
}

/**
 * Splits `location` at its `(name)` citations (WSDL 1.1 §4.7: the search patterns are the part
 * names enclosed in parentheses), or says why it is not a template (an unclosed or nested
 * parenthesis). The one reader of the syntax: the model checks templates with it, the client
 * fills them in, the server matches requests against them.
 */
export function splitPathTemplate(location: string): PathTemplate | { readonly error: string } {
  const literals: string[] = [];
  const names: string[] = [];
  let open = -1;
  let last = 0;
  for (let i = 0; i < location.length; i++) {
    const c = location[i];
    if (c === '(') {
      if (open >= 0) return { error: `a "(" at offset ${i} opens a second parameter before the first is closed` };
      open = i;
    } else if (c === ')') {
      if (open < 0) return { error: `the ")" at offset ${i} closes no "("` };
      literals.push(location.slice(last, open));
      names.push(location.slice(open + 1, i));
      last = i + 1;
      open = -1;
    }
  }
  if (open >= 0) return { error: `the "(" at offset ${open} is not closed` };
  literals.push(location.slice(last));
  return { literals, names };
}

/**
 * The operation's path with each `(name)` replaced by that parameter's value, percent-encoded as one
 * path segment (`http:urlReplacement`, WSDL 1.1 §4.7; RFC 3986 §3.3: every character but the
 * unreserved ones is escaped, so a value cannot add segments or a query). An absent optional value
 * is the empty string.
 * @throws EncodeError when a required parameter is missing or a value does not fit.
 */
export function replaceHttpPath(op: HttpOperationDesc, input: unknown, opName = ''): string {
  const template = splitPathTemplate(op.path);
  if ('error' in template) return op.path;
  const obj: Readonly<Record<string, unknown>> =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  let out = template.literals[0] ?? '';
  for (let i = 0; i < template.names.length; i++) {
    const name = template.names[i]!;
    const p = op.params.find((q) => q.inPath === true && q.name === name);
    let text = `(${name})`;
    if (p !== undefined) {
      const path = opName === '' ? p.prop : `${opName}/${p.prop}`;
      const v = obj[p.prop];
      text = '';
      if (v === undefined || v === null) {
        if (p.min > 0) throw new EncodeError(path, 'missing required parameter');
      } else text = encodePathSegment(encodeSimpleValue(v, p.value, path));
    }
    out += text + (template.literals[i + 1] ?? '');
  }
  return out;
}

/** `encodeURIComponent` that also escapes the sub-delimiters it leaves alone (`!'()*`). */
function encodePathSegment(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
