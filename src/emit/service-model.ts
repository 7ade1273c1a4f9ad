/**
 * From logical operations to runtime descriptors and TypeScript signatures.
 *
 * For each service (WSDL 1.1 §2.7) and each of its logical operations, this
 * builds the {@link OperationDesc} the runtime uses (SOAP 1.1/1.2 per WSDL 1.1
 * §3 and the SOAP 1.2 binding note; HTTP GET/POST per WSDL 1.1 §4) and the
 * operation's `<Op>Input` / `<Op>Output` types:
 * - Input: the document/literal wrapper's content type when a SOAP binding is
 *   wrapped (ASMX style), else an interface made of the logical input fields.
 * - Output: `Signature.single`'s type when the output is one value (the ASMX
 *   `XResult` child / HTTP root element), else the wrapper's content or fields.
 *   A single result is typed as present (not `| undefined`) even when its
 *   element has `minOccurs="0"`; it is `| null` when nillable.
 */
import type {
  BindingKind,
  ElementDecl,
  Field,
  LogicalOperation,
  MessagePart,
  OperationBinding,
  QName,
  Service,
  TypeUse,
  WireMessage,
  WsdlModel,
} from '../model/types.js';
import {
  isIdentifierName,
  newPropertyScope,
  operationKey,
  qnameKey,
  toPropertyName,
  type NamePlan,
  type OperationNames,
  type ServiceNames,
} from '../names/index.js';
import type {
  FaultDesc,
  FieldDesc,
  HttpOperationDesc,
  HttpParamDesc,
  OperationDesc,
  PortDesc,
  SoapMessageDesc,
  SoapOperationDesc,
  ValueDesc,
} from '../runtime/wire/descriptors.js';
import { userError } from '../util/errors.js';
import { parenthesize, type ComplexEntry, type PropInfo, type Resolved, type TypeRegistry } from './type-registry.js';

/** The binding kinds in the order they are listed and preferred as default. */
export const BINDING_ORDER: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

/** A type alias declared for an operation (`LoginOutput = EmAuthResult`). */
export interface OperationAlias {
  readonly name: string;
  readonly aliasOf: string;
  readonly documentation: string;
}

/** One operation, ready for the views. */
export interface OperationInfo {
  readonly op: LogicalOperation;
  readonly names: OperationNames;
  /** TypeScript type of the input argument. */
  readonly inputTs: string;
  /** TypeScript type the call resolves to: one identifier (a type, a scalar, the `<Op>Output` alias or `void`). */
  readonly outputTs: string;
  readonly desc: OperationDesc;
  /** Declared faults with a detail element (carried over SOAP), by `wsdl:fault` name, with the detail's TypeScript type. */
  readonly faults: readonly { readonly name: string; readonly detailTs: string }[];
  /**
   * Declared SOAP header parts of the input (WSDL 1.1 §3.7), by property: the property's
   * TypeScript type and the named types it is made of (what client.ts and server.ts import).
   */
  readonly headers: readonly { readonly prop: string; readonly ts: string; readonly types: readonly string[] }[];
}

/** One service, ready for the views. */
export interface ServiceInfo {
  readonly service: Service;
  readonly names: ServiceNames;
  /** Binding kinds offered (after the user's filter), in {@link BINDING_ORDER}. */
  readonly bindings: readonly BindingKind[];
  readonly defaultBinding: BindingKind;
  readonly ports: readonly PortDesc[];
  readonly operations: readonly OperationInfo[];
}

/** Everything derived from the model that the views need. */
export interface ServiceModel {
  readonly services: readonly ServiceInfo[];
  /** Aliases declared for operation inputs/outputs, in operation order. */
  readonly aliases: readonly OperationAlias[];
}

/** The path part of a port address (`/ecomm/Auth.asmx`), `/` when there is none. */
export function addressPath(address: string): string {
  try {
    return new URL(address).pathname || '/';
  } catch {
    return address.startsWith('/') ? address : '/';
  }
}

function maxOf(m: number | 'unbounded'): number {
  return m === 'unbounded' ? -1 : m;
}

