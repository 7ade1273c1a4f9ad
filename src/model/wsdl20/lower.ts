/**
 * The WSDL 2.0 reader (WSDL 2.0 Part 1 Core, Part 2 Adjuncts): turns the WSDL 2.0
 * documents of a loaded contract into WSDL 1.1 element trees of the same meaning,
 * located at the WSDL 2.0 elements they come from, so that one model builder serves
 * both versions and clients and servers come out the same way. Interfaces become
 * port types and messages (interface.ts), bindings SOAP 1.1/1.2 or HTTP GET/POST
 * bindings (binding.ts), services and endpoints services and ports (here). What has no
 * equivalent is refused with a located error naming it.
 */
import type { LoadedSet, SourceDocument } from '../../load/types.js';
import { resolveLocation } from '../../load/resolve-location.js';
import type { XmlElement } from '../../runtime/xml/xml-parse.js';
import { attr, childElements } from '../../runtime/xml/xml-parse.js';
import type { BuildContext } from '../build-context.js';
import { HTTP_BINDING_NS, SOAP11_BINDING_NS, SOAP12_BINDING_NS, WSDL_NS, isXsdNamespace } from '../namespaces.js';
import { qdisplay, qkey } from '../qname-key.js';
import { type Component20, componentRef, indexWsdl20, isWsdl20, tnsOf, WSDL20_NS } from './components.js';
import { Interfaces, lowerInterface } from './interface.js';
import { type LoweredBinding, lowerBinding } from './binding.js';
import { synth } from './synthetic.js';
import { documentationOf } from './documentation.js';

export { isWsdl20 } from './components.js';

const ADDRESS_NS = {
  soap11: SOAP11_BINDING_NS,
  soap12: SOAP12_BINDING_NS,
  httpGet: HTTP_BINDING_NS,
  httpPost: HTTP_BINDING_NS,
};

/**
 * The contract with each WSDL 2.0 document replaced by its WSDL 1.1 equivalent
 * (same file, same text; only the root differs). Problems are reported on `ctx`.
 */
export function lowerWsdl20(ctx: BuildContext, loaded: LoadedSet): LoadedSet {
  const docs = loaded.documents.filter(isWsdl20);
  for (const d of loaded.documents) {
    if (d.kind === 'wsdl' && !isWsdl20(d))
      ctx.error(
        d,
        d.root,
        'a WSDL 1.1 document in a WSDL 2.0 contract: WSDL 2.0 documents import and include WSDL 2.0 only (WSDL 2.0 Part 1 §4)',
      );
  }
  checkImportsAndIncludes(ctx, loaded, docs);
  const index = indexWsdl20(ctx, docs);
  const interfaces = new Interfaces(ctx, index);
  const perDoc = new Map<SourceDocument, XmlElement[]>(docs.map((d) => [d, []]));
  for (const c of index.interface.values()) {
    const flat = interfaces.get(c);
    if (flat) perDoc.get(c.doc)!.push(...lowerInterface(flat));
  }
  const bindings = new Map<string, LoweredBinding[]>();
  for (const c of index.binding.values()) {
    const list = lowerBinding(ctx, index, interfaces, c);
    if (!list) continue;
    bindings.set(qkey(c.name), list);
    for (const b of list) perDoc.get(c.doc)!.push(...b.elements);
  }
  for (const c of index.service.values()) {
    const s = lowerService(ctx, index, bindings, c);
    if (s) perDoc.get(c.doc)!.push(s);
  }
  const replaced = new Map<SourceDocument, SourceDocument>();
  for (const doc of docs) {
    const root = doc.root;
    const types = childElements(root, WSDL20_NS, 'types');
    const schemas = types.flatMap((t) => childElements(t).filter((s) => isXsdNamespace(s.ns) && s.name === 'schema'));
    for (const t of types) {
      for (const c of childElements(t)) {
        if (isXsdNamespace(c.ns) && (c.name === 'schema' || c.name === 'import')) continue;
        ctx.warning(doc, c, `{${c.ns}}${c.name} in types is ignored (wsdlc reads XML Schema)`);
      }
    }
    const children: XmlElement[] = [
      ...documentationOf(root),
      ...(schemas.length > 0 ? [synth(WSDL_NS, 'types', types[0]!, {}, schemas)] : []),
      ...perDoc.get(doc)!,
    ];
    const newRoot = synth(WSDL_NS, 'definitions', root, { targetNamespace: tnsOf(doc) }, children);
    replaced.set(doc, { ...doc, root: newRoot });
  }
  const documents = loaded.documents.map((d) => replaced.get(d) ?? d);
  return { ...loaded, main: replaced.get(loaded.main) ?? loaded.main, documents };
}

