/**
 * Hand-built operation models for emitter unit tests (no loader or model
 * builder involved): one service `Svc` with SOAP 1.1 document/literal wrapped
 * operations over the given schema.
 */
import type {
  ComplexType,
  ElementDecl,
  ElementParticle,
  LogicalOperation,
  QName,
  SchemaModel,
  SimpleType,
  SourceLocation,
  TypeRef,
  WsdlModel,
} from '../../src/model/types.js';
import { XSD_NS } from '../../src/model/types.js';

/** The fixture's target namespace. */
export const TNS = 'urn:test';
/** A location for everything. */
export const LOC: SourceLocation = { file: 'fixture.wsdl', line: 1, column: 1 };

/** A QName in the target namespace. */
export const q = (name: string, ns = TNS): QName => ({ ns, name });
/** A reference to a built-in XSD type. */
export const xsd = (name: string): TypeRef => ({ kind: 'named', ref: { ns: XSD_NS, name } });
/** A reference to a named type of the fixture. */
export const named = (name: string, ns = TNS): TypeRef => ({ kind: 'named', ref: { ns, name } });

/** A local element particle. */
export function el(name: string, type: TypeRef, extra: Partial<ElementParticle> = {}): ElementParticle {
  return { kind: 'element', name: q(name), type, minOccurs: 1, maxOccurs: 1, nillable: false, location: LOC, ...extra };
}

/** A named complex type with a sequence of particles. */
export function complex(
  name: string,
  particles: ElementParticle[],
  extra: Partial<ComplexType> = {},
  ns = TNS,
): ComplexType {
  return {
    name: q(name, ns),
    attributes: [],
    location: LOC,
    ...(particles.length ? { particle: { kind: 'sequence', particles, minOccurs: 1, maxOccurs: 1 } } : {}),
    ...extra,
  };
}

/** A named enumeration of strings. */
export function enumeration(name: string, values: string[]): SimpleType {
  return {
    name: q(name),
    variety: 'restriction',
    base: { ns: XSD_NS, name: 'string' },
    facets: { enumeration: values },
    location: LOC,
  };
}

/** An operation description for {@link buildFixtureModel}. */
export interface FixtureOperation {
  readonly name: string;
  /** Input fields (children of the `<name>` wrapper). */
  readonly input: ElementParticle[];
  /** Output: the single `<name>Result` child's type. */
  readonly result: TypeRef;
  readonly documentation?: string;
}

/** A model with one service `Svc` (SOAP 1.1 port) holding the operations and the extra schema types. */
export function buildFixtureModel(
  ops: readonly FixtureOperation[],
  types: { complexTypes?: ComplexType[]; simpleTypes?: SimpleType[]; serviceName?: string } = {},
): WsdlModel {
  const serviceName = q(types.serviceName ?? 'Svc');
  const elements: ElementDecl[] = [];
  const operations: LogicalOperation[] = ops.map((op) => {
    const result = el(`${op.name}Result`, op.result, { minOccurs: 0 });
    elements.push(
      {
        name: q(op.name),
        type: {
          kind: 'complex',
          type: { attributes: [], particle: { kind: 'sequence', particles: op.input, minOccurs: 1, maxOccurs: 1 } },
        },
        nillable: false,
        abstract: false,
        location: LOC,
      },
      {
        name: q(`${op.name}Response`),
        type: {
          kind: 'complex',
          type: { attributes: [], particle: { kind: 'sequence', particles: [result], minOccurs: 1, maxOccurs: 1 } },
        },
        nillable: false,
        abstract: false,
        location: LOC,
      },
    );
    const msg = (n: string) => q(`${op.name}${n}`);
    return {
      service: serviceName,
      name: op.name,
      ...(op.documentation ? { documentation: op.documentation } : {}),
      pattern: 'request-response',
      input: {
        fields: op.input.map((p) => ({
          name: p.name.name,
          type: { type: p.type, minOccurs: p.minOccurs, maxOccurs: p.maxOccurs, nillable: p.nillable, element: p.name },
        })),
      },
      output: {
        fields: [
          {
            name: result.name.name,
            type: { type: op.result, minOccurs: 0, maxOccurs: 1, nillable: false, element: result.name },
          },
        ],
        single: { type: op.result, minOccurs: 0, maxOccurs: 1, nillable: false, element: result.name },
      },
      faults: [],
      consistent: true,
      bindings: [
        {
          kind: 'soap11',
          port: 'SvcSoap',
          binding: q('SvcSoap'),
          address: 'http://localhost/svc.asmx',
          soapAction: `${TNS}/${op.name}`,
          style: 'document',
          use: 'literal',
          input: {
            message: msg('SoapIn'),
            mode: 'wrapped',
            element: q(op.name),
            parts: [{ name: 'parameters', element: q(op.name) }],
            headers: [],
          },
          output: {
            message: msg('SoapOut'),
            mode: 'wrapped',
            element: q(`${op.name}Response`),
            resultChild: result.name,
            parts: [{ name: 'parameters', element: q(`${op.name}Response`) }],
            headers: [],
          },
        },
      ],
    };
  });
  const schema: SchemaModel = {
    elements,
    complexTypes: types.complexTypes ?? [],
    simpleTypes: types.simpleTypes ?? [],
    groups: [],
    attributeGroups: [],
    attributes: [],
    schemas: [
      { targetNamespace: TNS, elementFormDefault: 'qualified', attributeFormDefault: 'unqualified', location: LOC },
    ],
  };
  return {
    modelVersion: 1,
    source: 'fixture.wsdl',
    documents: [{ file: 'fixture.wsdl', kind: 'wsdl', targetNamespace: TNS }],
    targetNamespace: TNS,
    services: [
      {
        name: serviceName,
        ports: [
          {
            name: 'SvcSoap',
            binding: q('SvcSoap'),
            kind: 'soap11',
            address: 'http://localhost/svc.asmx',
            location: LOC,
          },
        ],
        location: LOC,
      },
    ],
    bindings: [],
    portTypes: [],
    messages: [],
    schema,
    operations,
    warnings: [],
  };
}
