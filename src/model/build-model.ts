/**
 * The model builder: turns a {@link LoadedSet} into a {@link WsdlModel}.
 * Stages: index schemas and WSDL components, convert schemas (XML Schema 1.0),
 * messages and port types (WSDL 1.1 §2.3-2.4), bindings (§2.5, §3-5), services
 * (§2.7), then link logical operations across bindings.
 */
import type { LoadedSet } from '../load/types.js';
import { attr } from '../runtime/xml/xml-parse.js';
import { WsdlcError } from '../util/errors.js';
import { BuildContext, type BuildOptions } from './build-context.js';
import type { Binding, ComplexTypeBody, Diagnostic, Message, PortType, Service, WsdlModel } from './types.js';
import { WSDL_NS, isXsdNamespace } from './namespaces.js';
import { wsdlDocumentation } from './documentation.js';
import { indexSchemas } from './schema-index.js';
import { applyRedefinitions } from './schema-redefine.js';
import { SchemaConverter, optional } from './schema-convert.js';
import { indexWsdl } from './wsdl-index.js';
import { convertMessage, convertPortType } from './wsdl-abstract.js';
import { convertBinding } from './wsdl-binding.js';
import { convertService } from './wsdl-service.js';
import { linkOperations } from './logical-operations.js';
import { qkey } from './qname-key.js';
import { checkImportNamespaces } from './import-check.js';
import { WsdlHints } from './wsdl-refs.js';
import { checkTypeDepths } from './type-depth-check.js';
import { isWsdl20, lowerWsdl20 } from './wsdl20/lower.js';
import { declaredFeatures } from './declared-features.js';