/** TypeScript for a whole value use: `| null` when nillable, `[]` when repeated. */
export function useTs(itemTs: string, nillable: boolean, max: number): string {
  const item = nillable ? `${itemTs} | null` : itemTs;
  return max === -1 || max > 1 ? `${parenthesize(item)}[]` : item;
}

/** Builds the service model for every service of `model`. */
export function buildServiceModel(
  model: WsdlModel,
  plan: NamePlan,
  registry: TypeRegistry,
  only: readonly BindingKind[] | undefined,
): ServiceModel {
  const aliases: OperationAlias[] = [];
  const keep = (k: BindingKind): boolean => !only || only.includes(k);
  const services: ServiceInfo[] = [];
  /** Services the binding filter leaves without a port. */
  const emptied: Service[] = [];
  for (const service of model.services) {
    const names = plan.services.get(qnameKey(service.name));
    if (!names) throw new Error(`internal error: no names for service ${service.name.name}`);
    const ports: PortDesc[] = service.ports
      .filter((p) => keep(p.kind))
      .map((p) => ({ name: p.name, kind: p.kind, address: p.address, path: addressPath(p.address) }));
    if (only && ports.length === 0 && service.ports.length > 0) emptied.push(service);
    const operations: OperationInfo[] = [];
    for (const op of model.operations) {
      if (qnameKey(op.service) !== qnameKey(service.name)) continue;
      const opNames = plan.operations.get(operationKey(op));
      if (!opNames) throw new Error(`internal error: no names for operation ${op.name}`);
      const bindings = op.bindings.filter((b) => keep(b.kind));
      operations.push(buildOperation(op, opNames, bindings, registry, aliases, service));
    }
    // A port none of whose operations can be generated (e.g. an HTTP GET port of XML-document inputs) is not offered.
    const usable = ports.filter((p) => operations.some((o) => o.desc[p.kind] !== undefined));
    if (usable.length > 0 && usable.length < ports.length) ports.splice(0, ports.length, ...usable);
    const kinds = BINDING_ORDER.filter((k) => ports.some((p) => p.kind === k));
    services.push({
      service,
      names,
      bindings: kinds,
      defaultBinding: kinds[0] ?? 'soap11',
      ports,
      operations,
    });
  }
  const withPorts = model.services.filter((x) => x.ports.length > 0);
  const first = emptied[0];
  if (only && first !== undefined && emptied.length === withPorts.length) {
    // The filter leaves nothing to call or serve: say so rather than emit a client whose binding type is `never`.
    const has = BINDING_ORDER.filter((k) => first.ports.some((p) => p.kind === k));
    throw userError(
      `bindings ${only.join(', ')}: service ${first.name.name} has none of them (it has ${has.join(', ')})`,
      first.location,
    );
  }
  return { services, aliases };
}

function isSoap(b: OperationBinding): boolean {
  return b.kind === 'soap11' || b.kind === 'soap12';
}

/**
 * The body element of the first SOAP binding whose wire message (of `dir`) is
 * document/literal with one element: a wrapper (`wrapped`), or a single-part
 * `bare` message (WSDL 1.1 §3.5: the part's element is the body's only child).
 * That element's content type is then the operation's input (or output) type.
 */
function wrappedElement(bindings: readonly OperationBinding[], dir: 'input' | 'output'): QName | undefined {
  for (const b of bindings) {
    const wire = dir === 'input' ? b.input : b.output;
    if (!wire || !isSoap(b) || b.style === 'rpc') continue;
    if (wire.mode === 'wrapped' && wire.element) return wire.element;
    const only = wire.parts.length === 1 ? wire.parts[0] : undefined;
    if (wire.mode === 'bare' && only?.element) return only.element;
  }
  // HTTP POST with an XML document input (WSDL 1.1 §5.6): the document's root element plays the wrapper.
  if (dir === 'input') {
    for (const b of bindings) if (!isSoap(b) && b.input.mode === 'xml' && b.input.element) return b.input.element;
  }
  return undefined;
}

