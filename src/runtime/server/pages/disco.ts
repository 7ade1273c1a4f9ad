/**
 * The DISCO document of a service (`?disco`), as ASP.NET answers it: a
 * `contractRef` to the service description and one `soap` entry per SOAP port
 * with its address and binding (Web Services Discovery, schemas.xmlsoap.org/disco).
 *
 * Ships with generated code.
 */
import { XmlWriter } from '../../xml/xml-write.js';

const DISCO_NS = 'http://schemas.xmlsoap.org/disco/';
const DISCO_SCL_NS = 'http://schemas.xmlsoap.org/disco/scl/';
const DISCO_SOAP_NS = 'http://schemas.xmlsoap.org/disco/soap/';

/** What the DISCO document lists. */
export interface DiscoView {
  /** The service description's URL (`...?wsdl`). */
  readonly contractRef: string;
  /** The service page's URL. */
  readonly docRef: string;
  /** The SOAP ports: address and binding name. */
  readonly soap: ReadonlyArray<{
    readonly address: string;
    readonly binding?: { readonly ns: string; readonly name: string } | undefined;
  }>;
}

/** The DISCO document's XML text. */
export function renderDisco(view: DiscoView): string {
  const w = new XmlWriter().declaration();
  w.start(DISCO_NS, 'discovery');
  w.start(DISCO_SCL_NS, 'contractRef').attr('', 'ref', view.contractRef).attr('', 'docRef', view.docRef).end();
  for (const s of view.soap) {
    w.start(DISCO_SOAP_NS, 'soap').attr('', 'address', s.address);
    if (s.binding !== undefined) w.attr('', 'binding', w.qnameText(s.binding.ns, s.binding.name));
    w.end();
  }
  w.end();
  return w.toString();
}
