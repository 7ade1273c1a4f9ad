/** Conversion of `wsdl:service` and `wsdl:port` (WSDL 1.1 §2.6, §2.7) with their addresses (§3.8, §4.2). */
import { attr, childElements } from '../runtime/xml/xml-parse.js';
import type { BuildContext } from './build-context.js';
import type { Binding, Port, Service } from './types.js';
import { HTTP_BINDING_NS, SOAP11_BINDING_NS, SOAP12_BINDING_NS, WSDL_NS } from './namespaces.js';
import { wsdlDocumentation } from './documentation.js';
import type { RawWsdlComponent } from './wsdl-index.js';
import { optional } from './schema-convert.js';
import { qdisplay, qkey } from './qname-key.js';
import { resolveWsdlRef, type WsdlHints } from './wsdl-refs.js';

const ADDRESS_NS = new Set([SOAP11_BINDING_NS, SOAP12_BINDING_NS, HTTP_BINDING_NS]);

/**
 * Converts a service. Ports whose binding was skipped (no supported
 * extension; already warned about) are left out.
 */
export function convertService(
  ctx: BuildContext,
  hints: WsdlHints,
  bindings: ReadonlyMap<string, Binding>,
  raw: RawWsdlComponent,
): Service {
  const ports: Port[] = [];
  for (const p of childElements(raw.el, WSDL_NS, 'port')) {
    const name = attr(p, 'name');
    if (name === undefined) {
      ctx.error(raw.doc, p, 'wsdl:port has no name attribute');
      continue;
    }
    const bindingName = resolveWsdlRef(ctx, raw.doc, p, 'binding', (q) => hints.has('binding', q));
    if (!bindingName) {
      if (attr(p, 'binding') === undefined) ctx.error(raw.doc, p, `wsdl:port "${name}" has no binding attribute`);
      continue;
    }
    const binding = bindings.get(qkey(bindingName));
    if (!binding) {
      if (!hints.has('binding', bindingName))
        ctx.unresolved(
          raw.doc,
          p,
          `undefined binding ${qdisplay(bindingName)}${hints.hint('binding', bindingName)}`,
          'the port is left out',
        );
      continue;
    }
    const addressEl = childElements(p).find((c) => c.name === 'address' && ADDRESS_NS.has(c.ns));
    ports.push({
      name,
      ...optional('documentation', wsdlDocumentation(p)),
      binding: bindingName,
      kind: binding.kind,
      address: (addressEl ? attr(addressEl, 'location') : undefined) ?? '',
      location: ctx.modelLoc(raw.doc, p),
    });
  }
  return {
    name: raw.name,
    ...optional('documentation', wsdlDocumentation(raw.el)),
    ports,
    location: ctx.modelLoc(raw.doc, raw.el),
  };
}