/** WSDL 2.0 Part 1 §4.1-4.2: an include brings the same namespace, an import the namespace it names. */
function checkImportsAndIncludes(ctx: BuildContext, loaded: LoadedSet, docs: readonly SourceDocument[]): void {
  for (const doc of docs) {
    for (const c of childElements(doc.root, WSDL20_NS)) {
      if (c.name !== 'import' && c.name !== 'include') continue;
      const location = attr(c, 'location');
      if (location === undefined) {
        if (c.name === 'include') ctx.error(doc, c, 'include has no location attribute');
        continue;
      }
      const resolved = resolveLocation(location.trim(), doc.url);
      const target = resolved.ok ? loaded.documents.find((d) => d.url === resolved.identity) : undefined;
      if (!target || !isWsdl20(target)) continue;
      const expected = c.name === 'include' ? tnsOf(doc) : attr(c, 'namespace');
      if (expected !== undefined && tnsOf(target) !== expected) {
        ctx.error(
          doc,
          c,
          `${c.name} of ${target.displayName}, whose targetNamespace is "${tnsOf(target)}", not "${expected}" (WSDL 2.0 Part 1 §4.${c.name === 'include' ? 1 : 2})`,
        );
      }
    }
  }
}

/**
 * `service` and `endpoint` (WSDL 2.0 Part 1 §2.14-2.15) as `wsdl:service` and `wsdl:port`.
 * An HTTP endpoint (or a SOAP one with SOAP-Response operations) whose operations' locations
 * resolve against its address (RFC 3986 §5, Part 2 §6.5) to other IRIs than wsdlc's address + "/" + location is refused.
 */
function lowerService(
  ctx: BuildContext,
  index: ReturnType<typeof indexWsdl20>,
  bindings: ReadonlyMap<string, readonly LoweredBinding[]>,
  service: Component20,
): XmlElement | undefined {
  const { doc, el } = service;
  const iface = componentRef(ctx, doc, el, 'interface', 'interface', index.interface, 'the service is left out');
  if (!iface) return undefined;
  const ports: XmlElement[] = [];
  for (const ep of childElements(el, WSDL20_NS, 'endpoint')) {
    const name = attr(ep, 'name');
    if (name === undefined) {
      ctx.error(doc, ep, 'endpoint has no name attribute');
      continue;
    }
    const bc = componentRef(ctx, doc, ep, 'binding', 'binding', index.binding, 'the endpoint is left out');
    const list = bc ? bindings.get(qkey(bc.name)) : undefined;
    if (!bc || !list) continue; // undefined (reported) or refused (reported)
    const iface0 = list[0]!.interface;
    if (qkey(iface0) !== qkey(iface.name)) {
      ctx.error(
        doc,
        ep,
        `endpoint "${name}": binding ${qdisplay(bc.name)} is for interface ${qdisplay(iface0)}, not the service's ${qdisplay(iface.name)} (WSDL 2.0 Part 1 §2.15.1)`,
      );
      continue;
    }
    const address = attr(ep, 'address') ?? '';
    if (!list.every((b) => addressFits(ctx, doc, ep, name, address, b))) continue;
    for (const b of list) {
      ports.push(
        synth(WSDL_NS, 'port', ep, { name: `${name}${b.suffix}`, binding: b.name }, [
          ...documentationOf(ep),
          synth(ADDRESS_NS[b.kind], 'address', ep, { location: address }),
        ]),
      );
    }
  }
  return synth(WSDL_NS, 'service', el, { name: service.name.name }, [...documentationOf(el), ...ports]);
}

/** wsdlc joins an HTTP address and location with one "/" (the runtime's joinUrl). */
function joined(address: string, location: string): string {
  const b = address.endsWith('/') ? address.slice(0, -1) : address;
  if (location === '') return b;
  return location.startsWith('/') ? b + location : `${b}/${location}`;
}

function addressFits(
  ctx: BuildContext,
  doc: SourceDocument,
  ep: XmlElement,
  name: string,
  address: string,
  b: LoweredBinding,
): boolean {
  if (b.locations.length === 0) return true; // SOAP bindings have locations only for SOAP-Response operations
  let base: URL;
  try {
    base = new URL(address);
  } catch {
    return true; // a relative or empty address: wsdlc's clients are given the base URL at run time
  }
  for (const location of b.locations) {
    const rfc = location === '' ? base.href : new URL(location, base).href;
    const ours = new URL(joined(address, location)).href;
    if (rfc.replace(/\/$/, '') === ours.replace(/\/$/, '')) continue;
    ctx.error(
      doc,
      ep,
      `endpoint "${name}": whttp:location "${location}" resolves against address "${address}" to ${rfc} (RFC 3986 §5.2, WSDL 2.0 Part 2 §6.5), but wsdlc would send to ${ours}; end the address with "/" or write the location relative to it`,
    );
    return false;
  }
  return true;
}
