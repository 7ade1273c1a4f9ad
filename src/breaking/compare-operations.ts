/**
 * Compares two contracts operation by operation (WSDL 1.1 §2.4 port type operations
 * linked across bindings, §3 SOAP and §4 HTTP binding details), then their messages
 * through {@link compareMembers}, and the named types users import.
 */
import { qdisplay, qkey } from '../model/qname-key.js';
import type {
  Field,
  LogicalOperation,
  OperationBinding,
  Signature,
  SourceLocation,
  WireMessage,
} from '../model/types.js';
import { operationKey } from '../names/index.js';
import type { CompareContext, SideIndex } from './context.js';
import { compareMembers, compareTypeRefs, type Direction, type Place } from './compare-types.js';
import { complexBodyOf, type Member, membersOf } from './members.js';

const opId = (op: LogicalOperation): string => `${op.service.name}#${op.name}`;
const opPath = (op: LogicalOperation): string => `${op.service.name}.${op.name}`;

/** Where an operation is declared: its port type operation (WSDL 1.1 §2.4). */
function operationLocation(side: SideIndex, op: LogicalOperation): SourceLocation | undefined {
  const bindingKeys = new Set(op.bindings.map((b) => qkey(b.binding)));
  const portTypes = new Set(
    side.model.bindings.filter((b) => bindingKeys.has(qkey(b.name))).map((b) => qkey(b.portType)),
  );
  for (const pt of side.model.portTypes) {
    if (!portTypes.has(qkey(pt.name))) continue;
    const found = pt.operations.find((o) => o.name === op.name);
    if (found) return found.location;
  }
  return undefined;
}

/** Where a binding operation is declared. */
function bindingLocation(side: SideIndex, b: OperationBinding, name: string): SourceLocation | undefined {
  const binding = side.model.bindings.find((x) => qkey(x.name) === qkey(b.binding));
  return binding?.operations.find((o) => o.name === name)?.location ?? binding?.location;
}

/** Locations of the wrapper's children, so a field's changes point at its `xsd:element`. */
function fieldLocations(side: SideIndex, wire: WireMessage | undefined): Map<string, SourceLocation> {
  const out = new Map<string, SourceLocation>();
  if (!wire?.element) return out;
  const decl = side.elements.get(qkey(wire.element));
  const body = decl ? complexBodyOf(side, decl.type) : undefined;
  if (body) for (const m of membersOf(side, body)) if (m.location) out.set(m.name.name, m.location);
  if (decl) out.set('', decl.location);
  return out;
}

function fieldMember(f: Field, locs: Map<string, SourceLocation>): Member {
  const loc = locs.get(f.type.element?.name ?? f.name);
  return {
    kind: 'element',
    name: f.type.element ?? { ns: '', name: f.name },
    min: f.type.minOccurs,
    max: f.type.maxOccurs === 'unbounded' ? Infinity : f.type.maxOccurs,
    nillable: f.type.nillable,
    type: f.type.type,
    ordered: true,
    ...(loc ? { location: loc } : {}),
  };
}

/** A signature's fields as members; a single-value result is its one element. */
function signatureMembers(sig: Signature, wire: WireMessage | undefined, locs: Map<string, SourceLocation>): Member[] {
  if (!sig.single) return sig.fields.map((f) => fieldMember(f, locs));
  const element = sig.single.element ?? wire?.resultChild;
  const name = element?.name ?? '(result)';
  return [fieldMember({ name, type: element ? { ...sig.single, element } : sig.single }, locs)];
}

function compareSignatures(
  ctx: CompareContext,
  dir: Direction,
  o: Signature,
  n: Signature,
  wires: { old?: WireMessage; new?: WireMessage },
  at: Place,
): void {
  const oLocs = fieldLocations(ctx.old, wires.old);
  const nLocs = fieldLocations(ctx.new, wires.new);
  const oldLoc = oLocs.get('') ?? at.oldLoc;
  const newLoc = nLocs.get('') ?? at.newLoc;
  const here: Place = { path: at.path, ...(newLoc ? { newLoc } : {}), ...(oldLoc ? { oldLoc } : {}) };
  if (Boolean(o.single) !== Boolean(n.single)) {
    ctx.report(
      'result-shape-changed',
      at.path,
      o.single
        ? 'the result was a single value and is now an object of fields'
        : 'the result was an object of fields and is now a single value',
      newLoc,
      'new',
    );
  }
  compareMembers(ctx, dir, signatureMembers(o, wires.old, oLocs), signatureMembers(n, wires.new, nLocs), here);
}

