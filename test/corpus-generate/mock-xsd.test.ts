/**
 * The mock's answers against the contract's schema under libxml2 (xmllint-wasm): for
 * every contract of the corpus whose schemas are all inline in the WSDL (they are then
 * lifted out into files, imports between them pointed at those files), every SOAP 1.1
 * answer's Body element and every HTTP GET/POST answer document is valid. Contracts
 * whose schemas libxml2 cannot load from those files (external schema documents,
 * imports of namespaces no schema declares, schemas libxml2 refuses) are listed in the
 * test's output, not hidden.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import { ServiceClient } from '../../src/runtime/client/client.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { recordingTransport } from '../../src/runtime/client/transport-record.js';
import { createMockHandler, mockLeaf } from '../../src/runtime/server/mock.js';
import type { BindingKind } from '../../src/runtime/wire/descriptors.js';
import { SampleValues } from '../../src/runtime/wire/sample-values.js';
import { attr, childElements, firstChild, parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { serializeElement } from '../contract/serialize-element.js';
import { prng } from '../support/prng.js';
import { buildingContracts, corpusFile, loadCorpusModel } from './corpus-files.js';
import '../../src/runtime/wire/dataset.js';
import '../../src/runtime/wire/soap-array.js';

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The inline schemas as files (imports between them given locations), or why they cannot be. */
function inlineSchemas(wsdlText: string): { files: XMLFileInfo[]; wrapper: string } | string {
  const root = parseXml(wsdlText);
  const types = firstChild(root, WSDL, 'types');
  const schemas = types === undefined ? [] : childElements(types, XSD, 'schema');
  if (schemas.length === 0) return 'no inline schema';
  const byNs = new Map<string, string>();
  for (const [i, s] of schemas.entries()) byNs.set(attr(s, 'targetNamespace') ?? '', `s${i}.xsd`);
  const files: XMLFileInfo[] = [];
  for (const [i, s] of schemas.entries()) {
    for (const inc of [...childElements(s, XSD, 'include'), ...childElements(s, XSD, 'redefine')])
      if (inc) return 'includes an external schema document';
    let text = serializeElement(s);
    for (const imp of childElements(s, XSD, 'import')) {
      const ns = attr(imp, 'namespace') ?? '';
      if (attr(imp, 'schemaLocation') !== undefined && !byNs.has(ns)) return `imports an external schema (${ns})`;
      if (ns === 'http://www.w3.org/XML/1998/namespace' || ns === 'http://schemas.xmlsoap.org/soap/encoding/')
        return `imports ${ns}`;
      if (!byNs.has(ns)) continue;
      // Point the import at the lifted file (replacing any location it had).
      text = text.replace(
        new RegExp(
          `(<(?:[\\w.-]+:)?import\\b[^>]*namespace="${ns.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}")([^>]*?)(/?>)`,
        ),
        (_m, head: string, rest: string, end: string) =>
          `${head}${rest.replace(/\s+schemaLocation="[^"]*"/, '')} schemaLocation="${byNs.get(ns)}"${end}`,
      );
    }
    files.push({ fileName: `s${i}.xsd`, contents: text });
  }
  const imports = [...byNs].map(
    ([ns, f]) => `<xs:import${ns === '' ? '' : ` namespace="${ns}"`} schemaLocation="${f}"/>`,
  );
  const wrapper = `<xs:schema xmlns:xs="${XSD}" targetNamespace="urn:wsdlc:test:wrapper">${imports.join('')}</xs:schema>`;
  return { files, wrapper };
}

/**
 * The mock's known limits, by libxml2's message: wildcard (`xsd:any`) content and DataSets,
 * which the mock leaves empty. Counted and printed, not failed. String facets, union types
 * and built-in types read as strings are honoured (descriptors built with `sampleFacets`, as
 * `wsdlc mock` builds them): a value breaking one fails the test.
 */
const UNSUPPORTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/Expected is one of \( \{\*\}\*, \* \)/, 'required wildcard (xsd:any) content, DataSets'],
];
const unsupported = new Map<string, number>();

