/**
 * Named SOAP header sets (WSDL 1.1 §3.7 `soap:header` parts): one interface in
 * types.ts per distinct set of header parts, which client.ts (`CallOptionsWithHeaders<…>`,
 * `ClientOptionsWithHeaders<…>`) and server.ts (`SoapHeadersContext<…>`) name
 * instead of repeating the object type in every signature: the user's compiler
 * then resolves each set once, and a reader sees one name per set.
 *
 * Names: `<Service>Headers` for the client-wide set (every part the service's
 * operations declare, for `ClientOptions.soapHeaders`), `<Op>Headers` after the
 * first operation of each other set; a numeric suffix when the name is taken.
 */
import { isIdentifierName } from '../names/index.js';
import { RUNTIME_SYMBOL_NAMES } from '../names/runtime-symbols.js';
import type { OperationInfo, ServiceInfo, ServiceModel } from './service-model.js';

/** One declared header set. */
export interface HeaderSet {
  readonly name: string;
  /** The properties, all optional (a header block may be absent), with their TypeScript types. */
  readonly props: readonly { readonly key: string; readonly ts: string }[];
  /** The WSDL operation names whose input declares exactly this set (empty for a client-wide set no operation has alone). */
  readonly operations: readonly string[];
  /** The service whose client-wide set this is, if it is one. */
  readonly service?: string;
}

/** The header sets of a service model and which set each operation and service uses. */
export interface HeaderSets {
  readonly sets: readonly HeaderSet[];
  readonly byOperation: ReadonlyMap<OperationInfo, string>;
  readonly byService: ReadonlyMap<ServiceInfo, string>;
}

type Props = { key: string; ts: string }[];

function propsOf(headers: readonly { readonly prop: string; readonly ts: string }[]): Props {
  return headers.map((h) => ({ key: isIdentifierName(h.prop) ? h.prop : JSON.stringify(h.prop), ts: h.ts }));
}

function signature(props: Props): string {
  return props.map((p) => `${p.key}?:${p.ts};`).join('');
}

function pascal(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Names every distinct header set of `sm`, unique against `taken` (the names
 * types.ts declares) and the runtime's symbols. Deterministic: services and
 * operations in model order.
 */
export function headerSets(sm: ServiceModel, taken: ReadonlySet<string>): HeaderSets {
  const used = new Set<string>([...taken, ...RUNTIME_SYMBOL_NAMES]);
  for (const s of sm.services) {
    for (const n of [s.names.client, s.names.binding, s.names.descriptor, s.names.operations, s.names.service])
      used.add(n);
    used.add(s.names.handler);
  }
  const unique = (base: string): string => {
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}${i}`;
    used.add(name);
    return name;
  };
  const sets: { name: string; props: Props; operations: string[]; service?: string }[] = [];
  const bySignature = new Map<string, (typeof sets)[number]>();
  const byOperation = new Map<OperationInfo, string>();
  const byService = new Map<ServiceInfo, string>();
  for (const s of sm.services) {
    const all = new Map<string, string>();
    for (const o of s.operations) for (const h of o.headers) if (!all.has(h.prop)) all.set(h.prop, h.ts);
    if (all.size === 0) continue;
    const props = propsOf([...all].map(([prop, ts]) => ({ prop, ts })));
    const sig = signature(props);
    let set = bySignature.get(sig);
    if (!set) {
      set = { name: unique(`${s.names.binding.replace(/Binding\d*$/, '')}Headers`), props, operations: [] };
      sets.push(set);
      bySignature.set(sig, set);
    }
    set.service ??= s.names.xmlName;
    byService.set(s, set.name);
  }
  for (const s of sm.services) {
    for (const o of s.operations) {
      if (o.headers.length === 0) continue;
      const props = propsOf(o.headers);
      const sig = signature(props);
      let set = bySignature.get(sig);
      if (!set) {
        set = { name: unique(`${pascal(o.names.method)}Headers`), props, operations: [] };
        sets.push(set);
        bySignature.set(sig, set);
      }
      if (!set.operations.includes(o.op.name)) set.operations.push(o.op.name);
      byOperation.set(o, set.name);
    }
  }
  return { sets, byOperation, byService };
}

/** The JSDoc text of a header set: what it is for and which operations declare it. */
export function headerSetDoc(set: HeaderSet): string {
  const ops = set.operations.map((o) => `\`${o}\``);
  const listed = ops.length > 6 ? `${ops.slice(0, 5).join(', ')} and ${ops.length - 5} more` : ops.join(', ');
  const opsText = `${ops.length === 1 ? 'operation' : 'operations'} ${listed}`;
  if (set.service === undefined) return `SOAP header parts (\`soap:header\`) of ${opsText}.`;
  const client = `Every SOAP header part (\`soap:header\`) the ${set.service} service's operations declare: the client-wide \`soapHeaders\` option.`;
  return ops.length === 0 ? client : `${client} Also the parts of ${opsText}.`;
}
