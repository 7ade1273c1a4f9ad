/**
 * Lenient mode: a WSDL 1.1 document whose root is `definitions` in no namespace (it declares
 * neither `xmlns="http://schemas.xmlsoap.org/wsdl/"` nor a `wsdl:` prefix). WSDL 1.1 §2.1 puts
 * its elements in the WSDL namespace (the `wsdl:` of §1.2), so strict mode refuses the root.
 * When the content is WSDL 1.1 (every child of the root in no namespace is a WSDL 1.1 element,
 * and there is at least one message, portType, binding or service), lenient mode reads the WSDL
 * 1.1 elements (§2: definitions, import, documentation, types, message, part, portType,
 * operation, input, output, fault, binding, service, port) in the WSDL namespace. Nothing else
 * changes: extension elements and schemas keep their namespaces, and an unprefixed QName value
 * (`message="GetQuote"`) still resolves in no namespace, as written.
 */
import { WSDL_NS } from '../runtime/wire/namespaces.js';
import type { XmlElement } from '../runtime/xml/xml-tree.js';
import type { Diagnostic } from '../util/diagnostics.js';

/** The WSDL 1.1 elements each WSDL 1.1 element may hold (WSDL 1.1 §2.1-§2.7), `documentation` everywhere. */
const WSDL11_CHILDREN: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['definitions', new Set(['import', 'documentation', 'types', 'message', 'portType', 'binding', 'service'])],
  ['message', new Set(['documentation', 'part'])],
  ['portType', new Set(['documentation', 'operation'])],
  ['binding', new Set(['documentation', 'operation'])],
  ['operation', new Set(['documentation', 'input', 'output', 'fault'])],
  ['service', new Set(['documentation', 'port'])],
  ['import', new Set(['documentation'])],
  ['types', new Set(['documentation'])],
  ['part', new Set(['documentation'])],
  ['input', new Set(['documentation'])],
  ['output', new Set(['documentation'])],
  ['fault', new Set(['documentation'])],
  ['port', new Set(['documentation'])],
]);

/** Top-level components of which a WSDL 1.1 document has at least one. */
const COMPONENTS = new Set(['message', 'portType', 'binding', 'service']);

function elementChildren(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string');
}

/** Whether `root` is `definitions` in no namespace whose content is WSDL 1.1. */
function isNoNamespaceWsdl11(root: XmlElement): boolean {
  if (root.ns !== '' || root.name !== 'definitions') return false;
  const unqualified = elementChildren(root).filter((c) => c.ns === '');
  const allowed = WSDL11_CHILDREN.get('definitions')!;
  return unqualified.every((c) => allowed.has(c.name)) && unqualified.some((c) => COMPONENTS.has(c.name));
}

/** Puts `el` and its WSDL 1.1 descendants in no namespace into the WSDL namespace. */
function qualify(el: XmlElement): void {
  (el as { ns: string }).ns = WSDL_NS;
  const allowed = WSDL11_CHILDREN.get(el.name);
  if (!allowed) return;
  for (const c of elementChildren(el)) if (c.ns === '' && allowed.has(c.name)) qualify(c);
}

/**
 * Reads a no-namespace `definitions` root as WSDL 1.1 when its content is WSDL 1.1 (in place).
 * @param root the parsed root element
 * @param file display name for the warning's location
 * @returns the located warning, or `undefined` when the root is not such a document (left as is)
 */
export function qualifyNoNamespaceWsdl(root: XmlElement, file: string): Diagnostic | undefined {
  if (!isNoNamespaceWsdl11(root)) return undefined;
  qualify(root);
  return {
    severity: 'warning',
    message: `root element <definitions> is in no namespace, but its content is WSDL 1.1 (lenient: its WSDL 1.1 elements are read in ${WSDL_NS})`,
    location: { file, line: root.line, column: root.column },
  };
}