/** Whether a document-style SOAP binding of the operation answers with a nillable response element (read as `null` when nil). */
function soapResponseNillable(bindings: readonly OperationBinding[], registry: TypeRegistry): boolean {
  const wrapper = wrappedElement(bindings, 'output');
  return wrapper !== undefined && registry.element(wrapper).nillable;
}

/** Whether an HTTP GET/POST binding of the operation answers with a nillable element (read as `null` when nil). */
function httpResultNillable(bindings: readonly OperationBinding[], registry: TypeRegistry): boolean {
  for (const b of bindings) {
    if (isSoap(b) || !b.output || b.output.mode === 'none' || b.output.mode === 'params') continue;
    const element = b.output.mode === 'xml' ? b.output.element : b.output.parts[0]?.element;
    if (element && registry.element(element).nillable) return true;
  }
  return false;
}

/**
 * The complex entry for a global element's type, or undefined when the type is
 * simple or a DataSet (ASP.NET's `<s:element name="DataSet">`, the root of its HTTP
 * GET/POST answers: its value is the runtime's `DataSet`, see {@link elementValue}).
 */
function elementEntry(
  decl: ElementDecl,
  registry: TypeRegistry,
  name: { readonly hint: string } | { readonly claimed: string },
  declare: boolean,
): ComplexEntry | undefined {
  if (decl.type.kind === 'complex' && decl.type.type.dataSet) return undefined;
  if (decl.type.kind === 'complex')
    return registry.anonymousComplex(decl.type.type, name, decl.name, declare, decl.documentation);
  if (decl.type.kind === 'named') {
    const r = registry.resolve(decl.type, '', decl.name.name, decl.location);
    if ('complex' in r.value) {
      const key = r.value.complex;
      return registry.entry(key);
    }
  }
  return undefined;
}

/**
 * The value of a global element's content (complex entry key, or a scalar).
 * `declare`: an anonymous complex type is declared in types.ts (fault details
 * and header blocks, which callers handle as typed values).
 */
function elementValue(decl: ElementDecl, registry: TypeRegistry, declare = false): Resolved {
  const entry = elementEntry(decl, registry, { hint: decl.name.name }, declare);
  if (entry) return { value: { complex: entry.key }, ts: entry.tsName };
  return registry.resolve(decl.type, '', decl.name.name, decl.location);
}

/**
 * Properties of a logical input or output. `encoded`: every SOAP binding of the
 * operation is rpc/encoded, where any accessor may be nil (SOAP 1.1 §5.1, SOAP
 * 1.2 Part 2 §3.1.5; PHP's SoapClient sends xsi:nil for a null argument): each
 * property may then be `null`.
 */
function propsFromFields(
  fields: readonly Field[],
  parent: string,
  registry: TypeRegistry,
  encoded = false,
): PropInfo[] {
  const scope = newPropertyScope();
  return fields.map((f) => {
    const p = fieldProp(f.name, f.type, parent, registry, scope.claim(toPropertyName(f.name)));
    return encoded && !p.nillable ? { ...p, nillable: true } : p;
  });
}

/** Whether the operation has SOAP bindings and all of them are rpc/encoded (see {@link propsFromFields}). */
function allEncoded(bindings: readonly OperationBinding[]): boolean {
  const soap = bindings.filter(isSoap);
  return soap.length > 0 && soap.every((b) => b.use === 'encoded');
}

function fieldProp(name: string, use: TypeUse, parent: string, registry: TypeRegistry, prop: string): PropInfo {
  return {
    kind: 'element',
    prop,
    xmlName: use.element?.name ?? name,
    ns: use.element?.ns ?? '',
    resolved: registry.resolve(use.type, parent, name),
    min: use.minOccurs,
    max: maxOf(use.maxOccurs),
    nillable: use.nillable,
  };
}

