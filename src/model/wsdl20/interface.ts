/**
 * WSDL 2.0 interfaces (WSDL 2.0 Part 1 §2.2-2.6) as WSDL 1.1 port types and messages:
 * - `extends` is flattened: an interface has its own operations and faults and those
 *   of every interface it extends, transitively (§2.2.1); a cycle is an error.
 * - each operation's `input`/`output` becomes a message of one part whose element is the
 *   `element` attribute (§2.5); `#none` is a message with no parts; `#any` and `#other`
 *   (and an absent `element`, which means `#other`) have no XML Schema element to type
 *   the message with and are refused.
 * - patterns (Part 2 §2.2): in-out is request-response; in-only and robust-in-only are
 *   one-way (robust-in-only keeps its outfaults: the service may answer with a fault).
 *   Other patterns are refused.
 * - interface faults (`fault`, §2.3) become fault messages of one part (no part for
 *   `#any`, `#none`, `#other`: the fault is declared but its detail untyped); `outfault`s
 *   become `wsdl:fault`s of the operation; `infault`s (faults the client sends) are ignored
 *   with a warning.
 */
import type { SourceDocument } from '../../load/types.js';
import type { XmlElement } from '../../runtime/xml/xml-parse.js';
import { attr, childElements } from '../../runtime/xml/xml-parse.js';
import type { BuildContext } from '../build-context.js';
import type { QName } from '../types.js';
import { qdisplay, qkey } from '../qname-key.js';
import { WSDL_NS } from '../namespaces.js';
import { type Component20, type Index20, MEP, tnsOf, WSDL20_NS } from './components.js';
import { synth } from './synthetic.js';
import { documentationOf } from './documentation.js';

/** An operation of a flattened interface. */
export interface Operation20 {
  readonly name: QName;
  readonly el: XmlElement;
  readonly doc: SourceDocument;
  readonly pattern: 'in-out' | 'in-only' | 'robust-in-only';
  /** The element of each message; `null` for `#none`; `undefined` when refused (reported). */
  readonly input: QName | null | undefined;
  readonly output?: QName | null | undefined;
  readonly inputEl?: XmlElement;
  readonly outputEl?: XmlElement;
  /** Outfault references, resolved. */
  readonly faults: readonly Fault20[];
  /** Whether something about it was refused (the operation is left out). */
  readonly broken: boolean;
}

/** An interface fault. */
export interface Fault20 {
  readonly name: QName;
  readonly el: XmlElement;
  readonly doc: SourceDocument;
  /** The detail element; `undefined` for `#any`, `#none`, `#other`. */
  readonly element?: QName;
}

/** An interface with its inherited operations and faults. */
export interface FlatInterface {
  readonly component: Component20;
  readonly operations: readonly Operation20[];
  readonly faults: ReadonlyMap<string, Fault20>;
}

const PATTERNS: Readonly<Record<string, Operation20['pattern']>> = {
  [MEP.inOut]: 'in-out',
  [MEP.inOnly]: 'in-only',
  [MEP.robustInOnly]: 'robust-in-only',
};

/** Flattens interfaces on demand, each once. */
export class Interfaces {
  private readonly done = new Map<string, FlatInterface>();
  private readonly active = new Set<string>();

  constructor(
    private readonly ctx: BuildContext,
    private readonly index: Index20,
  ) {}

