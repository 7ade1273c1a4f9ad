/**
 * The Markdown documentation of one service, for a repository or a wiki: what
 * its HTML service and operation pages show (runtime/server/pages/html.ts), on one
 * page: the documentation, the ports, and per operation an endpoint table
 * (endpoint-rows.ts) and the sample request and response of every binding.
 * Every text from the WSDL goes through markdown-text.ts.
 */
import {
  BINDING_TITLES,
  type BindingSample,
  type SampleMessage,
  sampleText,
} from '../../runtime/server/pages/samples.js';
import type { BindingKind, OperationDesc } from '../../runtime/wire/descriptors.js';
import { ENDPOINT_COLUMNS, endpointRow, soapActionLines } from './endpoint-rows.js';
import { Anchors, commentText, mdCode, mdFence, mdParagraph, mdTable, mdText } from './markdown-text.js';

/** A port as the page lists it. */
export interface PortView {
  readonly name: string;
  readonly binding: BindingKind;
  readonly address: string;
}

/** An operation as the page shows it. */
export interface OperationDocView {
  readonly desc: OperationDesc;
  readonly documentation: string;
  readonly samples: readonly BindingSample[];
}

/** What the Markdown page of a service shows. */
export interface ServiceDocView {
  /** The generated-file notice (an HTML comment on the first line). */
  readonly notice: string;
  readonly service: string;
  readonly documentation: string;
  readonly ports: readonly PortView[];
  readonly operations: readonly OperationDocView[];
  /** The host written in the samples' `Host` lines. */
  readonly host: string;
  /** The HTML service page beside it (relative), when written. */
  readonly htmlHref?: string | undefined;
}

/** Paragraphs of documentation (blank lines separate them). */
function paragraphs(text: string): string {
  if (text === '') return '';
  return `${text
    .split('\n\n')
    .map((p) => mdParagraph(p))
    .join('\n\n')}\n\n`;
}

/** A sample message as the HTML pages show it: start line, `Host` (a request's), headers, blank line, body. */
function messageText(m: SampleMessage, host: string | undefined): string {
  let out = sampleText(m.head);
  if (host !== undefined) out += `\nHost: ${host}`;
  for (const [name, value] of m.headers) out += `\n${name}: ${sampleText(value)}`;
  if (m.body.length > 0) out += `\n\n${sampleText(m.body)}`;
  return out;
}

function samplesMarkdown(op: OperationDocView, host: string): string {
  let out = '';
  for (const s of op.samples) {
    out += `### ${mdText(`${op.desc.name} over ${BINDING_TITLES[s.binding]}`)}\n\n`;
    if (s.problem !== undefined) {
      out += `No sample: ${mdText(s.problem)}\n\n`;
      continue;
    }
    if (s.request !== undefined) out += `Request:\n\n${mdFence(messageText(s.request, host), 'http')}\n`;
    if (s.response !== undefined) out += `Response:\n\n${mdFence(messageText(s.response, undefined), 'http')}\n`;
  }
  return out;
}

/** The Markdown page of a service. */
export function renderServiceMarkdown(view: ServiceDocView): string {
  const anchors = new Anchors();
  const heading = `${view.service} web service`;
  anchors.add(heading);
  let out = `<!-- ${commentText(view.notice)} -->\n\n# ${mdText(heading)}\n\n`;
  out += paragraphs(view.documentation);
  if (view.htmlHref !== undefined) out += `The same as HTML pages: [${mdText(heading)}](${view.htmlHref}).\n\n`;
  anchors.add('Endpoints');
  out += '## Endpoints\n\n';
  out +=
    view.ports.length === 0
      ? 'This service lists no ports.\n\n'
      : `${mdTable(
          ['Port', 'Binding', 'Address'],
          view.ports.map((p) => [mdCode(p.name, true), mdText(BINDING_TITLES[p.binding]), mdCode(p.address, true)]),
        )}\n`;
  anchors.add('Operations');
  out += '## Operations\n\n';
  if (view.operations.length === 0) return `${out}This service has no operations.\n`;
  // The anchors of the operations' sections: every heading below, in document order.
  const sections = view.operations.map((o) => {
    const anchor = anchors.add(o.desc.name);
    for (const s of o.samples) anchors.add(`${o.desc.name} over ${BINDING_TITLES[s.binding]}`);
    return anchor;
  });
  view.operations.forEach((o, i) => {
    const doc = o.documentation.split('\n\n')[0] ?? '';
    out += `- [${mdText(o.desc.name)}](#${sections[i]})${doc === '' ? '' : `: ${mdText(doc)}`}\n`;
  });
  out += '\n';
  for (const o of view.operations) {
    out += `## ${mdText(o.desc.name)}\n\n`;
    out += paragraphs(o.documentation);
    if (o.samples.length === 0) {
      out += 'This operation is offered on no binding of this service.\n\n';
      continue;
    }
    out += `${mdTable(
      ENDPOINT_COLUMNS,
      o.samples.map((s) => endpointRow(o.desc, s)),
    )}\n`;
    out += soapActionLines(o.samples);
    out += samplesMarkdown(o, view.host);
  }
  return out.replace(/\n+$/, '\n');
}