function compareWire(
  ctx: CompareContext,
  o: WireMessage,
  n: WireMessage,
  path: string,
  loc: SourceLocation | undefined,
): void {
  if (o.mode !== n.mode) ctx.report('message-shape-changed', path, `${o.mode} became ${n.mode}`, loc, 'new');
  else if (o.element && n.element && !ctx.same(o.element, n.element)) {
    const rule = o.element.name === n.element.name ? 'namespace-changed' : 'message-shape-changed';
    ctx.report(rule, path, `body element ${qdisplay(o.element)} became ${qdisplay(n.element)}`, loc, 'new');
  }
}

function compareBindings(ctx: CompareContext, o: LogicalOperation, n: LogicalOperation): void {
  const path = opPath(n);
  const newPorts = new Map(n.bindings.map((b) => [b.port, b]));
  const oldPorts = new Map(o.bindings.map((b) => [b.port, b]));
  for (const ob of o.bindings) {
    const nb = newPorts.get(ob.port);
    const where = `${path} [${ob.port}]`;
    if (!nb) {
      ctx.report(
        'binding-removed',
        where,
        `port ${ob.port} (${ob.kind}) no longer offers ${o.name}`,
        bindingLocation(ctx.old, ob, o.name),
        'old',
      );
      continue;
    }
    const loc = bindingLocation(ctx.new, nb, n.name);
    if ((ob.soapAction ?? '') !== (nb.soapAction ?? '')) {
      ctx.report(
        'soap-action-changed',
        where,
        `SOAPAction "${ob.soapAction ?? ''}" became "${nb.soapAction ?? ''}"`,
        loc,
        'new',
      );
    }
    if (ob.style !== nb.style) ctx.report('style-changed', where, `style ${ob.style} became ${nb.style}`, loc, 'new');
    if (ob.use !== nb.use) ctx.report('style-changed', where, `use ${ob.use} became ${nb.use}`, loc, 'new');
    if (ob.kind !== nb.kind) ctx.report('style-changed', where, `binding ${ob.kind} became ${nb.kind}`, loc, 'new');
    if ((ob.httpLocation ?? '') !== (nb.httpLocation ?? '')) {
      ctx.report(
        'http-location-changed',
        where,
        `location "${ob.httpLocation}" became "${nb.httpLocation}"`,
        loc,
        'new',
      );
    }
    compareWire(ctx, ob.input, nb.input, `${where} request`, loc);
    if (ob.output && nb.output) compareWire(ctx, ob.output, nb.output, `${where} response`, loc);
  }
  for (const nb of n.bindings) {
    if (!oldPorts.has(nb.port)) {
      ctx.report(
        'binding-added',
        `${path} [${nb.port}]`,
        `port ${nb.port} (${nb.kind}) now offers ${n.name}`,
        bindingLocation(ctx.new, nb, n.name),
        'new',
      );
    }
  }
}

function compareOperation(ctx: CompareContext, o: LogicalOperation, n: LogicalOperation): void {
  const path = opPath(n);
  const newLoc = operationLocation(ctx.new, n);
  const oldLoc = operationLocation(ctx.old, o);
  const at = (suffix: string): Place => ({
    path: `${path} ${suffix}`,
    ...(newLoc ? { newLoc } : {}),
    ...(oldLoc ? { oldLoc } : {}),
  });
  if (o.pattern !== n.pattern) {
    ctx.report('operation-pattern-changed', path, `${o.pattern} became ${n.pattern}`, newLoc, 'new');
  }
  const oNames = ctx.old.names.operations.get(operationKey(o));
  const nNames = ctx.new.names.operations.get(operationKey(n));
  if (oNames && nNames) {
    for (const k of ['method', 'input', 'output'] as const) {
      if (oNames[k] !== nNames[k])
        ctx.report('identifier-renamed', path, `${k} ${oNames[k]} is now ${nNames[k]}`, newLoc, 'new');
    }
  }
  compareBindings(ctx, o, n);
  const ob = o.bindings[0];
  const nb = n.bindings[0];
  compareSignatures(
    ctx,
    'request',
    o.input,
    n.input,
    { ...(ob ? { old: ob.input } : {}), ...(nb ? { new: nb.input } : {}) },
    at('request'),
  );
  if (o.output && n.output) {
    compareSignatures(
      ctx,
      'response',
      o.output,
      n.output,
      { ...(ob?.output ? { old: ob.output } : {}), ...(nb?.output ? { new: nb.output } : {}) },
      at('response'),
    );
  }
  const newFaults = new Map(n.faults.map((f) => [f.name, f]));
  for (const of of o.faults) {
    const nf = newFaults.get(of.name);
    if (!nf) {
      ctx.report('fault-removed', `${path} fault ${of.name}`, `fault ${of.name} was removed`, oldLoc, 'old');
      continue;
    }
    if (of.element && nf.element) {
      const oe = ctx.old.elements.get(qkey(of.element));
      const ne = ctx.new.elements.get(qkey(nf.element));
      if (oe && ne) {
        compareTypeRefs(ctx, 'response', oe.type, ne.type, {
          path: `${path} fault ${of.name}`,
          newLoc: ne.location,
          oldLoc: oe.location,
        });
      }
    }
  }
  for (const nf of n.faults) {
    if (!o.faults.some((f) => f.name === nf.name))
      ctx.report('fault-added', `${path} fault ${nf.name}`, `fault ${nf.name} was added`, newLoc, 'new');
  }
}

