/**
 * Conversion of `wsdl:binding` (WSDL 1.1 §2.5) with its extensibility elements:
 * SOAP 1.1 (§3), SOAP 1.2 (WSDL 1.1 SOAP 1.2 binding note), HTTP GET/POST (§4)
 * and MIME (§5).
 */
import type { SourceDocument } from '../load/types.js';
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr, childElements, firstChild, resolveQName } from '../runtime/xml/xml-parse.js';
import { WSDL20_HTTP_NS, WSDL20_SOAP_NS } from '../load/namespaces.js';
import type { BuildContext } from './build-context.js';
import type {
  AbstractOperation,
  Binding,
  BindingFault,
  BindingKind,
  BindingMessage,
  BindingOperation,
  Message,
  PortType,
  QName,
  SoapBody,
  SoapHeader,
} from './types.js';
import { HTTP_BINDING_NS, MIME_NS, SOAP11_BINDING_NS, SOAP12_BINDING_NS, WSDL_NS } from './namespaces.js';
import { wsdlDocumentation } from './documentation.js';
import type { RawWsdlComponent } from './wsdl-index.js';
import { optional } from './schema-convert.js';
import { qdisplay, qkey } from './qname-key.js';
import { resolveWsdlRef, type WsdlHints } from './wsdl-refs.js';

/** Lookups the binding conversion needs. */
export interface BindingLookups {
  readonly portTypes: ReadonlyMap<string, PortType>;
  readonly messages: ReadonlyMap<string, Message>;
  /** Resolution hints for undefined references. */
  readonly hints: WsdlHints;
}

/** The binding kind and its extension element, or `undefined` when no supported extension is present. */
export function detectBindingKind(el: XmlElement): { kind: BindingKind; ext: XmlElement } | undefined {
  for (const c of childElements(el)) {
    if (c.name !== 'binding') continue;
    if (c.ns === SOAP11_BINDING_NS) return { kind: 'soap11', ext: c };
    if (c.ns === SOAP12_BINDING_NS) return { kind: 'soap12', ext: c };
    if (c.ns === HTTP_BINDING_NS) {
      const verb = (attr(c, 'verb') ?? '').toUpperCase();
      if (verb === 'GET') return { kind: 'httpGet', ext: c };
      if (verb === 'POST') return { kind: 'httpPost', ext: c };
    }
  }
  return undefined;
}

function parseStyle(value: string | undefined): 'document' | 'rpc' | undefined {
  return value === 'rpc' || value === 'document' ? value : undefined;
}

/**
 * Converts a binding; returns `undefined` (with a warning) when it has no
 * supported binding extension, so that it and its ports are skipped.
 */
