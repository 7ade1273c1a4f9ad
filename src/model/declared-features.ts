/**
 * What a contract declares that needs an optional part of the runtime, read from
 * every loaded document (WSDL and XSD) in one walk:
 *
 * - attachments (MTOM/XOP, SOAP with Attachments): a `mime:multipartRelated`
 *   binding (WSDL 1.1 §5.4); an `xmime:expectedContentTypes`/`xmime:contentType`
 *   attribute (W3C Describing Media Content of Binary Data in XML, 2005); a type or
 *   element of type `swaRef` (WS-I Attachments Profile 1.0 §4.4); an MTOM policy
 *   assertion: `wsoma:OptimizedMimeSerialization` (WS-MTOMPolicy of 2004/09, the one
 *   WCF writes) or `mtom:MTOM` (W3C MTOM Serialization Policy Assertion 1.1, 2007).
 * - WS-Security: a WS-SecurityPolicy `sp:UsernameToken` assertion (WS-SecurityPolicy
 *   1.1 §5.4.1 of 2005/07, 1.2/1.3 of OASIS ws-sx), the token the server runtime checks.
 *
 * A policy is counted wherever it is in the documents (attached or not): the output
 * then carries a module it might not use, never lacks one it needs.
 */
import { resolveQName } from '../runtime/xml/xml-parse.js';
import type { XmlElement } from '../runtime/xml/xml-tree.js';
import type { DeclaredFeatures } from './types.js';

const MIME_NS = 'http://schemas.xmlsoap.org/wsdl/mime/';
const XMIME_NS = new Set(['http://www.w3.org/2005/05/xmlmime', 'http://www.w3.org/2004/11/xmlmime']);
const WSI_SWA_NS = 'http://ws-i.org/profiles/basic/1.1/xsd';
const MTOM_POLICY = new Map([
  ['http://schemas.xmlsoap.org/ws/2004/09/policy/optimizedmimeserialization', 'OptimizedMimeSerialization'],
  ['http://www.w3.org/2007/08/soap12-mtom-policy', 'MTOM'],
]);
const SECURITY_POLICY_NS = new Set([
  'http://schemas.xmlsoap.org/ws/2005/07/securitypolicy',
  'http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200512',
  'http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702',
]);

/** Whether `el` itself declares attachments. */
function declaresAttachments(el: XmlElement): boolean {
  if (el.ns === MIME_NS && el.name === 'multipartRelated') return true;
  if (MTOM_POLICY.get(el.ns) === el.name) return true;
  for (const a of el.attrs) {
    if (XMIME_NS.has(a.ns) && (a.name === 'expectedContentTypes' || a.name === 'contentType')) return true;
    if ((a.name === 'type' || a.name === 'base') && a.ns === '' && a.value.endsWith('swaRef')) {
      const q = resolveQName(el, a.value);
      if (q?.ns === WSI_SWA_NS && q.name === 'swaRef') return true;
    }
  }
  return false;
}

/** The optional runtime features the documents rooted at `roots` declare. */
export function declaredFeatures(roots: readonly XmlElement[]): DeclaredFeatures {
  let attachments = false;
  let wsSecurity = false;
  const stack = [...roots];
  for (let el = stack.pop(); el !== undefined && !(attachments && wsSecurity); el = stack.pop()) {
    if (!attachments && declaresAttachments(el)) attachments = true;
    if (!wsSecurity && el.name === 'UsernameToken' && SECURITY_POLICY_NS.has(el.ns)) wsSecurity = true;
    for (const c of el.children) if (typeof c !== 'string') stack.push(c);
  }
  return {
    ...(attachments ? { attachments: true as const } : {}),
    ...(wsSecurity ? { wsSecurity: true as const } : {}),
  };
}