  /** The flattened interface, or undefined when it extends itself (reported). */
  get(component: Component20): FlatInterface | undefined {
    const key = qkey(component.name);
    const cached = this.done.get(key);
    if (cached) return cached;
    if (this.active.has(key)) return undefined;
    this.active.add(key);
    const { ctx } = this;
    const { doc, el } = component;
    const faults = new Map<string, Fault20>();
    const operations: Operation20[] = [];
    const opKeys = new Set<string>();
    for (const written of (attr(el, 'extends') ?? '').split(/\s+/).filter((s) => s !== '')) {
      const q = ctx.qnameValue(doc, el, written, `extends="${written}"`);
      if (!q) continue;
      const base = this.index.interface.get(qkey(q));
      if (!base) {
        ctx.unresolved(doc, el, `undefined interface ${qdisplay(q)} in extends`, 'its operations are left out');
        continue;
      }
      const flat = this.get(base);
      if (!flat) {
        ctx.error(
          doc,
          el,
          `interface ${qdisplay(component.name)} extends itself through ${qdisplay(q)} (WSDL 2.0 Part 1 §2.2.1)`,
        );
        continue;
      }
      for (const [k, f] of flat.faults) if (!faults.has(k)) faults.set(k, f);
      for (const op of flat.operations) {
        if (opKeys.has(qkey(op.name))) continue;
        operations.push(op);
        opKeys.add(qkey(op.name));
      }
    }
    const tns = tnsOf(doc);
    for (const f of childElements(el, WSDL20_NS, 'fault')) {
      const local = attr(f, 'name');
      if (local === undefined) {
        ctx.error(doc, f, 'interface fault has no name attribute');
        continue;
      }
      const element = this.elementOf(doc, f, 'fault', true);
      const name = { ns: tns, name: local };
      faults.set(qkey(name), { name, el: f, doc, ...(element ? { element } : {}) });
    }
    for (const op of childElements(el, WSDL20_NS, 'operation')) {
      const converted = this.operation(component, op, faults);
      if (!converted) continue;
      if (opKeys.has(qkey(converted.name))) continue;
      const clash = operations.find((o) => o.name.name === converted.name.name);
      if (clash) {
        ctx.error(
          doc,
          op,
          `operation "${converted.name.name}" of interface ${component.name.name} clashes with ${qdisplay(clash.name)} it inherits (${clash.doc.displayName}:${clash.el.line}:${clash.el.column}); wsdlc names operations by local name`,
        );
        continue;
      }
      operations.push(converted);
      opKeys.add(qkey(converted.name));
    }
    this.active.delete(key);
    const flat: FlatInterface = { component, operations, faults };
    this.done.set(key, flat);
    return flat;
  }

  /** The `element` attribute of a message or fault: a QName, `null` for `#none`, `undefined` when refused or untyped. */
  private elementOf(doc: SourceDocument, el: XmlElement, what: string, fault: boolean): QName | null | undefined {
    const value = attr(el, 'element')?.trim();
    if (value === '#none') return null;
    if (value === undefined || value === '#any' || value === '#other') {
      const token = value ?? '#other';
      const meaning =
        token === '#any'
          ? 'any single element'
          : value === undefined
            ? 'no element attribute, i.e. #other: content in a type system other than XML Schema'
            : 'content in a type system other than XML Schema';
      if (fault) {
        this.ctx.warning(doc, el, `${what} element="${token}" (${meaning}): the fault detail is not typed`);
        return undefined;
      }
      this.ctx.error(
        doc,
        el,
        `${what} element="${token}" (${meaning}) is not supported: wsdlc types each message by an XML Schema element declaration`,
      );
      return undefined;
    }
    return this.ctx.qnameValue(doc, el, value, `element="${value}"`);
  }

  private operation(iface: Component20, op: XmlElement, faults: ReadonlyMap<string, Fault20>): Operation20 | undefined {
    const { ctx } = this;
    const { doc } = iface;
    const local = attr(op, 'name');
    if (local === undefined) {
      ctx.error(doc, op, 'interface operation has no name attribute');
      return undefined;
    }
    const patternUri = attr(op, 'pattern') ?? MEP.inOut;
    const pattern = PATTERNS[patternUri.trim()];
    // A refused operation stays listed (broken) so that bindings referring to it raise nothing more.
    const refused: Operation20 = {
      name: { ns: tnsOf(doc), name: local },
      el: op,
      doc,
      pattern: pattern ?? 'in-out',
      input: undefined,
      faults: [],
      broken: true,
    };
    if (!pattern) {
      ctx.error(
        doc,
        op,
        `operation "${local}": message exchange pattern ${patternUri} is not supported (wsdlc supports in-out, in-only and robust-in-only, WSDL 2.0 Part 2 §2.2)`,
      );
      return refused;
    }
    let broken = false;
    const inputs = childElements(op, WSDL20_NS, 'input');
    const outputs = childElements(op, WSDL20_NS, 'output');
    const wantOutputs = pattern === 'in-out' ? 1 : 0;
    if (inputs.length !== 1 || outputs.length !== wantOutputs) {
      ctx.error(
        doc,
        op,
        `operation "${local}" has ${inputs.length} input and ${outputs.length} output elements; pattern ${pattern} has exactly 1 input and ${wantOutputs} output (WSDL 2.0 Part 2 §2.2)`,
      );
      return refused;
    }
    const inputEl = inputs[0]!;
    const outputEl = outputs[0];
    const input = this.elementOf(doc, inputEl, `operation "${local}" input`, false);
    const output = outputEl ? this.elementOf(doc, outputEl, `operation "${local}" output`, false) : undefined;
    if (input === undefined || (outputEl && output === undefined)) broken = true;
    const opFaults: Fault20[] = [];
    for (const c of childElements(op, WSDL20_NS)) {
      if (c.name !== 'infault' && c.name !== 'outfault') continue;
      if (c.name === 'infault') {
        ctx.warning(doc, c, `operation "${local}": infault (a fault the client sends) is ignored`);
        continue;
      }
      if (pattern === 'in-only') {
        ctx.error(doc, c, `operation "${local}": pattern in-only allows no faults (WSDL 2.0 Part 2 §2.2.1)`);
        continue;
      }
      const q = ctx.qnameAttr(doc, c, 'ref');
      if (!q) {
        if (attr(c, 'ref') === undefined) ctx.error(doc, c, 'outfault has no ref attribute');
        continue;
      }
      const fault = faults.get(qkey(q));
      if (!fault) {
        const known = [...faults.values()].map((f) => qdisplay(f.name));
        ctx.unresolved(
          doc,
          c,
          `outfault ref: undefined fault ${qdisplay(q)}${known.length > 0 ? ` (the interface has ${known.join(', ')})` : ' (the interface declares no faults)'}`,
          'the fault is left out',
        );
        continue;
      }
      if (!opFaults.includes(fault)) opFaults.push(fault);
    }
    return {
      name: { ns: tnsOf(doc), name: local },
      el: op,
      doc,
      pattern,
      input,
      ...(outputEl ? { output, outputEl } : {}),
      inputEl,
      faults: opFaults,
      broken,
    };
  }
}