const skipped: string[] = [];
const tally = { documents: 0 };

afterAll(() => {
  const limits = [...unsupported].map(([what, n]) => `${what}: ${n}`).join('; ');
  console.log(
    `mock answers under libxml2: ${tally.documents} documents checked; known limits hit: ${limits}; contracts not checked:\n  ${skipped.join('\n  ')}`,
  );
});

function bodyElement(envelope: string): XmlElement | undefined {
  const env = parseXml(envelope);
  const body = firstChild(env, SOAP11, 'Body');
  return body === undefined ? undefined : childElements(body)[0];
}

describe('the mock answers validate against the contract schema (libxml2)', () => {
  for (const rel of buildingContracts().filter((r) => !r.startsWith('large/') && r.endsWith('.wsdl'))) {
    it(rel, async () => {
      const schemas = inlineSchemas(readFileSync(corpusFile(rel), 'utf8'));
      if (typeof schemas === 'string') {
        skipped.push(`${rel}: ${schemas}`);
        return;
      }
      const model = await loadCorpusModel(rel);
      const problems: string[] = [];
      const documents: { where: string; xml: string }[] = [];
      for (const service of serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING, sampleFacets: true })) {
        const rec = recordingTransport(inMemoryTransport(createMockHandler(service, { seed: 11, pages: false })), {
          keepSecrets: true,
        });
        for (const binding of ['soap11', 'httpGet', 'httpPost'] as const satisfies readonly BindingKind[]) {
          if (!service.ports.some((p) => p.kind === binding)) continue;
          const client = new ServiceClient(
            service,
            { transport: rec.transport, binding, baseUrl: 'http://localhost' },
            binding,
          );
          for (const op of service.operations) {
            const soap = binding === 'soap11' ? op.soap11 : undefined;
            if (op[binding] === undefined || op.output === undefined) continue;
            // SOAP-encoded messages are not instances of the schema's element declarations.
            if (soap !== undefined && soap.use === 'encoded') continue;
            const r = prng(op.name.length);
            const values = new SampleValues(service.types, (d) => mockLeaf(d, r), r);
            const before = rec.exchanges.length;
            try {
              await client.call(op, values.value(op.input, op.name));
            } catch {
              continue; // mock.test.ts reports calls that fail
            }
            const body = rec.exchanges[before]?.response.body ?? '';
            if (body === '') continue;
            const el = binding === 'soap11' ? bodyElement(body) : parseXml(body);
            if (el !== undefined)
              documents.push({ where: `${service.name}.${op.name} ${binding}`, xml: serializeElement(el) });
          }
        }
      }
      if (documents.length === 0) {
        skipped.push(`${rel}: no literal answers`);
        return;
      }
      const r = await validateXML({
        xml: documents.map((d, i) => ({ fileName: `answer${i}.xml`, contents: d.xml })),
        schema: [{ fileName: 'wrapper.xsd', contents: schemas.wrapper }],
        preload: schemas.files,
      });
      if (!r.valid && /failed to compile|Schemas parser error|WXS schema .* failed/i.test(r.rawOutput)) {
        skipped.push(
          `${rel}: libxml2 cannot load its schemas (${
            r.rawOutput
              .split('\n')
              .find((l) => /error/i.test(l))
              ?.slice(0, 160) ?? ''
          })`,
        );
        return;
      }
      for (const e of r.errors) {
        if (!/validity error/.test(e.message)) continue; // warnings (a relative namespace URI) and context lines
        const limit = UNSUPPORTED.find(([re]) => re.test(e.message));
        if (limit !== undefined) {
          unsupported.set(limit[1], (unsupported.get(limit[1]) ?? 0) + 1);
          continue;
        }
        const i = Number(/answer(\d+)\.xml/.exec(e.loc?.fileName ?? '')?.[1] ?? -1);
        problems.push(`${documents[i]?.where ?? '?'}: ${e.message}`);
      }
      tally.documents += documents.length;
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
