/** WSDL 2.0 `documentation` (WSDL 2.0 Part 1 §5) as WSDL 1.1 `wsdl:documentation` (same text, same location). */
import type { XmlElement } from '../../runtime/xml/xml-parse.js';
import { childElements } from '../../runtime/xml/xml-parse.js';
import { WSDL_NS } from '../namespaces.js';
import { WSDL20_NS } from './components.js';
import { synth } from './synthetic.js';

/** Synthetic `wsdl:documentation` elements holding the content of `el`'s WSDL 2.0 `documentation` children. */
export function documentationOf(el: XmlElement): XmlElement[] {
  return childElements(el, WSDL20_NS, 'documentation').map((d) => synth(WSDL_NS, 'documentation', d, {}, d.children));
}