export function convertBinding(ctx: BuildContext, lookups: BindingLookups, raw: RawWsdlComponent): Binding | undefined {
  const { doc, el } = raw;
  const detected = detectBindingKind(el);
  if (!detected) {
    const ext = childElements(el).find((c) => c.ns !== WSDL_NS);
    ctx.warning(
      doc,
      el,
      `binding ${raw.name.name} skipped: no SOAP 1.1, SOAP 1.2 or HTTP GET/POST binding extension${ext ? ` (found {${ext.ns}}${ext.name})` : ''}`,
    );
    return undefined;
  }
  const { kind, ext } = detected;
  const portTypeName = resolveWsdlRef(ctx, doc, el, 'type', (q) => lookups.portTypes.has(qkey(q)));
  if (!portTypeName && attr(el, 'type') === undefined)
    ctx.error(doc, el, `binding ${raw.name.name} has no type attribute`);
  const portType = portTypeName ? lookups.portTypes.get(qkey(portTypeName)) : undefined;
  if (portTypeName && !portType) {
    const replaced = ctx.unresolved(
      doc,
      el,
      `undefined portType ${qdisplay(portTypeName)}${lookups.hints.hint('portType', portTypeName)}`,
      'the binding and its ports are left out',
    );
    if (replaced) return undefined;
  }
  // Lenient mode: an unresolvable type="..." (reported) leaves the binding out.
  if (!portTypeName && ctx.lenient) return undefined;
  const soap = kind === 'soap11' || kind === 'soap12';
  const extNs = kind === 'soap11' ? SOAP11_BINDING_NS : kind === 'soap12' ? SOAP12_BINDING_NS : HTTP_BINDING_NS;
  const bindingStyle = soap ? (parseStyle(attr(ext, 'style')) ?? 'document') : undefined;

  const operations: BindingOperation[] = [];
  for (const op of childElements(el, WSDL_NS, 'operation')) {
    const name = attr(op, 'name');
    if (name === undefined) {
      ctx.error(doc, op, 'wsdl:operation has no name attribute');
      continue;
    }
    const abstract = portType ? findAbstractOperation(portType, op, name) : undefined;
    if (portType && !abstract) {
      // WSDL 1.1 §2.5: a binding operation binds the port type operation of the
      // same name. One without it has no messages and cannot be called; it is
      // skipped with a warning, as zeep and wsdl.exe do.
      const known = portType.operations.map((o) => o.name);
      ctx.warning(
        doc,
        op,
        `binding ${raw.name.name}: operation "${name}" is not defined in portType ${qdisplay(portType.name)}${known.length > 0 ? ` (it has ${known.map((n) => `"${n}"`).join(', ')})` : ' (it has no operations)'}; the binding operation is skipped`,
      );
      continue;
    }
    const opExt = firstChild(op, extNs, 'operation');
    const inputEl = firstChild(op, WSDL_NS, 'input');
    const outputEl = firstChild(op, WSDL_NS, 'output');
    for (const [direction, present] of [
      ['input', inputEl],
      ['output', outputEl],
    ] as const) {
      if (!abstract?.[direction] || present) continue;
      // WSDL 1.1 §2.5: the binding gives the wire format of each message of the operation.
      const stray = childElements(op).find((c) => c.name === direction && c.ns !== WSDL_NS);
      const found = stray
        ? ` (found <${stray.prefix ? `${stray.prefix}:` : ''}${stray.name}> in namespace ${stray.ns}, not wsdl:${direction})`
        : '';
      ctx.warning(
        doc,
        op,
        `binding ${raw.name.name}: operation "${name}" has no wsdl:${direction}${found}; the ${direction} is sent with the binding's defaults`,
      );
    }
    const inMsg = abstract?.input ? lookups.messages.get(qkey(abstract.input.message)) : undefined;
    const outMsg = abstract?.output ? lookups.messages.get(qkey(abstract.output.message)) : undefined;
    const faults: BindingFault[] = [];
    for (const f of childElements(op, WSDL_NS, 'fault')) {
      const soapFault = soap ? firstChild(f, extNs, 'fault') : undefined;
      const use = soapFault ? attr(soapFault, 'use') : undefined;
      faults.push({
        name: attr(f, 'name') ?? (soapFault ? attr(soapFault, 'name') : undefined) ?? '',
        ...(use === 'literal' || use === 'encoded' ? { use } : {}),
        ...optional('namespace', soapFault ? attr(soapFault, 'namespace') : undefined),
        ...(soapFault ? wsdl20FaultCodes(soapFault) : {}),
      });
    }
    const soapActionRequired = soap && opExt ? attr(opExt, 'soapActionRequired') : undefined;
    // Written on the synthetic soap12:operation by the WSDL 2.0 reader (model/wsdl20/binding.ts).
    const soapResponse = kind === 'soap12' && opExt !== undefined && isSoapResponse(attr(opExt, 'mep', WSDL20_SOAP_NS));
    const urlBound = !soap || soapResponse;
    operations.push({
      name,
      ...optional('documentation', wsdlDocumentation(op)),
      ...(soap ? { soapAction: (opExt ? attr(opExt, 'soapAction') : undefined) ?? '' } : {}),
      ...(soapActionRequired !== undefined ? { soapActionRequired: soapActionRequired === 'true' } : {}),
      ...(soap ? { style: parseStyle(opExt ? attr(opExt, 'style') : undefined) ?? bindingStyle } : {}),
      ...(soapResponse ? { soapMep: 'soap-response' as const } : {}),
      ...(!soap ? optional('httpLocation', opExt ? attr(opExt, 'location') : undefined) : {}),
      ...(soapResponse && opExt ? { httpLocation: attr(opExt, 'location', WSDL20_HTTP_NS) ?? '' } : {}),
      // Written on the synthetic http:operation by the WSDL 2.0 reader (model/wsdl20/binding.ts).
      ...(urlBound && opExt && attr(opExt, 'ignoreUncited', WSDL20_HTTP_NS) === 'true'
        ? { httpIgnoreUncited: true }
        : {}),
      ...(urlBound
        ? optional('httpQuerySeparator', opExt ? attr(opExt, 'queryParameterSeparator', WSDL20_HTTP_NS) : undefined)
        : {}),
      ...optional(
        'input',
        inputEl ? bindingMessage(ctx, doc, inputEl, extNs, soap, inMsg, lookups, soapResponse) : undefined,
      ),
      ...optional('output', outputEl ? bindingMessage(ctx, doc, outputEl, extNs, soap, outMsg, lookups) : undefined),
      faults,
      location: ctx.modelLoc(doc, op),
    });
  }
  return {
    name: raw.name,
    kind,
    portType: portTypeName ?? { ns: '', name: '' },
    ...optional('documentation', wsdlDocumentation(el)),
    ...(soap ? { style: bindingStyle } : {}),
    ...(soap ? optional('transport', attr(ext, 'transport')) : {}),
    ...(kind === 'httpGet' ? { verb: 'GET' as const } : kind === 'httpPost' ? { verb: 'POST' as const } : {}),
    operations,
    location: ctx.modelLoc(doc, el),
  };
}

