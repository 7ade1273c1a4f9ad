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