function partsEntry(
  parts: readonly MessagePart[],
  hint: string,
  xmlName: QName,
  registry: TypeRegistry,
  encoded: boolean,
): ComplexEntry {
  const scope = newPropertyScope();
  const props: PropInfo[] = parts.map((part) => {
    const resolved = part.element
      ? elementValue(registry.element(part.element), registry)
      : part.type
        ? registry.resolve({ kind: 'named', ref: part.type }, hint, part.name)
        : { value: { scalar: 'string' } as ValueDesc, ts: 'string' };
    // Under SOAP encoding any accessor may be nil (SOAP 1.1 §5.1): an encoded part reads xsi:nil as null.
    return {
      kind: 'element',
      prop: scope.claim(toPropertyName(part.name)),
      xmlName: part.name,
      ns: '',
      resolved,
      min: 1,
      max: 1,
      nillable: encoded,
    };
  });
  return registry.syntheticComplex(registry.claim(hint), xmlName, props, false);
}

function buildOperation(
  op: LogicalOperation,
  names: OperationNames,
  bindings: readonly OperationBinding[],
  registry: TypeRegistry,
  aliases: OperationAlias[],
  service: Service,
): OperationInfo {
  // Input
  let inputEntry: ComplexEntry | undefined;
  const inWrapper = wrappedElement(bindings, 'input');
  if (inWrapper) inputEntry = elementEntry(registry.element(inWrapper), registry, { claimed: names.input }, true);
  if (!inputEntry) {
    inputEntry = registry.syntheticComplex(
      names.input,
      { ns: service.name.ns, name: op.name },
      propsFromFields(op.input.fields, names.input, registry, allEncoded(bindings)),
      true,
    );
  }
  if (inputEntry.tsName !== names.input) {
    aliases.push({
      name: names.input,
      aliasOf: inputEntry.tsName,
      documentation: `Input of the ${op.name} operation.`,
    });
  } else if (!inputEntry.documentation) {
    (inputEntry as { documentation?: string }).documentation = `Input of the ${op.name} operation.`;
  }

  // Output
  let outputTs = 'void';
  let outputValue: ValueDesc | undefined;
  if (op.output) {
    if (op.output.single) {
      const single = op.output.single;
      const r = registry.resolve(single.type, names.output, 'Result');
      outputValue = r.value;
      const max = maxOf(single.maxOccurs);
      // What any binding can return: xsi:nil where the SOAP result or an HTTP result element is nillable,
      // nothing where the SOAP result is optional (ASMX omits a null result: minOccurs="0").
      outputTs = useTs(
        r.ts,
        single.nillable ||
          httpResultNillable(bindings, registry) ||
          soapResponseNillable(bindings, registry) ||
          allEncoded(bindings),
        max,
      );
      if (single.minOccurs === 0 && max === 1) outputTs = `${outputTs} | undefined`;
    } else {
      let entry: ComplexEntry | undefined;
      const outWrapper = wrappedElement(bindings, 'output');
      if (outWrapper) entry = elementEntry(registry.element(outWrapper), registry, { claimed: names.output }, true);
      if (!entry) {
        entry = registry.syntheticComplex(
          names.output,
          { ns: service.name.ns, name: `${op.name}Response` },
          propsFromFields(op.output.fields, names.output, registry, allEncoded(bindings)),
          true,
        );
      }
      outputValue = { complex: entry.key };
      outputTs = soapResponseNillable(bindings, registry) ? `${entry.tsName} | null` : entry.tsName;
    }
    if (outputTs !== names.output) {
      aliases.push({ name: names.output, aliasOf: outputTs, documentation: `Output of the ${op.name} operation.` });
    }
  }

  const desc: {
    name: string;
    method: string;
    input: ValueDesc;
    output?: ValueDesc;
    soap11?: SoapOperationDesc;
    soap12?: SoapOperationDesc;
    httpGet?: HttpOperationDesc;
    httpPost?: HttpOperationDesc;
  } = { name: op.name, method: names.method, input: { complex: inputEntry.key } };
  if (outputValue) desc.output = outputValue;
  // The binding each SOAP descriptor came from: the header types follow exactly those bindings.
  const soapSources: OperationBinding[] = [];
  for (const b of bindings) {
    if (desc[b.kind]) continue;
    if (b.kind === 'soap11' || b.kind === 'soap12') {
      const soap = soapDesc(op, b, registry, inputEntry);
      if (soap) {
        desc[b.kind] = soap;
        soapSources.push(b);
      }
    } else {
      desc[b.kind] = httpDesc(op, b, inputEntry, registry);
    }
  }
  // Method signatures name the type directly when it is one identifier (`EmAuthResult`, `number`), else the alias.
  const methodOutput = !op.output ? 'void' : isIdentifierName(outputTs) ? outputTs : names.output;
  const faults: { name: string; detailTs: string }[] = [];
  if (bindings.some(isSoap)) {
    for (const f of op.faults) {
      if (!f.element || faults.some((x) => x.name === f.name)) continue;
      faults.push({ name: f.name, detailTs: elementValue(registry.element(f.element), registry, true).ts });
    }
  }
  return {
    op,
    names,
    inputTs: names.input,
    outputTs: methodOutput,
    desc,
    faults,
    headers: headerProps(soapSources, registry),
  };
}