/** Whether `mep` names the SOAP-Response MEP (SOAP 1.2 Part 2 §6.3), with or without its final `/`. */
function isSoapResponse(mep: string | undefined): boolean {
  return mep !== undefined && mep.replace(/\/$/, '') === 'http://www.w3.org/2003/05/soap/mep/soap-response';
}

/** WSDL 2.0 `wsoap:code`/`wsoap:subcodes`, carried on the `soap:fault` that stands for a WSDL 2.0 binding fault. */
function wsdl20FaultCodes(el: XmlElement): Pick<BindingFault, 'soapCode' | 'soapSubcodes'> {
  const names = (value: string | undefined): QName[] =>
    (value ?? '')
      .split(/\s+/)
      .filter((s) => s !== '')
      .map((s) => resolveQName(el, s))
      .filter((q): q is QName => q !== undefined);
  const [code] = names(attr(el, 'code', WSDL20_SOAP_NS));
  const subcodes = names(attr(el, 'subcodes', WSDL20_SOAP_NS));
  return { ...(code ? { soapCode: code } : {}), ...(subcodes.length > 0 ? { soapSubcodes: subcodes } : {}) };
}

/** The port type operation a binding operation refers to (by name, then by input/output names for overloads, WSDL 1.1 §2.5). */
function findAbstractOperation(portType: PortType, op: XmlElement, name: string): AbstractOperation | undefined {
  const candidates = portType.operations.filter((o) => o.name === name);
  if (candidates.length <= 1) return candidates[0];
  const inName = attr(firstChild(op, WSDL_NS, 'input') ?? op, 'name');
  const outName = attr(firstChild(op, WSDL_NS, 'output') ?? op, 'name');
  return (
    candidates.find(
      (c) =>
        (inName === undefined || c.input?.name === inName) && (outName === undefined || c.output?.name === outName),
    ) ?? candidates[0]
  );
}

/** Elements under a binding input/output, looking inside `mime:multipartRelated/mime:part` (WSDL 1.1 §5.4). */
function extensionElements(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of childElements(el)) {
    if (c.ns === MIME_NS && c.name === 'multipartRelated') {
      for (const part of childElements(c, MIME_NS, 'part')) out.push(...childElements(part));
    } else {
      out.push(c);
    }
  }
  return out;
}

function useOf(value: string | undefined): 'literal' | 'encoded' {
  return value === 'encoded' ? 'encoded' : 'literal';
}

