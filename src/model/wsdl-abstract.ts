/**
 * Conversion of the abstract WSDL components: `wsdl:message` (WSDL 1.1 §2.3)
 * and `wsdl:portType` with its operations (§2.4).
 */
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr, childElements } from '../runtime/xml/xml-parse.js';
import type { BuildContext } from './build-context.js';
import type {
  AbstractOperation,
  Message,
  MessagePart,
  OperationFaultRef,
  OperationMessageRef,
  OperationPattern,
  PortType,
} from './types.js';
import { ADDRESSING_ACTION_NS, WSDL_NS } from './namespaces.js';
import { wsdlDocumentation } from './documentation.js';
import type { RawWsdlComponent } from './wsdl-index.js';
import type { SchemaConverter } from './schema-convert.js';
import { optional } from './schema-convert.js';
import { qdisplay } from './qname-key.js';
import { XSD_NS } from './types.js';

const ANY_TYPE_NAME = { ns: XSD_NS, name: 'anyType' } as const;
import { resolveWsdlRef, type WsdlHints } from './wsdl-refs.js';

/** Converts a `wsdl:message`, checking each part's element or type (WSDL 1.1 §2.3.1). */
export function convertMessage(ctx: BuildContext, schema: SchemaConverter, raw: RawWsdlComponent): Message {
  const parts: MessagePart[] = [];
  for (const p of childElements(raw.el, WSDL_NS, 'part')) {
    const name = attr(p, 'name');
    if (name === undefined) {
      ctx.error(raw.doc, p, 'wsdl:part has no name attribute');
      continue;
    }
    const element = resolveWsdlRef(ctx, raw.doc, p, 'element', (q) => schema.element(q) !== undefined);
    const type = resolveWsdlRef(ctx, raw.doc, p, 'type', (q) => schema.hasType(q), [XSD_NS]);
    if (element) {
      if (!schema.element(element)) {
        const replaced = ctx.unresolved(
          raw.doc,
          p,
          `undefined element ${qdisplay(element)} in part "${name}" of message ${raw.name.name}${schema.hint('element', element)}`,
          'an xsd:anyType element of that name stands for it',
        );
        if (replaced) schema.placeholderElement(element, ctx.modelLoc(raw.doc, p));
      }
      parts.push({ name, element });
    } else if (type) {
      if (!schema.hasType(type)) {
        const what =
          type.ns === XSD_NS ? `"${type.name}" is not an XML Schema built-in type` : `undefined type ${qdisplay(type)}`;
        const replaced = ctx.unresolved(
          raw.doc,
          p,
          `${what} in part "${name}" of message ${raw.name.name}${schema.hint('type', type)}`,
          'typed xsd:anyType',
        );
        parts.push({ name, type: replaced ? ANY_TYPE_NAME : type });
      } else {
        parts.push({ name, type });
      }
    } else {
      if (attr(p, 'element') === undefined && attr(p, 'type') === undefined) {
        ctx.error(raw.doc, p, `wsdl:part "${name}" has neither an element nor a type attribute`);
      }
      // Lenient mode: an unresolvable reference (already reported) leaves the part untyped.
      parts.push(ctx.lenient ? { name, type: ANY_TYPE_NAME } : { name });
    }
  }
  return {
    name: raw.name,
    ...optional('documentation', wsdlDocumentation(raw.el)),
    parts,
    location: ctx.modelLoc(raw.doc, raw.el),
  };
}

/** Converts a `wsdl:portType`, checking the messages its operations use. */
export function convertPortType(ctx: BuildContext, hints: WsdlHints, raw: RawWsdlComponent): PortType {
  const operations: AbstractOperation[] = [];
  for (const op of childElements(raw.el, WSDL_NS, 'operation')) {
    const name = attr(op, 'name');
    if (name === undefined) {
      ctx.error(raw.doc, op, 'wsdl:operation has no name attribute');
      continue;
    }
    let input: OperationMessageRef | undefined;
    let output: OperationMessageRef | undefined;
    let first: 'input' | 'output' | undefined;
    const faults: OperationFaultRef[] = [];
    let broken = false;
    for (const c of childElements(op, WSDL_NS)) {
      if (c.name === 'input' || c.name === 'output') {
        const ref = messageRef(ctx, hints, raw, c);
        if (!ref || !hints.has('message', ref.message)) broken ||= ctx.lenient && attr(c, 'message') !== undefined;
        if (!ref) continue;
        first ??= c.name;
        if (c.name === 'input') input = ref;
        else output = ref;
      } else if (c.name === 'fault') {
        const ref = messageRef(ctx, hints, raw, c);
        // Lenient mode: a fault whose message is undefined (reported) is left out.
        if (ref && (!ctx.lenient || hints.has('message', ref.message)))
          faults.push({ name: ref.name ?? '', message: ref.message });
      }
    }
    if (broken) {
      // Lenient mode: without its input or output message the operation cannot be called.
      ctx.warning(raw.doc, op, `operation "${name}" is left out (lenient: its input or output message is undefined)`);
      continue;
    }
    // WSDL 1.1 §2.4: the order of input and output gives the transmission primitive.
    const pattern: OperationPattern =
      first === 'output' ? (input ? 'solicit-response' : 'notification') : output ? 'request-response' : 'one-way';
    const order = attr(op, 'parameterOrder');
    operations.push({
      name,
      ...optional('documentation', wsdlDocumentation(op)),
      pattern,
      ...optional('parameterOrder', order === undefined ? undefined : order.split(/\s+/).filter((s) => s !== '')),
      ...optional('input', input),
      ...optional('output', output),
      faults,
      location: ctx.modelLoc(raw.doc, op),
    });
  }
  return {
    name: raw.name,
    ...optional('documentation', wsdlDocumentation(raw.el)),
    operations,
    location: ctx.modelLoc(raw.doc, raw.el),
  };
}

function messageRef(
  ctx: BuildContext,
  hints: WsdlHints,
  raw: RawWsdlComponent,
  el: XmlElement,
): OperationMessageRef | undefined {
  const message = resolveWsdlRef(ctx, raw.doc, el, 'message', (q) => hints.has('message', q));
  if (!message) {
    if (attr(el, 'message') === undefined) ctx.error(raw.doc, el, `wsdl:${el.name} has no message attribute`);
    return undefined;
  }
  if (!hints.has('message', message))
    ctx.unresolved(
      raw.doc,
      el,
      `undefined message ${qdisplay(message)}${hints.hint('message', message)}`,
      el.name === 'fault' ? 'the fault is left out' : 'the operation is left out',
    );
  let action: string | undefined;
  for (const ns of ADDRESSING_ACTION_NS) action ??= attr(el, 'Action', ns);
  return { ...optional('name', attr(el, 'name')), message, ...optional('action', action) };
}