/**
 * The typed header parts of an operation's input: those of every SOAP binding that
 * gave the operation a descriptor (SOAP 1.1 and SOAP 1.2 may declare different
 * `soap:header`s, WSDL 1.1 §3.7), with the property names soapMessage gives them in
 * that binding. A property whose parts have different types in different bindings
 * takes any of them (each binding encodes it with its own part's type).
 */
function headerProps(
  sources: readonly OperationBinding[],
  registry: TypeRegistry,
): { prop: string; ts: string; types: string[] }[] {
  const types = new Map<string, string[]>();
  for (const b of sources) {
    const scope = newPropertyScope();
    for (const h of b.input.headers) {
      if (!h.element) continue;
      const prop = scope.claim(toPropertyName(h.part));
      const ts = elementValue(registry.element(h.element), registry, true).ts;
      const list = types.get(prop);
      if (list === undefined) types.set(prop, [ts]);
      else if (!list.includes(ts)) list.push(ts);
    }
  }
  return [...types].map(([prop, list]) => ({ prop, ts: list.map(parenthesize).join(' | '), types: list }));
}

function soapMessage(
  op: LogicalOperation,
  wire: WireMessage,
  dir: 'input' | 'output',
  b: OperationBinding,
  registry: TypeRegistry,
): SoapMessageDesc | undefined {
  let element: QName | undefined;
  let entry: ComplexEntry | undefined;
  let value: ValueDesc | undefined;
  /** The element is the RPC wrapper (WSDL 1.1 §3.5), not a global element declaration. */
  let synthesized = false;
  if (b.style === 'rpc') {
    element = wire.element ?? { ns: '', name: dir === 'input' ? op.name : `${op.name}Response` };
    synthesized = true;
    entry = partsEntry(
      wire.parts,
      `${op.name} ${dir === 'input' ? 'Request' : 'Response'}`,
      element,
      registry,
      b.use === 'encoded',
    );
    value = { complex: entry.key };
  } else if (wire.element) {
    element = wire.element;
    const decl = registry.element(element);
    entry = elementEntry(decl, registry, { hint: decl.name.name }, false);
    value = entry ? { complex: entry.key } : elementValue(decl, registry).value;
  } else {
    const part = wire.parts[0];
    if (part?.element) {
      element = part.element;
      value = elementValue(registry.element(part.element), registry).value;
    }
  }
  if (!element || !value) return undefined;
  const result =
    wire.resultChild && entry
      ? entry.props.find(
          (p) => p.kind === 'element' && p.xmlName === wire.resultChild?.name && p.ns === wire.resultChild.ns,
        )?.prop
      : undefined;
  const scope = newPropertyScope();
  const headers: FieldDesc[] = [];
  for (const h of wire.headers) {
    if (!h.element) continue;
    headers.push({
      prop: scope.claim(toPropertyName(h.part)),
      name: h.element.name,
      ns: h.element.ns,
      value: elementValue(registry.element(h.element), registry, true).value,
      min: 0,
      max: 1,
    });
  }
  // A nillable response element may come as xsi:nil: the call then returns null (its type says so).
  const nillable = dir === 'output' && !synthesized && registry.element(element).nillable;
  return {
    element: { name: element.name, ns: element.ns },
    value,
    ...(result ? { result } : {}),
    ...(headers.length ? { headers } : {}),
    ...(nillable ? { nillable: true } : {}),
  };
}

