/**
 * The HTML of the service pages: pure functions from view data to a complete
 * document. Plain HTML5 without JavaScript, every text escaped (names and
 * documentation come from a WSDL, which is untrusted), inputs labelled, one small
 * style sheet. The server answers them (service-pages.ts); `wsdlc docs` writes them.
 *
 * Ships with generated code.
 */
import { BINDING_TITLES, type BindingSample, type SampleMessage, type SampleParts } from './samples.js';

/** `text` with the characters HTML gives meaning to replaced by references (HTML §13.1.2.6). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** The `Content-Security-Policy` of the pages: no scripts, no frames, styles of the page only, forms to itself. */
export const PAGE_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--panel:#f6f8fa;--line:#d1d9e0;--accent:#0b57d0;--ph:#8250df}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--line:#3d444d;--accent:#4493f8;--ph:#d2a8ff}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{border-bottom:1px solid var(--line);background:var(--panel)}
header div,main{max-width:64rem;margin:0 auto;padding:1rem 1.5rem}
header p{margin:0;color:var(--muted);font-size:.9rem}
header h1{margin:.1rem 0 0;font-size:1.6rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem;padding-bottom:.3rem;border-bottom:1px solid var(--line)}
h3{font-size:1.05rem;margin:1.5rem 0 .4rem}
a{color:var(--accent)}
.doc{max-width:48rem}
.muted{color:var(--muted)}
ul.ops{list-style:none;padding:0}
ul.ops li{padding:.55rem 0;border-bottom:1px solid var(--line)}
ul.ops li a{font-weight:600}
ul.ops li p{margin:.15rem 0 0;color:var(--muted)}
pre{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.8rem 1rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
var{font-style:normal;color:var(--ph);font-weight:600}
form{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:1rem}
.field{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.5rem 1rem;align-items:center;margin-bottom:.6rem}
.field label{font-weight:600;overflow-wrap:anywhere}
.field small{display:block;font-weight:400;color:var(--muted)}
input,select{font:inherit;padding:.35rem .5rem;border:1px solid var(--line);border-radius:4px;background:var(--bg);color:var(--fg);width:100%}
button{font:inherit;font-weight:600;padding:.4rem 1.2rem;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
.note{border-left:3px solid var(--line);padding:.2rem .8rem;color:var(--muted)}
`;

/** A complete page: `title`, the header's kicker line and heading, then `body` (HTML). */
function page(title: string, kicker: string, heading: string, body: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeHtml(title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n` +
    `<header><div><p>${kicker}</p><h1>${escapeHtml(heading)}</h1></div></header>\n<main>\n${body}</main>\n</body>\n</html>\n`
  );
}

/** Documentation text as paragraphs (blank lines separate them). */
function paragraphs(text: string, cls = 'doc'): string {
  if (text === '') return '';
  return `${text
    .split('\n\n')
    .map((p) => `<p class="${cls}">${escapeHtml(p)}</p>`)
    .join('\n')}\n`;
}

/** An operation listed on the service page. */
export interface OperationLink {
  readonly name: string;
  readonly documentation: string;
  /** The operation page (relative, e.g. `?op=Login`, or `Login.html`). */
  readonly href: string;
}

/** What the service page shows. */
export interface ServicePageView {
  readonly service: string;
  readonly documentation: string;
  readonly operations: readonly OperationLink[];
  /** The service description (`?wsdl`), when there is one. */
  readonly wsdlHref?: string | undefined;
  /** The DISCO document (`?disco`), when served. */
  readonly discoHref?: string | undefined;
}

/** The service page: documentation, the operations linked to their pages, the service description. */
export function renderServicePage(view: ServicePageView): string {
  let body = paragraphs(view.documentation);
  body += '<h2>Operations</h2>\n';
  body +=
    view.operations.length === 0
      ? '<p class="muted">This service has no operations.</p>\n'
      : `<ul class="ops">\n${view.operations
          .map(
            (o) =>
              `<li><a href="${escapeHtml(o.href)}">${escapeHtml(o.name)}</a>${o.documentation === '' ? '' : `<p>${escapeHtml(o.documentation.split('\n\n')[0]!)}</p>`}</li>`,
          )
          .join('\n')}\n</ul>\n`;
  if (view.wsdlHref !== undefined) {
    body += `<h2>Service description</h2>\n<p>For a formal definition, review the <a href="${escapeHtml(view.wsdlHref)}">service description (WSDL)</a>`;
    body +=
      view.discoHref === undefined
        ? '.</p>\n'
        : `; discovery: <a href="${escapeHtml(view.discoHref)}">DISCO document</a>.</p>\n`;
  }
  return page(`${view.service} web service`, 'Web service', view.service, body);
}

/** A field of the test form. */
export interface TestFormField {
  /** The parameter name sent. */
  readonly name: string;
  /** The type shown beside it (`string`, `int`). */
  readonly type: string;
  /** The enumeration's values (a drop-down), when it has one. */
  readonly options?: readonly string[] | undefined;
  readonly required: boolean;
}

