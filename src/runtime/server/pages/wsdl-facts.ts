/**
 * What the service pages show from the WSDL itself that the descriptors do not
 * carry: the documentation of the service and of its operations
 * (`wsdl:documentation`, WSDL 1.1 §2.1.4, WSDL 2.0 Part 1 §5), and the binding of
 * each port (for the DISCO document). Read from the WSDL text the handler serves
 * on `?wsdl`; documents it imports are not read. The text is untrusted: the pages
 * escape everything taken from here.
 *
 * Ships with generated code.
 */
import { WSDL20_NS, WSDL_NS } from '../../wire/namespaces.js';
import { attr, childElements, resolveQName, type XmlElement } from '../../xml/xml-parse.js';

/** Facts of a WSDL for the pages; every member is empty when there is no WSDL. */
export interface WsdlFacts {
  /** The documentation of a service by name, else of the definitions (`''` when none). */
  serviceDoc(service: string): string;
  /** The documentation of an operation by name (first found on a portType/interface or binding; `''` when none). */
  operationDoc(operation: string): string;
  /** The binding of a port (endpoint) by name, when the WSDL names one. */
  bindingOf(port: string): { readonly ns: string; readonly name: string } | undefined;
}

/** Facts of a service without a WSDL. */
export const NO_WSDL_FACTS: WsdlFacts = {
  serviceDoc: () => '',
  operationDoc: () => '',
  bindingOf: () => undefined,
};

/** All the text inside `el`, markup dropped, whitespace runs collapsed (paragraph breaks kept as `\n\n`). */
export function documentationText(el: XmlElement): string {
  let s = '';
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (typeof c === 'string') s += c;
      else walk(c);
    }
  };
  walk(el);
  return s
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

function docOf(el: XmlElement, ns: string): string {
  return childElements(el, ns, 'documentation')
    .map(documentationText)
    .filter((t) => t !== '')
    .join('\n\n');
}

/** Reads the facts of the parsed WSDL `root` (WSDL 1.1 `definitions` or WSDL 2.0 `description`). */
export function readWsdlFacts(root: XmlElement): WsdlFacts {
  const ns = root.ns === WSDL20_NS ? WSDL20_NS : WSDL_NS;
  const top = docOf(root, ns);
  const services = new Map<string, string>();
  const bindings = new Map<string, { ns: string; name: string }>();
  const ops = new Map<string, string>();
  for (const s of childElements(root, ns, 'service')) {
    services.set(attr(s, 'name') ?? '', docOf(s, ns));
    for (const p of childElements(s, ns, ns === WSDL_NS ? 'port' : 'endpoint')) {
      const b = attr(p, 'binding');
      const q = b === undefined ? undefined : resolveQName(p, b);
      if (q !== undefined) bindings.set(attr(p, 'name') ?? '', q);
    }
  }
  for (const owner of ['portType', 'interface', 'binding']) {
    for (const t of childElements(root, ns, owner)) {
      for (const o of childElements(t, ns, 'operation')) {
        const name = attr(o, 'name') ?? '';
        if (ops.get(name)) continue;
        const d = docOf(o, ns);
        if (d !== '') ops.set(name, d);
      }
    }
  }
  return {
    serviceDoc: (service) => services.get(service) || top,
    operationDoc: (operation) => ops.get(operation) ?? '',
    bindingOf: (port) => bindings.get(port),
  };
}
