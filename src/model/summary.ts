/** The human-readable model summary printed by `wsdlc inspect`. */
import type {
  ComplexTypeBody,
  ElementParticle,
  Field,
  LogicalOperation,
  Particle,
  Signature,
  TypeRef,
  TypeUse,
  WsdlModel,
} from './types.js';
import { formatDiagnostic } from '../util/errors.js';
import { qkey } from './qname-key.js';

/** Element particles of a content model, groups flattened, in order. */
function elementsOf(p: Particle | undefined): ElementParticle[] {
  if (!p || p.kind === 'any') return [];
  if (p.kind === 'element') return [p];
  return p.particles.flatMap(elementsOf);
}

function isMany(u: { maxOccurs: number | 'unbounded' }): boolean {
  return u.maxOccurs === 'unbounded' || u.maxOccurs > 1;
}

/** Renders types for the summary. */
class TypeRenderer {
  private readonly complex = new Map<string, ComplexTypeBody>();

  constructor(model: WsdlModel) {
    for (const t of model.schema.complexTypes) this.complex.set(qkey(t.name), t);
  }

  /** A short name for a type: local name, or an inline structure. */
  name(t: TypeRef, depth = 0): string {
    if (t.kind === 'named') return t.ref.name;
    if (t.kind === 'simple') {
      const s = t.type;
      if (s.variety === 'restriction') {
        if (s.facets.enumeration) return s.facets.enumeration.map((v) => `'${v}'`).join(' | ');
        return s.base?.name ?? 'string';
      }
      if (s.variety === 'list') return `${this.name(s.itemType, depth)}[]`;
      return s.memberTypes.map((m) => this.name(m, depth)).join(' | ');
    }
    return this.body(t.type, depth);
  }

  /** `{ a: T, b: T[] }` for a complex type body. */
  body(b: ComplexTypeBody, depth: number): string {
    if (depth > 1) return '{...}';
    if (b.simpleContent) return this.name(b.simpleContent, depth);
    const parts = elementsOf(b.particle).map(
      (e) => `${e.name.name}: ${this.name(e.type, depth + 1)}${isMany(e) ? '[]' : ''}`,
    );
    for (const a of b.attributes) parts.push(`@${a.name.name}: ${this.name(a.type, depth + 1)}`);
    const inherited = b.base ? `${b.base.name} & ` : '';
    return `${inherited}{ ${parts.join(', ')} }`.replace('{  }', '{}');
  }

  /** A field list: `a: T, b: T[]`. */
  fields(fields: readonly Field[]): string {
    return fields.map((f) => `${f.name}: ${this.use(f.type)}`).join(', ');
  }

  use(u: TypeUse): string {
    return `${this.name(u.type)}${isMany(u) ? '[]' : ''}`;
  }

  /** The output: `Name { fields }` for a named complex single type, the fields otherwise. */
  output(s: Signature | undefined): string {
    if (!s) return 'void';
    if (s.single) {
      const t = s.single.type;
      const many = isMany(s.single) ? '[]' : '';
      if (t.kind === 'named') {
        const body = this.complex.get(qkey(t.ref));
        return body ? `${t.ref.name}${many} ${this.body(body, 0)}` : `${t.ref.name}${many}`;
      }
      return `${this.name(t)}${many}`;
    }
    return `{ ${this.fields(s.fields)} }`.replace('{  }', '{}');
  }
}

function operationLine(r: TypeRenderer, op: LogicalOperation): string {
  const kinds = op.bindings.map((b) => b.kind).join(', ');
  const flag = op.consistent ? '' : '  (bindings disagree)';
  return `    ${op.name}(${r.fields(op.input.fields)}) -> ${r.output(op.output)}  [${kinds}]${flag}`;
}

/** Readable text for `wsdlc inspect`: services, ports (binding kind and address), operations (inputs -> outputs). */
export function summarizeModel(model: WsdlModel): string {
  const r = new TypeRenderer(model);
  const lines: string[] = [];
  lines.push(`Contract ${model.name ?? model.source}  (targetNamespace ${model.targetNamespace || '(none)'})`);
  lines.push(
    `  ${model.documents.length} document(s), ${model.schema.elements.length} elements, ${model.schema.complexTypes.length} complex types, ${model.schema.simpleTypes.length} simple types`,
  );
  for (const s of model.services) {
    lines.push('');
    lines.push(`Service ${s.name.name}`);
    if (s.documentation) lines.push(`  ${s.documentation.split('\n')[0]}`);
    lines.push('  Ports:');
    const width = Math.max(0, ...s.ports.map((p) => p.name.length));
    for (const p of s.ports)
      lines.push(`    ${p.name.padEnd(width)}  ${p.kind.padEnd(8)}  ${p.address || '(no address)'}`);
    lines.push('  Operations:');
    for (const op of model.operations) {
      if (qkey(op.service) === qkey(s.name)) lines.push(operationLine(r, op));
    }
  }
  if (model.warnings.length > 0) {
    lines.push('');
    lines.push('Warnings:');
    for (const w of model.warnings) lines.push(`  ${formatDiagnostic(w)}`);
  }
  return `${lines.join('\n')}\n`;
}
