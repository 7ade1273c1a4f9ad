/**
 * The emitter: operation model -> generated TypeScript files for one contract.
 *
 * Pipeline: names pass (src/names) -> type registry and service model
 * (descriptors + TypeScript types) -> view models (view-*.ts, all text made
 * safe) -> Handlebars templates (templates/*.hbs) -> ts-morph gate (parse,
 * organise imports, format) -> {@link GeneratedFile} list.
 *
 * Layout of the output folder: index.ts, types.ts, schema.ts, client.ts,
 * server.ts, wsdl.ts, and the runtime folder (copied from src/runtime: the client/ and
 * server/ folders only for the sides that are generated).
 */
import type { WsdlModel } from '../model/types.js';
import type { ComplexDesc, ServiceDesc } from '../runtime/wire/descriptors.js';
import { assignNames } from '../names/index.js';
import { gateFiles, type RawFile } from './format-gate.js';
import { applyImportStyle, DEFAULT_IMPORT_STYLE } from './import-style.js';
import { DEFAULT_RUNTIME_BASE } from './runtime-imports.js';
import { featureModules } from './runtime-features.js';
import { RUNTIME_SOURCE_DIR, runtimeClosure, runtimeRoots, runtimeSources } from './runtime-files.js';
import type { SyntaxChecker } from './syntax-check.js';
import { nocheckContractFile, nocheckRuntime, withNocheck } from './ts-nocheck.js';
import { buildServiceModel, type ServiceModel } from './service-model.js';
import { isOverridden, isTemplateName, render, type TemplateName } from './templates.js';
import { TypeRegistry } from './type-registry.js';
import type { EmitOptions, GeneratedFile } from './types.js';
import { headerSets } from './header-sets.js';
import { clientView, faultDetailTypes } from './view-client.js';
import { headerLine } from './view-common.js';
import { indexView, wsdlView } from './view-index.js';
import { schemaView } from './view-schema.js';
import { serverView } from './view-server.js';
import { declaredTypeNames, typesView } from './view-types.js';

export type { EmitOptions, GeneratedFile, TypeMappingOptions } from './types.js';
export { runtimeRoots } from './runtime-files.js';
export { isRuntimeFeature, RUNTIME_FEATURE_NAMES, type RuntimeFeature } from './runtime-features.js';
export { DEFAULT_TYPE_MAPPING } from './types.js';

/** Extra inputs of a generation. */
export interface EmitExtras {
  /** The main WSDL's text, embedded in wsdl.ts for `?wsdl`. */
  readonly wsdlText?: string;
  /**
   * Parses the generated files for the gate (default: in process). The CLI and
   * `generate` pass a worker-backed one started before the contract is loaded.
   */
  readonly syntaxChecker?: SyntaxChecker;
  /**
   * Parse the files of built-in templates (default true; `generate` passes false
   * unless asked to verify). Files of user templates are always parsed.
   */
  readonly verify?: boolean;
}

/**
 * Generates the files of one contract folder. Deterministic: the same model and
 * options give the same bytes. Throws a `WsdlcError` for contract problems the
 * model let through (an undeclared type or element), and a plain `Error` for
 * internal bugs (generated code that does not parse).
 */
export async function emitFiles(
  model: WsdlModel,
  options: EmitOptions,
  extras: EmitExtras = {},
): Promise<GeneratedFile[]> {
  const gated = await gateFiles(renderFileStream(model, options, extras), {
    ...(extras.syntaxChecker ? { checker: extras.syntaxChecker } : {}),
    ...(extras.verify !== undefined ? { verify: extras.verify } : {}),
  });
  const installed = installedRuntime(options.runtimeImport);
  const ownCheckWanted = (f: GeneratedFile): boolean =>
    (installed !== undefined && f.content.includes(installed)) || fromUserTemplate(f.path, options.templatesDir);
  const files = gated.map((f) =>
    nocheckContractFile(options.tsNocheck, f.path, ownCheckWanted(f)) ? { ...f, content: withNocheck(f.content) } : f,
  );
  const style = {
    importExtension: options.importExtension ?? DEFAULT_IMPORT_STYLE.importExtension,
    typeImports: options.typeImports ?? DEFAULT_IMPORT_STYLE.typeImports,
  };
  if (options.runtimeFormat !== 'js') return applyImportStyle(files, style);
  // A compiled runtime is copied as built (its `.js` specifiers suit every resolver),
  // and the generated files import its modules as the `.js` files they are.
  const runtimeDir = `${options.runtimeImport ?? './runtime'}/`;
  const own = files.filter((f) => !f.path.startsWith('runtime/'));
  return [
    ...applyImportStyle(own, style, (spec) => spec.startsWith(runtimeDir) && style.importExtension === 'ts'),
    ...files.filter((f) => f.path.startsWith('runtime/')),
  ];
}

