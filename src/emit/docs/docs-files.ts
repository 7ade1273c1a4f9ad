/**
 * `wsdlc docs`: a contract's service pages as files, for a repository, a wiki or
 * a static site. The HTML pages are the generated server's service and operation
 * pages (runtime/server/pages/html.ts, with the samples of runtime/server/pages/samples.ts
 * written by the same in-process handler), without the test form, which needs the
 * running service; the Markdown page shows the same on one page, with an endpoint
 * table per operation. Layout, for each service `S` with operations `Op`:
 *
 * - `S.html`: the service page, linking `S/Op.html`, the operation pages;
 * - `S.md`: the Markdown page.
 *
 * File names are the WSDL's names with anything but letters, digits, `_` and `-`
 * replaced by `_`, made unique ignoring case (`-2`, `-3`...), so a contract can
 * neither write outside the folder nor have two pages collide on a
 * case-insensitive file system. Deterministic: same model, same bytes.
 */
import { dispatchInProcess } from '../../runtime/server/in-process.js';
import { renderOperationPage, renderServicePage } from '../../runtime/server/pages/html.js';
import {
  BINDING_ORDER,
  type BindingSample,
  operationSamples,
  type SampleDispatch,
  SampleOutputs,
} from '../../runtime/server/pages/samples.js';
import { NO_WSDL_FACTS, readWsdlFacts, type WsdlFacts } from '../../runtime/server/pages/wsdl-facts.js';
import { createServiceCore } from '../../runtime/server/server.js';
import type { OperationDesc, ServiceDesc } from '../../runtime/wire/descriptors.js';
import { parseXml } from '../../runtime/xml/xml-parse.js';
import type { WsdlModel } from '../../model/types.js';
import { serviceDescriptors } from '../index.js';
import type { EmitOptions, GeneratedFile } from '../types.js';
import { renderServiceMarkdown } from './markdown-page.js';
import { commentText } from './markdown-text.js';

/** What an operation page says in place of the test form: where the form is, on the running service. */
export function staticFormNote(service: ServiceDesc, op: OperationDesc): string {
  const path = service.ports[0]?.path ?? '/';
  return `The test form needs the running service: open ${path}?op=${encodeURIComponent(op.name)} on the service, or serve the contract with wsdlc mock and open it there.`;
}

/** Names made into unique file-name stems, ignoring case. */
class Stems {
  readonly #taken = new Set<string>();

  take(name: string): string {
    const base = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || '_';
    let stem = base;
    for (let n = 2; this.#taken.has(stem.toLowerCase()); n++) stem = `${base}-${n}`;
    this.#taken.add(stem.toLowerCase());
    return stem;
  }
}

/** The host the samples' `Host` lines show: the first port address's, else `localhost`. */
function hostOf(service: ServiceDesc): string {
  for (const p of service.ports) {
    try {
      const url = new URL(p.address);
      if (url.host !== '') return url.host;
    } catch {
      // Not an absolute URL: try the next port.
    }
  }
  return 'localhost';
}

/** The WSDL's documentation and bindings; none when there is no WSDL text or it does not parse as XML. */
function factsOf(wsdlText: string | undefined): WsdlFacts {
  if (wsdlText === undefined) return NO_WSDL_FACTS;
  try {
    return readWsdlFacts(parseXml(wsdlText));
  } catch {
    return NO_WSDL_FACTS;
  }
}

/**
 * The samples of `op` over each binding, each shown at its own port's path (the
 * server shows them at the path the page was asked at, which all its ports share
 * in an `.asmx` service but not in every contract).
 */
async function samplesOf(
  service: ServiceDesc,
  op: OperationDesc,
  outputs: SampleOutputs,
  dispatch: SampleDispatch,
): Promise<BindingSample[]> {
  const byPath = new Map<string, BindingSample[]>();
  for (const port of service.ports) {
    if (byPath.has(port.path)) continue;
    byPath.set(port.path, await operationSamples(service, op, port.path, outputs, dispatch));
  }
  const out: BindingSample[] = [];
  for (const binding of BINDING_ORDER) {
    const port = service.ports.find((p) => p.kind === binding);
    const sample = port === undefined ? undefined : byPath.get(port.path)?.find((s) => s.binding === binding);
    if (sample !== undefined) out.push(sample);
  }
  return out;
}

/** The HTML with the generated-file notice as a comment after the doctype. */
function withNotice(html: string, notice: string): string {
  const doctype = '<!DOCTYPE html>\n';
  return html.startsWith(doctype) ? `${doctype}<!-- ${commentText(notice)} -->\n${html.slice(doctype.length)}` : html;
}

/**
 * The documentation files of a contract (paths relative to the docs folder).
 * @param wsdlText the main WSDL's text, where the documentation is read from
 */
export async function docsFiles(
  model: WsdlModel,
  options: Pick<EmitOptions, 'types' | 'bindings' | 'sourceLabel' | 'toolVersion'>,
  wsdlText: string | undefined,
): Promise<GeneratedFile[]> {
  const services = serviceDescriptors(model, options);
  const facts = factsOf(wsdlText);
  const notice = `Generated by wsdlc ${options.toolVersion} from ${options.sourceLabel}. Do not edit: changes are lost when the file is regenerated.`;
  const files: GeneratedFile[] = [];
  const serviceStems = new Stems();
  for (const service of services) {
    const stem = serviceStems.take(service.name);
    const opStems = new Stems();
    const outputs = new SampleOutputs();
    const core = createServiceCore(service, outputs.impls(service), { pages: false }, 'createServiceHandler');
    const dispatch: SampleDispatch = (r) => dispatchInProcess(core, r, 'node');
    const host = hostOf(service);
    const ops = [];
    for (const op of service.operations) {
      ops.push({
        desc: op,
        href: `${stem}/${opStems.take(op.name)}.html`,
        documentation: facts.operationDoc(op.name),
        samples: await samplesOf(service, op, outputs, dispatch),
      });
    }
    const documentation = facts.serviceDoc(service.name);
    files.push({
      path: `${stem}.html`,
      content: withNotice(
        renderServicePage({
          service: service.name,
          documentation,
          operations: ops.map((o) => ({ name: o.desc.name, documentation: o.documentation, href: o.href })),
        }),
        notice,
      ),
    });
    for (const o of ops) {
      files.push({
        path: o.href,
        content: withNotice(
          renderOperationPage({
            service: service.name,
            serviceHref: `../${stem}.html`,
            operation: o.desc.name,
            documentation: o.documentation,
            host,
            samples: o.samples,
            formNote: staticFormNote(service, o.desc),
          }),
          notice,
        ),
      });
    }
    files.push({
      path: `${stem}.md`,
      content: renderServiceMarkdown({
        notice,
        service: service.name,
        documentation,
        ports: service.ports.map((p) => ({ name: p.name, binding: p.kind, address: p.address })),
        operations: ops,
        host,
        htmlHref: `${stem}.html`,
      }),
    });
  }
  return files;
}