/** Name of the synthetic message of one direction of `op` in port type `portType`. */
export function messageName(portType: string, op: string, direction: 'In' | 'Out'): string {
  return `${portType}.${op}.${direction}`;
}

/** Name of the synthetic message of fault `fault` in port type `portType`. */
export function faultMessageName(portType: string, fault: string): string {
  return `${portType}.${fault}.Fault`;
}

/** A `wsdl:message` with one part carrying `element` (none for `null`/`undefined`). */
export function messageElement(name: string, element: QName | null | undefined, at: XmlElement): XmlElement {
  const parts = element ? [synth(WSDL_NS, 'part', at, { name: element.name, element })] : [];
  return synth(WSDL_NS, 'message', at, { name }, parts);
}

/**
 * The synthetic messages and port type of one flattened interface, located in the
 * interface's document (whose targetNamespace names them).
 */
export function lowerInterface(flat: FlatInterface): XmlElement[] {
  const { component } = flat;
  const tns = tnsOf(component.doc);
  const pt = component.name.name;
  const out: XmlElement[] = [];
  const ops: XmlElement[] = [];
  const faultMessages = new Set<string>();
  for (const op of flat.operations) {
    if (op.broken) continue;
    const name = op.name.name;
    const inMsg = messageName(pt, name, 'In');
    out.push(messageElement(inMsg, op.input, op.inputEl ?? op.el));
    const children: XmlElement[] = [...documentationOf(op.el)];
    children.push(
      synth(WSDL_NS, 'input', op.inputEl ?? op.el, { message: { ns: tns, name: inMsg }, ...actionOf(op.inputEl) }),
    );
    if (op.outputEl) {
      const outMsg = messageName(pt, name, 'Out');
      out.push(messageElement(outMsg, op.output, op.outputEl));
      children.push(
        synth(WSDL_NS, 'output', op.outputEl, { message: { ns: tns, name: outMsg }, ...actionOf(op.outputEl) }),
      );
    }
    for (const f of op.faults) {
      const fm = faultMessageName(pt, f.name.name);
      if (!faultMessages.has(fm)) {
        faultMessages.add(fm);
        out.push(messageElement(fm, f.element, f.el));
      }
      children.push(synth(WSDL_NS, 'fault', f.el, { name: f.name.name, message: { ns: tns, name: fm } }));
    }
    ops.push(synth(WSDL_NS, 'operation', op.el, { name }, children));
  }
  out.push(synth(WSDL_NS, 'portType', component.el, { name: pt }, [...documentationOf(component.el), ...ops]));
  return out;
}

/** WS-Addressing `Action` attributes of a WSDL 2.0 message reference, copied as they are. */
function actionOf(el: XmlElement | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of el?.attrs ?? []) if (a.name === 'Action' && a.ns !== '') out[`{${a.ns}}Action`] = a.value;
  return out;
}
