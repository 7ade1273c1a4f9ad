/**
 * Builds WSDL 1.1 element trees that stand for WSDL 2.0 components, so that the
 * WSDL 1.1 model builder reads them unchanged. Every synthetic element carries the
 * line and column of the WSDL 2.0 element it comes from, so that diagnostics about
 * it point into the WSDL 2.0 document. QName-valued attributes are written with
 * prefixes the element itself declares, so they resolve exactly (XML Namespaces §6).
 */
import type { XmlElement } from '../../runtime/xml/xml-parse.js';
import type { QName } from '../types.js';

/** An element under construction: the parsed tree's shape with its parent and declarations writable. */
type Draft = Omit<XmlElement, 'parent' | 'nsDecls'> & {
  parent: XmlElement | undefined;
  nsDecls: Record<string, string>;
};

/** An attribute value: plain text, or QNames (a space-separated list) to write with declared prefixes. */
export type SyntheticValue = string | QName | readonly QName[];

/**
 * A synthetic element in namespace `ns` named `name`, located at `at`.
 * `attrs` maps attribute names (or `{ns}name` for a namespaced one) to values;
 * `undefined` values are left out. Children get this element as parent.
 */
export function synth(
  ns: string,
  name: string,
  at: XmlElement,
  attrs: Readonly<Record<string, SyntheticValue | undefined>> = {},
  children: readonly (XmlElement | string)[] = [],
): XmlElement {
  const el: Draft = {
    ns,
    name,
    prefix: '',
    attrs: [],
    nsDecls: {},
    children: [],
    parent: undefined,
    line: at.line,
    column: at.column,
  };
  let n = 0;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined) continue;
    const m = /^\{([^}]*)\}(.+)$/.exec(key);
    const attrNs = m ? m[1]! : '';
    const attrName = m ? m[2]! : key;
    let text: string;
    if (typeof value === 'string') text = value;
    else {
      const names: readonly QName[] = 'ns' in value ? [value as QName] : (value as readonly QName[]);
      text = names
        .map((q) => {
          if (q.ns === '') {
            el.nsDecls[''] = '';
            return q.name;
          }
          const prefix = `q${n++}`;
          el.nsDecls[prefix] = q.ns;
          return `${prefix}:${q.name}`;
        })
        .join(' ');
    }
    el.attrs.push({ ns: attrNs, name: attrName, prefix: attrNs === '' ? '' : 'x', value: text });
  }
  for (const c of children) {
    if (typeof c !== 'string') (c as Draft).parent ??= el as XmlElement;
    el.children.push(c);
  }
  return el as XmlElement;
}