/** The test form of an operation. */
export interface TestFormView {
  /** Where the form posts (relative). */
  readonly action: string;
  /** The binding that answers it, as shown (`HTTP POST`). */
  readonly binding: string;
  readonly fields: readonly TestFormField[];
}

/** What an operation page shows. */
export interface OperationPageView {
  readonly service: string;
  /** The service page (relative). */
  readonly serviceHref: string;
  readonly operation: string;
  readonly documentation: string;
  /** The host written in the samples' `Host` lines. */
  readonly host: string;
  readonly samples: readonly BindingSample[];
  /** The test form, when the operation has one and it is offered to this request. */
  readonly form?: TestFormView | undefined;
  /** Why there is no test form (shown instead). */
  readonly formNote?: string | undefined;
}

function partsHtml(parts: SampleParts): string {
  let out = '';
  for (const p of parts) out += typeof p === 'string' ? escapeHtml(p) : `<var>${escapeHtml(p.label)}</var>`;
  return out;
}

/** A sample message as ASP.NET shows it: start line, headers (a request's `Host` second), blank line, body. */
function messageHtml(m: SampleMessage, host: string | undefined): string {
  let out = partsHtml(m.head);
  if (host !== undefined) out += `\nHost: ${escapeHtml(host)}`;
  for (const [name, value] of m.headers) out += `\n${escapeHtml(name)}: ${partsHtml(value)}`;
  if (m.body.length > 0) out += `\n\n${partsHtml(m.body)}`;
  return `<pre>${out}</pre>\n`;
}

function formHtml(form: TestFormView, operation: string): string {
  let out = `<form method="post" action="${escapeHtml(form.action)}">\n`;
  form.fields.forEach((f, i) => {
    const id = `field-${i}`;
    const label = `<label for="${id}">${escapeHtml(f.name)}<small>${escapeHtml(f.type)}${f.required ? '' : ', optional'}</small></label>`;
    const control =
      f.options !== undefined
        ? `<select id="${id}" name="${escapeHtml(f.name)}">${f.required ? '' : '<option value=""></option>'}${f.options
            .map((o) => `<option>${escapeHtml(o)}</option>`)
            .join('')}</select>`
        : `<input id="${id}" name="${escapeHtml(f.name)}" type="text"${f.required ? ' required' : ''}>`;
    out += `<div class="field">${label}${control}</div>\n`;
  });
  if (form.fields.length === 0) out += '<p class="muted">This operation takes no parameters.</p>\n';
  out += `<button type="submit">Invoke ${escapeHtml(operation)}</button>\n</form>\n`;
  return out;
}

/** An operation page: documentation, test form, and the request and response samples of each binding. */
export function renderOperationPage(view: OperationPageView): string {
  let body = `<p><a href="${escapeHtml(view.serviceHref)}">&larr; All operations of ${escapeHtml(view.service)}</a></p>\n`;
  body += paragraphs(view.documentation);
  body += '<h2>Test</h2>\n';
  if (view.form !== undefined) {
    body += `<p>Fill in the parameters and invoke the operation; the ${escapeHtml(view.form.binding)} binding answers.</p>\n`;
    body += formHtml(view.form, view.operation);
  } else {
    body += `<p class="note">${escapeHtml(view.formNote ?? 'No test form.')}</p>\n`;
  }
  for (const s of view.samples) {
    const title = BINDING_TITLES[s.binding];
    body += `<h2>${title}</h2>\n`;
    if (s.problem !== undefined) {
      body += `<p class="note">No sample: ${escapeHtml(s.problem)}</p>\n`;
      continue;
    }
    body += `<p>A sample ${title} request and response. Replace the <var>placeholders</var> with actual values.</p>\n`;
    if (s.request !== undefined) body += `<h3>Request</h3>\n${messageHtml(s.request, view.host)}`;
    if (s.response !== undefined) body += `<h3>Response</h3>\n${messageHtml(s.response, undefined)}`;
  }
  return page(
    `${view.operation} - ${view.service} web service`,
    `${escapeHtml(view.service)} web service`,
    view.operation,
    body,
  );
}

/** What the page answering a test form shows. */
export interface TestResultView {
  readonly service: string;
  readonly operation: string;
  /** The operation page (relative). */
  readonly operationHref: string;
  /** The binding that answered, as shown. */
  readonly binding: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** The answer to a test form: the response the binding gave, as text. */
export function renderTestResult(view: TestResultView): string {
  let body = `<p><a href="${escapeHtml(view.operationHref)}">&larr; Back to ${escapeHtml(view.operation)}</a></p>\n`;
  body += `<p>The ${escapeHtml(view.binding)} binding answered <strong>${view.status}</strong>${view.contentType === '' ? '' : ` (${escapeHtml(view.contentType)})`}:</p>\n`;
  body += `<pre id="response">${escapeHtml(view.body)}</pre>\n`;
  return page(
    `${view.operation} response - ${view.service} web service`,
    `${escapeHtml(view.service)} web service`,
    `${view.operation} response`,
    body,
  );
}
