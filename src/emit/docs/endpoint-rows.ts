/**
 * The endpoint table of an operation in the Markdown documentation: per binding,
 * the method, path, content types and a short account of each payload, as the
 * Auth seed document's tables give them. Everything is read off the samples (the
 * exact messages the client and server write, see runtime/server/pages/samples.ts)
 * and the operation's descriptors, so the table and the samples below it agree.
 */
import {
  BINDING_TITLES,
  type BindingSample,
  type SampleMessage,
  sampleText,
} from '../../runtime/server/pages/samples.js';
import type { OperationDesc } from '../../runtime/wire/descriptors.js';
import { SOAP_11_ENV_NS, SOAP_12_ENV_NS } from '../../runtime/wire/namespaces.js';
import { childElements, parseXml, type XmlElement } from '../../runtime/xml/xml-parse.js';
import { mdCode, mdText } from './markdown-text.js';

/** The table's columns. */
export const ENDPOINT_COLUMNS = [
  'Binding',
  'Method',
  'Path',
  'Request content type',
  'Request payload',
  'Response content type',
  'Response payload',
] as const;

/** Child element names listed in a payload cell before `…`. */
const MAX_NAMES = 8;
/** Nesting shown as `a` containing `b` containing `c`. */
const MAX_DEPTH = 4;

/** The body of a message parsed with every placeholder empty (always well-formed where the message is). */
function bodyElement(m: SampleMessage | undefined): XmlElement | undefined {
  if (m === undefined || m.body.length === 0) return undefined;
  try {
    return parseXml(sampleText(m.body, () => ''));
  } catch {
    return undefined;
  }
}

function header(m: SampleMessage | undefined, name: string): string | undefined {
  const h = m?.headers.find(([k]) => k.toLowerCase() === name.toLowerCase());
  return h === undefined ? undefined : sampleText(h[1]);
}

/** `a` containing `b`, or `a` with `b`, `c`: an element and what it holds. */
function describe(el: XmlElement, depth = 0): string {
  const kids = childElements(el);
  const names = [...new Set(kids.map((k) => k.name))];
  // The top element with its namespace; those below are in it unless they say otherwise (rare in samples).
  const name = `${mdCode(el.name, true)}${depth === 0 && el.ns !== '' ? ` (namespace ${mdCode(el.ns, true)})` : ''}`;
  if (names.length === 0 || depth >= MAX_DEPTH) return name;
  if (kids.length === 1) return `${name} containing ${describe(kids[0]!, depth + 1)}`;
  const shown = names.slice(0, MAX_NAMES).map((n) => mdCode(n, true));
  return `${name} with ${shown.join(', ')}${names.length > MAX_NAMES ? ', …' : ''}`;
}

function soapPayload(binding: 'soap11' | 'soap12', m: SampleMessage | undefined): string {
  const env = bodyElement(m);
  const title = BINDING_TITLES[binding];
  const ns = binding === 'soap11' ? SOAP_11_ENV_NS : SOAP_12_ENV_NS;
  if (env === undefined) return `${title} envelope.`;
  const out = [`${title} envelope (namespace ${mdCode(ns, true)}).`];
  const headerBlocks = childElements(env, ns, 'Header').flatMap((h) => childElements(h));
  if (headerBlocks.length > 0) out.push(`Header: ${headerBlocks.map((h) => mdCode(h.name, true)).join(', ')}.`);
  const body = childElements(env, ns, 'Body')[0];
  const first = body === undefined ? undefined : childElements(body)[0];
  out.push(first === undefined ? 'Empty Body.' : `Body: ${describe(first)}.`);
  return out.join(' ');
}

function httpRequestPayload(binding: 'httpGet' | 'httpPost', op: OperationDesc, m: SampleMessage | undefined): string {
  const http = op[binding];
  if (http === undefined) return '';
  if (http.input !== undefined) {
    const doc = bodyElement(m);
    return doc === undefined ? 'XML document.' : `XML document: ${describe(doc)}.`;
  }
  const listed = (inPath: boolean, one: string, many: string): string | undefined => {
    const names = http.params.filter((p) => (p.inPath === true) === inPath).map((p) => mdCode(p.name, true));
    return names.length === 0 ? undefined : `${names.length === 1 ? one : many} ${names.join(', ')}.`;
  };
  const parts = [
    listed(true, 'Path parameter', 'Path parameters'),
    binding === 'httpGet'
      ? listed(false, 'Query parameter', 'Query parameters')
      : listed(false, 'Form field', 'Form fields'),
  ].filter((p) => p !== undefined);
  return parts.length === 0 ? 'None.' : parts.join(' ');
}

function httpResponsePayload(m: SampleMessage | undefined): string {
  if (m === undefined || m.body.length === 0) return 'None.';
  const doc = bodyElement(m);
  return doc === undefined ? 'Text.' : `${describe(doc)}.`;
}

/** The request path of a sample (its request line's target without the query), holes shown as `{label}`. */
function pathOf(m: SampleMessage): string {
  const line = sampleText(m.head, (s) => `{${s.label}}`);
  const target = line.slice(line.indexOf(' ') + 1, line.lastIndexOf(' '));
  const q = target.indexOf('?');
  return q < 0 ? target : target.slice(0, q);
}

/** The table's row for one binding's sample, every cell safe for a Markdown table. */
export function endpointRow(op: OperationDesc, s: BindingSample): string[] {
  const title = mdText(BINDING_TITLES[s.binding]);
  if (s.problem !== undefined || s.request === undefined)
    return [title, '', '', '', mdText(`No sample: ${s.problem ?? 'no request'}`), '', ''];
  const req = s.request;
  const method = sampleText(req.head).split(' ')[0] ?? '';
  const b = s.binding;
  const soap = b === 'soap11' || b === 'soap12';
  return [
    title,
    mdText(method),
    mdText(pathOf(req)),
    mdText(header(req, 'Content-Type') ?? 'none'),
    soap ? soapPayload(b, req) : httpRequestPayload(b, op, req),
    mdText(header(s.response, 'Content-Type') ?? 'none'),
    soap ? soapPayload(b, s.response) : httpResponsePayload(s.response),
  ];
}

/** The lines under the table naming each binding's `SOAPAction` header, as the seed's "SOAP 1.1 rule" gives it. */
export function soapActionLines(samples: readonly BindingSample[]): string {
  let out = '';
  for (const s of samples) {
    const action = header(s.request, 'SOAPAction');
    if (action !== undefined)
      out += `${mdText(BINDING_TITLES[s.binding])} requests carry the header ${mdCode(`SOAPAction: ${action}`)}.\n`;
  }
  return out === '' ? '' : `${out}\n`;
}