function bindingMessage(
  ctx: BuildContext,
  doc: SourceDocument,
  el: XmlElement,
  extNs: string,
  soap: boolean,
  message: Message | undefined,
  lookups: BindingLookups,
  soapResponse = false,
): BindingMessage {
  let body: SoapBody | undefined;
  const headers: SoapHeader[] = [];
  let urlEncoded = false;
  let urlReplacement = false;
  let mimeContentType: string | undefined;
  let mimeXmlPart: string | undefined;
  for (const c of extensionElements(el)) {
    if (soap && c.ns === extNs && c.name === 'body' && !body) {
      const parts = attr(c, 'parts');
      body = {
        use: useOf(attr(c, 'use')),
        ...optional('parts', parts === undefined ? undefined : parts.split(/\s+/).filter((s) => s !== '')),
        ...optional('namespace', attr(c, 'namespace')),
        ...optional('encodingStyle', attr(c, 'encodingStyle')),
      };
      if (message && body.parts) {
        const missing = body.parts.filter((p) => !message.parts.some((mp) => mp.name === p));
        let replaced = false;
        for (const p of missing)
          replaced = ctx.unresolved(
            doc,
            c,
            `soap:body names part "${p}" which message ${qdisplay(message.name)} does not have${partsHint(message)}`,
            'the name is ignored',
          );
        if (replaced) body = { ...body, parts: body.parts.filter((p) => !missing.includes(p)) };
      }
    } else if (soap && c.ns === extNs && c.name === 'header') {
      const h = soapHeader(ctx, doc, c, lookups);
      if (h) headers.push(h);
    } else if (!soap && c.ns === HTTP_BINDING_NS && c.name === 'urlEncoded') {
      urlEncoded = true;
    } else if ((!soap || soapResponse) && c.ns === HTTP_BINDING_NS && c.name === 'urlReplacement') {
      urlReplacement = true;
    } else if (c.ns === MIME_NS && c.name === 'content') {
      mimeContentType ??= attr(c, 'type') ?? '';
    } else if (c.ns === MIME_NS && c.name === 'mimeXml') {
      const only = message && message.parts.length === 1 ? message.parts[0]?.name : undefined;
      mimeXmlPart = attr(c, 'part') ?? only ?? '';
      if (message && attr(c, 'part') !== undefined && !message.parts.some((p) => p.name === mimeXmlPart)) {
        const replaced = ctx.unresolved(
          doc,
          c,
          `mime:mimeXml names part "${mimeXmlPart}" which message ${qdisplay(message.name)} does not have${partsHint(message)}`,
          "the message's first part is used",
        );
        if (replaced) mimeXmlPart = message.parts[0]?.name ?? '';
      }
    }
  }
  return {
    ...optional('name', attr(el, 'name')),
    ...optional('body', body),
    headers,
    ...(urlEncoded ? { urlEncoded } : {}),
    ...(urlReplacement ? { urlReplacement } : {}),
    ...optional('mimeContentType', mimeContentType),
    ...optional('mimeXmlPart', mimeXmlPart),
  };
}

/** `soap:header` (WSDL 1.1 §3.7): checks the message and part it names. */
function soapHeader(
  ctx: BuildContext,
  doc: SourceDocument,
  el: XmlElement,
  lookups: BindingLookups,
): SoapHeader | undefined {
  const message = resolveWsdlRef(ctx, doc, el, 'message', (q) => lookups.messages.has(qkey(q)));
  const part = attr(el, 'part');
  if (!message || part === undefined) {
    if (message || attr(el, 'message') === undefined)
      ctx.error(doc, el, 'soap:header needs message and part attributes');
    return undefined;
  }
  const msg = lookups.messages.get(qkey(message));
  if (!msg) {
    const what = `undefined message ${qdisplay(message)}${lookups.hints.hint('message', message)}`;
    if (ctx.unresolved(doc, el, what, 'the header is left out')) return undefined;
  } else if (!msg.parts.some((p) => p.name === part)) {
    const what = `soap:header names part "${part}" which message ${qdisplay(message)} does not have${partsHint(msg)}`;
    if (ctx.unresolved(doc, el, what, 'the header is left out')) return undefined;
  }
  return {
    message,
    part,
    use: useOf(attr(el, 'use')),
    ...optional('namespace', attr(el, 'namespace')),
    ...optional('encodingStyle', attr(el, 'encodingStyle')),
  };
}

/** ` (it has parts "a", "b")` or ` (it has no parts)`. */
function partsHint(message: Message): string {
  return message.parts.length === 0
    ? ' (it has no parts)'
    : ` (it has ${message.parts.map((p) => `"${p.name}"`).join(', ')})`;
}