/**
 * The quoted start of an import of a runtime installed apart from the output
 * (`'@wsdlc/runtime`), or `undefined` when the runtime is a folder beside it.
 */
function installedRuntime(runtimeImport: string | undefined): string | undefined {
  return runtimeImport === undefined || runtimeImport.startsWith('.') ? undefined : `'${runtimeImport}`;
}

/** Whether the contract file at `path` (`types.ts`, ...) was rendered from a template of the user's. */
function fromUserTemplate(path: string, templatesDir: string | undefined): boolean {
  const name = path.slice(0, -'.ts'.length);
  return templatesDir !== undefined && isTemplateName(name) && isOverridden(name, templatesDir);
}

/** The names pass, the type registry and the service model: what every view is built from. */
function prepare(
  model: WsdlModel,
  options: Pick<EmitOptions, 'types' | 'bindings'>,
  sampleFacets = false,
): { registry: TypeRegistry; sm: ServiceModel } {
  const plan = assignNames(model);
  const registry = new TypeRegistry(model, plan, options.types, sampleFacets);
  registry.addAllNamedTypes();
  const sm = buildServiceModel(model, plan, registry, options.bindings);
  registry.resolveSubstitutions();
  return { registry, sm };
}

/**
 * The service descriptors `schema.ts` declares, as plain objects: the same data
 * the schema.ts literals are printed from (same names pass, registry and
 * service model), without rendering any file. For in-process tests of the
 * runtime against a contract (round trips) and for tools.
 */
export function serviceDescriptors(
  model: WsdlModel,
  options: Pick<EmitOptions, 'types' | 'bindings'> & {
    /** Give simple values the string facets and union members a mock's values honour (`ValueDesc` `facets`). */
    readonly sampleFacets?: boolean;
  },
): ServiceDesc[] {
  const { registry, sm } = prepare(model, options, options.sampleFacets === true);
  const types: Record<string, ComplexDesc> = {};
  for (const e of registry.complexEntries) types[e.key] = registry.toComplexDesc(e);
  return sm.services.map((s) => ({
    name: s.names.xmlName,
    targetNamespace: s.service.name.ns,
    ports: s.ports,
    operations: s.operations.map((o) => o.desc),
    types,
  }));
}

/** The files as the templates wrote them, before the gate (exported for tests of the gate). */
export function renderFiles(model: WsdlModel, options: EmitOptions, extras: EmitExtras = {}): RawFile[] {
  return [...renderFileStream(model, options, extras)];
}

