/** Extraction of `wsdl:documentation` (WSDL 1.1 §2.1.4) and `xsd:annotation/xsd:documentation`. */
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { WSDL_NS, isXsdNamespace } from './namespaces.js';

/** All text below `el`, markup dropped. */
export function deepText(el: XmlElement): string {
  let s = '';
  for (const c of el.children) s += typeof c === 'string' ? c : deepText(c);
  return s;
}

/**
 * Trims the text and removes the indentation its lines share (the markup's own
 * indentation: `<documentation>Allows you...\n      is updated hourly</documentation>`
 * reads as two lines, not as a line indented by the WSDL's layout). The first
 * line, which follows the start tag, does not count; lines of only whitespace
 * become empty.
 */
function clean(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const lines = t.split(/\r\n?|\n/).map((l) => l.trimEnd());
  let common: number | undefined;
  for (const l of lines.slice(1)) {
    if (l === '') continue;
    const indent = l.length - l.trimStart().length;
    common = common === undefined ? indent : Math.min(common, indent);
  }
  if (!common) return lines.join('\n');
  return [lines[0]!, ...lines.slice(1).map((l) => l.slice(common))].join('\n');
}

/** The trimmed text of `el`'s `wsdl:documentation` children, if any. */
export function wsdlDocumentation(el: XmlElement): string | undefined {
  const parts: string[] = [];
  for (const c of el.children) {
    if (typeof c !== 'string' && c.ns === WSDL_NS && c.name === 'documentation') parts.push(deepText(c));
  }
  return clean(parts.join('\n'));
}

/** The trimmed text of `el`'s `xsd:annotation/xsd:documentation` children, if any. */
export function xsdDocumentation(el: XmlElement): string | undefined {
  // Indexed loops: this runs on every schema component, and most have no annotation.
  let parts: string[] | undefined;
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const a = children[i];
    if (a === undefined || typeof a === 'string' || a.name !== 'annotation' || !isXsdNamespace(a.ns)) continue;
    for (let j = 0; j < a.children.length; j++) {
      const d = a.children[j];
      if (d !== undefined && typeof d !== 'string' && d.name === 'documentation' && isXsdNamespace(d.ns))
        (parts ??= []).push(deepText(d));
    }
  }
  return clean(parts === undefined ? '' : parts.join('\n'));
}