function soapDesc(
  op: LogicalOperation,
  b: OperationBinding,
  registry: TypeRegistry,
  inputEntry: ComplexEntry,
): SoapOperationDesc | undefined {
  let input = soapMessage(op, b.input, 'input', b, registry);
  if (!input) return undefined;
  if ('scalar' in input.value) {
    // A bare part whose element is simple (or anyType): the caller's input object holds it in its one property.
    const only = inputEntry.props.length === 1 ? inputEntry.props[0] : undefined;
    if (only?.kind === 'element') input = { ...input, part: only.prop };
  }
  const output = b.output ? soapMessage(op, b.output, 'output', b, registry) : undefined;
  const faults: FaultDesc[] = [];
  for (const f of op.faults) {
    if (!f.element) continue;
    const decl = registry.element(f.element);
    faults.push({
      name: f.name,
      element: { name: f.element.name, ns: f.element.ns },
      value: elementValue(decl, registry, true).value,
    });
  }
  return {
    action: b.soapAction ?? '',
    style: b.style ?? 'document',
    use: b.use ?? 'literal',
    input,
    ...(output ? { output } : {}),
    ...(faults.length ? { faults } : {}),
    // SOAP-Response MEP (SOAP 1.2 Part 2 §6.3): the input goes in a GET's URI, as an HTTP GET operation's.
    ...(b.mep === 'soap-response'
      ? {
          get: locatedParams(
            b,
            b.httpLocation ?? '',
            b.input.mode === 'none' ? [] : urlParams(b, inputEntry, registry),
          ),
        }
      : {}),
  };
}

/** The input of an HTTP POST whose body is an XML document (WSDL 1.1 §5.6): root element and value. */
function httpXmlInput(
  element: QName,
  inputEntry: ComplexEntry,
  registry: TypeRegistry,
): NonNullable<HttpOperationDesc['input']> {
  const decl = registry.element(element);
  const value = elementValue(decl, registry).value;
  const el = { name: decl.name.name, ns: decl.name.ns };
  if ('complex' in value && value.complex === inputEntry.key) return { element: el, value };
  // The logical input is not the element's content (a simple element, or a SOAP wrapper of another shape): one property holds it.
  const only = inputEntry.props.length === 1 ? inputEntry.props[0] : undefined;
  return only?.kind === 'element' && !('complex' in value)
    ? { element: el, value, part: only.prop }
    : { element: el, value };
}

/**
 * The parameters of one element part whose content is a flat sequence of simple
 * elements (zeep-style HTTP bindings of a document element): one per child element.
 */
function flatElementParams(
  part: MessagePart,
  inputEntry: ComplexEntry,
  registry: TypeRegistry,
): HttpParamDesc[] | undefined {
  if (!part.element) return undefined;
  const entry = elementEntry(registry.element(part.element), registry, { hint: part.element.name }, false);
  if (!entry?.props.every((p) => p.kind === 'element' && 'scalar' in p.resolved.value)) return undefined;
  return entry.props.map((child) => {
    const prop =
      inputEntry.props.find((p) => p.kind === 'element' && p.xmlName === child.xmlName) ??
      inputEntry.props.find((p) => p.prop === child.prop);
    return {
      prop: prop?.prop ?? child.prop,
      name: child.xmlName,
      value: child.resolved.value,
      min: child.min,
      max: child.max,
    };
  });
}