/** The outcome of a build that does not throw: the model (when there were no errors) and every diagnostic. */
export interface BuildOutcome {
  /** The model; `undefined` when errors were found. */
  readonly model?: WsdlModel;
  /** Errors then warnings, each in the order found. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Builds the model and reports every problem instead of throwing.
 * Only internal bugs escape as exceptions.
 */
export function buildModelCollecting(original: LoadedSet, options: BuildOptions = {}): BuildOutcome {
  // WSDL 2.0: the documents are read into WSDL 1.1 components of the same meaning (src/model/wsdl20).
  const wsdl20 = isWsdl20(original.main);
  const lowering = wsdl20 ? new BuildContext(original, options) : undefined;
  const loaded = lowering ? lowerWsdl20(lowering, original) : original;
  const ctx = new BuildContext(loaded, options);
  if (lowering) {
    ctx.sink.errors.push(...lowering.sink.errors);
    ctx.sink.warnings.push(...lowering.sink.warnings);
    ctx.replaced.push(...lowering.replaced);
  }
  // Lenient mode: what the loader read anyway (unbound conventional prefixes, include location=),
  // and the imports it could not read (skipped), each with a warning.
  for (const w of [...(loaded.recovered ?? []), ...(loaded.skipped ?? [])]) {
    ctx.sink.warnings.push(w);
    ctx.replaced.push(w.location ? { ...w, location: ctx.modelFromDiag(w.location) } : w);
  }
  const main = loaded.main;
  if (main.kind !== 'wsdl' || main.root.ns !== WSDL_NS || main.root.name !== 'definitions') {
    const message =
      isXsdNamespace(main.root.ns) && main.root.name === 'schema'
        ? 'not a WSDL 1.1 document: this is an XML Schema document (root xsd:schema); compile the WSDL that imports it'
        : `not a WSDL 1.1 document: root element is {${main.root.ns}}${main.root.name}, expected {${WSDL_NS}}definitions`;
    ctx.error(main, main.root, message);
    return { diagnostics: [...ctx.sink.errors, ...ctx.sink.warnings] };
  }

  const namespaceNotes = checkImportNamespaces(ctx);
  const schemaIndex = indexSchemas(ctx);
  // xsd:redefine (XML Schema Part 1 §4.2.2): once every schema is indexed, the redefined documents included.
  applyRedefinitions(ctx, schemaIndex);
  const schemaConverter = new SchemaConverter(ctx, schemaIndex, namespaceNotes);
  let schema = schemaConverter.convertAll();
  // Later stages follow types recursively: cycles and absurd depths are errors here, before any of them runs.
  const typesUnsafe =
    checkTypeDepths(ctx, schema, { nesting: !schemaConverter.referenceChainTooDeep }) ||
    schemaConverter.referenceChainTooDeep;
  const complexTypes = new Map<string, ComplexTypeBody>(schema.complexTypes.map((t) => [qkey(t.name), t]));

  const wsdlIndex = indexWsdl(ctx);
  const hints = new WsdlHints(wsdlIndex, ctx, namespaceNotes);
  const messages = new Map<string, Message>();
  for (const raw of wsdlIndex.message.values()) messages.set(qkey(raw.name), convertMessage(ctx, schemaConverter, raw));
  // Lenient mode: undeclared part elements stand as xsd:anyType elements.
  if (schemaConverter.placeholders.size > 0)
    schema = { ...schema, elements: [...schema.elements, ...schemaConverter.placeholders.values()] };
  const portTypes = new Map<string, PortType>();
  for (const raw of wsdlIndex.portType.values()) portTypes.set(qkey(raw.name), convertPortType(ctx, hints, raw));
  const bindings = new Map<string, Binding>();
  for (const raw of wsdlIndex.binding.values()) {
    const b = convertBinding(ctx, { portTypes, messages, hints }, raw);
    if (b) bindings.set(qkey(raw.name), b);
  }
  const services: Service[] = [];
  for (const raw of wsdlIndex.service.values()) services.push(convertService(ctx, hints, bindings, raw));

  if (typesUnsafe) return { diagnostics: [...ctx.sink.errors, ...ctx.sink.warnings] };
  const operations = linkOperations(
    ctx,
    services,
    bindings,
    portTypes,
    messages,
    {
      messages,
      element: (q) => schemaConverter.element(q),
      complexType: (q) => complexTypes.get(qkey(q)),
    },
    { leaveOutDisagreeing: wsdl20 },
  );

  const diagnostics = [...ctx.sink.errors, ...ctx.sink.warnings];
  if (ctx.sink.errors.length > 0) return { diagnostics };
  // Read from the documents as given (a WSDL 2.0 contract's policies are not lowered).
  const declares = declaredFeatures(original.documents.map((d) => d.root));
  const model: WsdlModel = {
    modelVersion: 1,
    ...(wsdl20 ? { wsdlVersion: '2.0' as const } : {}),
    source: main.displayName,
    documents: loaded.documents.map((d) => ({
      file: ctx.modelLoc(d, d.root).file,
      kind: d.kind,
      targetNamespace:
        attr(d.root, 'targetNamespace') ?? (isXsdNamespace(d.root.ns) ? (d.chameleonNamespace ?? '') : ''),
    })),
    targetNamespace: attr(main.root, 'targetNamespace') ?? '',
    ...optional('name', attr(main.root, 'name')),
    ...optional('documentation', wsdlDocumentation(main.root)),
    services,
    bindings: [...bindings.values()],
    portTypes: [...portTypes.values()],
    messages: [...messages.values()],
    schema,
    operations,
    ...(Object.keys(declares).length > 0 ? { declares } : {}),
    warnings: [...ctx.sink.warnings],
    ...(ctx.lenient ? { lenient: { replaced: [...ctx.replaced] } } : {}),
  };
  return { model, diagnostics };
}

/**
 * Builds the operation model of a loaded contract.
 * @throws WsdlcError listing every error found (each `file:line:column: message`).
 */
export function buildModel(loaded: LoadedSet, options: BuildOptions = {}): WsdlModel {
  const outcome = buildModelCollecting(loaded, options);
  if (!outcome.model) throw new WsdlcError(outcome.diagnostics.filter((d) => d.severity === 'error'));
  return outcome.model;
}