/** {@link renderFiles} one file at a time, so the gate can parse each while the next is rendered. */
function* renderFileStream(model: WsdlModel, options: EmitOptions, extras: EmitExtras): Generator<RawFile> {
  const { registry, sm } = prepare(model, options);

  const header = headerLine(options);
  const hs = headerSets(sm, declaredTypeNames(registry, sm));
  const tv = typesView(header, registry, sm, hs, options.runtimeImport);
  const declared = new Set(tv.declarations.map((d) => d.name));
  const opTypes = [...new Set(sm.services.flatMap((s) => s.operations.flatMap((o) => [o.inputTs, o.outputTs])))].filter(
    (n) => declared.has(n),
  );
  const dir = options.templatesDir;
  const own: RawFile[] = [];
  const file = (path: string, name: TemplateName, view: object): RawFile => {
    const f: RawFile = { path, content: render(name, view, dir), format: true, preformatted: !isOverridden(name, dir) };
    own.push(f);
    return f;
  };

  const rt = options.runtimeImport;
  const headerTypeNames = hs.sets.map((h) => h.name);
  const clientTypes = [
    ...new Set([...opTypes, ...headerTypeNames, ...faultDetailTypes(sm).filter((n) => declared.has(n))]),
  ];
  // The server names the operations' sets only (the client-wide one is the client's).
  const serverHeaderNames = [
    ...new Set(sm.services.flatMap((s) => s.operations.flatMap((o) => hs.byOperation.get(o) ?? []))),
  ];
  const serverTypes = [...new Set([...opTypes, ...serverHeaderNames])];
  const cv = options.client ? clientView(header, sm, clientTypes, declared, hs, rt) : undefined;
  const sv = options.server ? serverView(header, sm, serverTypes, hs, rt) : undefined;
  const schemaNames = ['SCHEMA_TYPES', ...sm.services.flatMap((s) => [s.names.descriptor, s.names.operations])];
  yield file('index.ts', 'index', indexView(header, cv, sv, schemaNames, rt));
  yield file('types.ts', 'types', tv);
  yield file('schema.ts', 'schema', schemaView(header, registry, sm, rt, model.declares));
  if (cv) yield file('client.ts', 'client', cv);
  if (sv) yield file('server.ts', 'server', sv);
  yield file('wsdl.ts', 'wsdl', wsdlView(header, options.sourceLabel, extras.wsdlText));
  if (rt !== undefined) return;
  // Unstyled here: emitFiles applies the import style to every file it returns.
  const roots = runtimeRoots(own, DEFAULT_RUNTIME_BASE);
  for (const f of unstyledRuntimeFiles(options, roots))
    yield { path: `runtime/${f.path}`, content: f.content, format: false };
}

/** The options that decide an output's runtime files. */
type RuntimeFileOptions = Pick<
  EmitOptions,
  'client' | 'server' | 'toolVersion' | 'sourceLabel' | 'runtimeFormat' | 'runtimeFeatures' | 'tsNocheck'
>;

/**
 * The runtime's files (paths relative to the runtime folder), each with a generated
 * header: the import closure of `roots` (the runtime modules generated files import,
 * see {@link runtimeRoots}) and of the optional features `options` asks for, within
 * the sides it asks for. What an output folder's `runtime/` holds, and what a
 * project's shared runtime folder holds (with the roots of all its contracts).
 */
export function runtimeFiles(
  options: RuntimeFileOptions & Pick<EmitOptions, 'importExtension' | 'typeImports'>,
  roots: readonly string[],
): GeneratedFile[] {
  if (options.runtimeFormat === 'js') return unstyledRuntimeFiles(options, roots);
  return applyImportStyle(unstyledRuntimeFiles(options, roots), {
    importExtension: options.importExtension ?? DEFAULT_IMPORT_STYLE.importExtension,
    typeImports: options.typeImports ?? DEFAULT_IMPORT_STYLE.typeImports,
  });
}

/** The runtime's files as copied, before the import style is applied. */
function unstyledRuntimeFiles(options: RuntimeFileOptions, roots: readonly string[]): GeneratedFile[] {
  const format = options.runtimeFormat ?? 'ts';
  const what = (source: string): string =>
    format === 'ts' ? `runtime copy of src/runtime/${source}` : `runtime compiled from src/runtime/${source}`;
  const features = featureModules(options.runtimeFeatures ?? []);
  const modules = features === undefined ? undefined : runtimeClosure([...roots, ...features]);
  const roles = { client: options.client, server: options.server };
  // Only TypeScript sources: a compiled runtime's .d.ts files are skipped by skipLibCheck already.
  const nocheck = format === 'ts' && nocheckRuntime(options.tsNocheck);
  return runtimeSources(roles, format, RUNTIME_SOURCE_DIR, undefined, modules).map((r) => {
    const content = `${headerLine(options, what(r.source))}\n${r.text.trimEnd()}\n`;
    return { path: r.name, content: nocheck ? withNocheck(content) : content };
  });
}