function httpDesc(
  op: LogicalOperation,
  b: OperationBinding,
  inputEntry: ComplexEntry,
  registry: TypeRegistry,
): HttpOperationDesc {
  const xmlInput =
    b.input.mode === 'xml' && b.input.element ? httpXmlInput(b.input.element, inputEntry, registry) : undefined;
  const params: HttpParamDesc[] = xmlInput ? [] : urlParams(b, inputEntry, registry);
  let output: HttpOperationDesc['output'];
  if (b.output && b.output.mode === 'xml' && b.output.element) {
    const decl = registry.element(b.output.element);
    const resultChild = b.output.resultChild;
    // The document is the element the SOAP bindings unwrap: the caller's value is its one child's.
    const entry = resultChild ? elementEntry(decl, registry, { hint: decl.name.name }, false) : undefined;
    const result = entry?.props.find(
      (p) => p.kind === 'element' && p.xmlName === resultChild?.name && p.ns === resultChild.ns,
    )?.prop;
    output = {
      element: { name: decl.name.name, ns: decl.name.ns },
      value: entry ? { complex: entry.key } : elementValue(decl, registry).value,
      ...(decl.nillable ? { nillable: true } : {}),
      ...(result ? { result } : {}),
    };
  } else if (b.output && b.output.mode !== 'none' && b.output.mode !== 'params') {
    const part = b.output.parts[0];
    if (part?.element) {
      const decl = registry.element(part.element);
      output = {
        element: { name: decl.name.name, ns: decl.name.ns },
        value: elementValue(decl, registry).value,
        ...(decl.nillable ? { nillable: true } : {}),
      };
    }
  }
  if (!b.httpLocation && b.httpLocation !== '') {
    throw userError(
      `operation ${op.name}: the HTTP binding ${b.binding.name} has no http:operation location (WSDL 1.1 §4.5)`,
    );
  }
  return {
    ...locatedParams(b, b.httpLocation, params),
    ...(xmlInput ? { input: xmlInput } : {}),
    ...(output ? { output } : {}),
  };
}

/**
 * The input's URL-encoded parameters (WSDL 1.1 §4.4, §4.6; WSDL 2.0 Part 2 §6.8.2): the children of
 * one element part whose content is a flat sequence of simple elements, else one per part.
 */
function urlParams(b: OperationBinding, inputEntry: ComplexEntry, registry: TypeRegistry): HttpParamDesc[] {
  const onlyPart = b.input.parts.length === 1 ? b.input.parts[0] : undefined;
  const flat = onlyPart ? flatElementParams(onlyPart, inputEntry, registry) : undefined;
  return (
    flat ??
    b.input.parts.map((part) => {
      const prop =
        inputEntry.props.find((p) => p.kind === 'element' && p.xmlName === part.name) ??
        inputEntry.props.find((p) => p.prop === part.name);
      const partValue = part.type
        ? registry.resolve({ kind: 'named', ref: part.type }, '', part.name).value
        : { scalar: 'string' as const };
      const value = prop && 'scalar' in prop.resolved.value ? prop.resolved.value : partValue;
      // A parameter the logical input does not have (the contract's bindings disagree) cannot be passed: optional.
      return {
        prop: prop?.prop ?? toPropertyName(part.name),
        name: part.name,
        value,
        min: prop ? prop.min : 0,
        max: prop ? prop.max : 1,
      };
    })
  );
}

/**
 * The location and the parameters as sent there: those the location cites marked `inPath`, and with
 * WSDL 2.0 `whttp:ignoreUncited` (Part 2 §6.8.1.2) only those.
 */
function locatedParams(
  b: OperationBinding,
  path: string,
  params: readonly HttpParamDesc[],
): Pick<HttpOperationDesc, 'path' | 'params' | 'separator'> {
  const inPath = new Set(b.pathParams ?? []);
  const located =
    inPath.size === 0 ? params : params.map((p) => (inPath.has(p.name) ? { ...p, inPath: true as const } : p));
  return {
    path,
    params: b.ignoreUncited ? located.filter((p) => p.inPath === true) : located,
    ...(b.querySeparator !== undefined && b.querySeparator !== '&' ? { separator: b.querySeparator } : {}),
  };
}