/** Pairs the target namespaces of the two contracts (definitions, then schemas by position). */
function pairNamespaces(ctx: CompareContext): void {
  const o = ctx.old.model;
  const n = ctx.new.model;
  const firstLoc = n.services[0]?.location ?? n.schema.schemas[0]?.location;
  if (o.targetNamespace !== n.targetNamespace) {
    ctx.renameNamespace(o.targetNamespace, n.targetNamespace);
    ctx.report(
      'namespace-changed',
      '(definitions)',
      `targetNamespace "${o.targetNamespace}" became "${n.targetNamespace}"`,
      firstLoc,
      'new',
    );
  }
  if (o.schema.schemas.length !== n.schema.schemas.length) return;
  o.schema.schemas.forEach((s, i) => {
    const t = n.schema.schemas[i];
    if (t && s.targetNamespace !== t.targetNamespace) {
      ctx.renameNamespace(s.targetNamespace, t.targetNamespace);
      ctx.report(
        'namespace-changed',
        '(schema)',
        `schema targetNamespace "${s.targetNamespace}" became "${t.targetNamespace}"`,
        t.location,
        'new',
      );
    }
    if (t && s.elementFormDefault !== t.elementFormDefault) {
      ctx.report(
        'namespace-changed',
        '(schema)',
        `elementFormDefault ${s.elementFormDefault} became ${t.elementFormDefault}`,
        t.location,
        'new',
      );
    }
  });
}

/** Named types: a removed one is a TypeScript type users may import; a renamed one changes its name. */
function compareNamedTypes(ctx: CompareContext): void {
  for (const kind of ['complexTypes', 'simpleTypes'] as const) {
    const newKeys = new Map<string, string>();
    for (const [k, t] of ctx.new[kind]) newKeys.set(qkey(t.name), k);
    for (const [k, t] of ctx.old[kind]) {
      const mk = qkey(ctx.mapped(t.name));
      if (!newKeys.has(mk)) {
        ctx.report('type-removed', `type ${t.name.name}`, `type ${t.name.name} was removed`, t.location, 'old');
        continue;
      }
      const oldName = ctx.old.names[kind].get(k);
      const newName = ctx.new.names[kind].get(mk);
      if (oldName && newName && oldName !== newName) {
        ctx.report(
          'identifier-renamed',
          `type ${t.name.name}`,
          `type ${oldName} is now ${newName}`,
          ctx.new[kind].get(mk)?.location,
          'new',
        );
      }
    }
    const oldKeys = new Set([...ctx.old[kind].values()].map((t) => qkey(ctx.mapped(t.name))));
    for (const t of ctx.new[kind].values()) {
      if (!oldKeys.has(qkey(t.name)))
        ctx.report('type-added', `type ${t.name.name}`, `type ${t.name.name} was added`, t.location, 'new');
    }
  }
}

/** Runs the whole comparison into `ctx`. */
export function compareContracts(ctx: CompareContext): void {
  pairNamespaces(ctx);
  const newOps = new Map(ctx.new.model.operations.map((op) => [opId(op), op]));
  const oldOps = new Set(ctx.old.model.operations.map(opId));
  for (const o of ctx.old.model.operations) {
    const n = newOps.get(opId(o));
    if (!n)
      ctx.report(
        'operation-removed',
        opPath(o),
        `operation ${o.name} was removed`,
        operationLocation(ctx.old, o),
        'old',
      );
    else compareOperation(ctx, o, n);
  }
  for (const n of ctx.new.model.operations) {
    if (!oldOps.has(opId(n)))
      ctx.report('operation-added', opPath(n), `operation ${n.name} was added`, operationLocation(ctx.new, n), 'new');
  }
  compareNamedTypes(ctx);
}
