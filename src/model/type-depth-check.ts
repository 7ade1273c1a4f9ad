/**
 * Bounds on how deep a converted schema's types go, checked once after
 * conversion so that the later stages (names, emit, the generated runtime),
 * which follow types recursively, never meet a cycle or a chain deep enough to
 * exhaust the stack:
 *
 * - Derivation: no type may derive from itself, directly or through other types
 *   (XML Schema Part 1 §3.4.6 "Derivation Valid" for complex types; Part 2 §4.1.6
 *   "No circular definitions" for simple types, whose list item and union member
 *   types count as well); a chain of base types is at most
 *   {@link MAX_DERIVATION_DEPTH} long.
 * - Nesting: anonymous types and model groups inside one another, directly or
 *   through element references and group references (both are inlined where
 *   used), at most {@link MAX_NESTING_DEPTH} levels.
 *
 * Real contracts stay far below both limits (the large Salesforce, NetSuite and
 * EWS contracts derive at most a few levels and nest at most a few dozen); a
 * contract beyond them gets a located error instead of a crash.
 */
import type { BuildContext } from './build-context.js';
import { qdisplay, qkey } from './qname-key.js';
import type {
  ComplexTypeBody,
  Particle,
  QName,
  SchemaModel,
  SimpleTypeBody,
  SourceLocation,
  TypeRef,
} from './types.js';

/** The longest chain of base types accepted (a type deriving directly from a built-in has depth 1). */
export const MAX_DERIVATION_DEPTH = 100;
/**
 * The deepest nesting of anonymous complex types and model groups accepted
 * (an anonymous element type with a sequence is two levels).
 */
export const MAX_NESTING_DEPTH = 256;

/** A named type as a node of the derivation graph. */
interface TypeNode {
  readonly kind: 'complexType' | 'simpleType';
  readonly name: QName;
  readonly location: SourceLocation;
  /** Keys of the named types this one derives from (base, simple content, list item, union members). */
  readonly bases: readonly string[];
}

/**
 * Reports derivation cycles, derivation chains and nesting beyond the limits as
 * errors on `ctx`. Returns whether it found any (later stages must not follow
 * the types then). Iterative throughout: it is safe on any input. `nesting:
 * false` skips the nesting check (the converter already reported a reference
 * chain too deep to convert, which is the same problem).
 */
export function checkTypeDepths(
  ctx: BuildContext,
  schema: SchemaModel,
  options: { readonly nesting: boolean } = { nesting: true },
): boolean {
  const before = ctx.sink.errors.length;
  checkDerivations(ctx, schema);
  if (options.nesting) checkNesting(ctx, schema);
  return ctx.sink.errors.length > before;
}

function checkDerivations(ctx: BuildContext, schema: SchemaModel): void {
  const nodes = new Map<string, TypeNode>();
  for (const t of schema.complexTypes) {
    const bases: string[] = [];
    if (t.base) bases.push(qkey(t.base));
    if (t.simpleContent) namedIn(t.simpleContent, bases);
    nodes.set(qkey(t.name), { kind: 'complexType', name: t.name, location: t.location, bases: unique(bases) });
  }
  for (const t of schema.simpleTypes) {
    const bases: string[] = [];
    simpleBases(t, bases);
    nodes.set(qkey(t.name), { kind: 'simpleType', name: t.name, location: t.location, bases: unique(bases) });
  }

  // Depth-first, with an explicit stack: 0 = unvisited, -1 = on the current path, else the chain length.
  const depth = new Map<string, number>();
  const reportedCycle = new Set<string>();
  const tooDeep: TypeNode[] = [];
  for (const [start] of nodes) {
    if (depth.has(start)) continue;
    const path: string[] = [start];
    const next: number[] = [0];
    depth.set(start, -1);
    while (path.length > 0) {
      const key = path[path.length - 1]!;
      const node = nodes.get(key)!;
      const i = next[next.length - 1]!;
      if (i < node.bases.length) {
        next[next.length - 1] = i + 1;
        const base = node.bases[i]!;
        if (!nodes.has(base)) continue; // a built-in or an undefined type (reported during conversion)
        const d = depth.get(base);
        if (d === undefined) {
          depth.set(base, -1);
          path.push(base);
          next.push(0);
        } else if (d === -1) {
          reportCycle(ctx, nodes, path.slice(path.indexOf(base)), reportedCycle);
        }
        continue;
      }
      let longest = 0;
      for (const base of node.bases) longest = Math.max(longest, Math.max(depth.get(base) ?? 0, 0));
      const mine = longest + 1;
      depth.set(key, mine);
      if (mine === MAX_DERIVATION_DEPTH + 1) tooDeep.push(node);
      path.pop();
      next.pop();
    }
  }
  for (const node of tooDeep) {
    ctx.sink.error(
      `${node.kind} ${qdisplay(node.name)} derives through more than ${MAX_DERIVATION_DEPTH} levels of base types (wsdlc supports at most ${MAX_DERIVATION_DEPTH})`,
      ctx.diagFromModel(node.location),
    );
  }
}

/** Reports one derivation cycle once, at its member that comes first in the schema. */
function reportCycle(
  ctx: BuildContext,
  nodes: ReadonlyMap<string, TypeNode>,
  cycle: readonly string[],
  reported: Set<string>,
): void {
  if (cycle.some((k) => reported.has(k))) return;
  for (const k of cycle) reported.add(k);
  const order = [...nodes.keys()];
  const first = cycle.reduce((a, b) => (order.indexOf(b) < order.indexOf(a) ? b : a));
  const at = cycle.indexOf(first);
  const loop = [...cycle.slice(at), ...cycle.slice(0, at), first].map((k) => qdisplay(nodes.get(k)!.name));
  const node = nodes.get(first)!;
  const spec = node.kind === 'complexType' ? 'XML Schema Part 1 §3.4.6' : 'XML Schema Part 2 §4.1.6';
  ctx.sink.error(
    `${node.kind} ${qdisplay(node.name)} derives from itself: ${loop.join(' -> ')} (circular definitions are not allowed, ${spec})`,
    ctx.diagFromModel(node.location),
  );
}

/** The named types a simple type body derives from: its base, list item type and union members (inline ones followed). */
function simpleBases(body: SimpleTypeBody, out: string[]): void {
  const stack: SimpleTypeBody[] = [body];
  while (stack.length > 0) {
    const b = stack.pop()!;
    if (b.variety === 'restriction') {
      if (b.base) out.push(qkey(b.base));
      if (b.baseType) stack.push(b.baseType);
    } else if (b.variety === 'list') {
      pushRef(b.itemType, out, stack);
    } else {
      for (const m of b.memberTypes) pushRef(m, out, stack);
    }
  }
}

function pushRef(t: TypeRef, out: string[], stack: SimpleTypeBody[]): void {
  if (t.kind === 'named') out.push(qkey(t.ref));
  else if (t.kind === 'simple') stack.push(t.type);
}

/** The named types a simple-content reference derives from. */
function namedIn(t: TypeRef, out: string[]): void {
  if (t.kind === 'named') out.push(qkey(t.ref));
  else if (t.kind === 'simple') simpleBases(t.type, out);
}

function unique(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}

/** A node of the nesting walk: an anonymous complex type or a model group. */
type Nested = ComplexTypeBody | Particle;

function checkNesting(ctx: BuildContext, schema: SchemaModel): void {
  const memo = new Map<Nested, number>();
  const roots: { readonly what: string; readonly location: SourceLocation; readonly root: Nested }[] = [];
  for (const e of schema.elements)
    if (e.type.kind === 'complex')
      roots.push({ what: `element ${qdisplay(e.name)}`, location: e.location, root: e.type.type });
  for (const t of schema.complexTypes)
    roots.push({ what: `complexType ${qdisplay(t.name)}`, location: t.location, root: t });
  for (const g of schema.groups)
    roots.push({ what: `group ${qdisplay(g.name)}`, location: g.location, root: g.particle });
  let first: (typeof roots)[number] | undefined;
  let more = 0;
  for (const r of roots) {
    if (nestingDepth(r.root, memo) <= MAX_NESTING_DEPTH) continue;
    if (first === undefined) first = r;
    else more++;
  }
  if (first === undefined) return;
  const others = more > 0 ? `; ${more} more declaration(s) nest as deep` : '';
  ctx.sink.error(
    `${first.what} nests anonymous types and groups more than ${MAX_NESTING_DEPTH} levels deep, counting element and group references (wsdlc supports at most ${MAX_NESTING_DEPTH})${others}`,
    ctx.diagFromModel(first.location),
  );
}

/**
 * The children of a nesting node that are nesting nodes themselves. An element
 * adds no level: its anonymous complex type stands in for it, and an element
 * of a named or simple type (a leaf, depth 0) is left out, as is a wildcard, so
 * the walk visits (and memoises) only what can nest.
 */
function nestedChildren(n: Nested): Nested[] {
  const out: Nested[] = [];
  if ('attributes' in n) {
    if (n.particle) pushNested(n.particle, out);
    if (n.simpleContent?.kind === 'complex') out.push(n.simpleContent.type);
  } else if (n.kind === 'element') {
    if (n.type.kind === 'complex') out.push(n.type.type);
  } else if (n.kind !== 'any') {
    for (const p of n.particles) pushNested(p, out);
  }
  return out;
}

function pushNested(p: Particle, out: Nested[]): void {
  if (p.kind === 'element') {
    if (p.type.kind === 'complex') out.push(p.type.type);
  } else if (p.kind !== 'any') out.push(p);
}

/** How many complex types and groups deep `root` goes (elements add no level of their own). Iterative, memoised by identity. */
function nestingDepth(root: Nested, memo: Map<Nested, number>): number {
  const known = memo.get(root);
  if (known !== undefined) return known;
  const stack: { node: Nested; children: Nested[]; i: number }[] = [
    { node: root, children: nestedChildren(root), i: 0 },
  ];
  // The converter never shares an object with its own content; this guards the walk anyway.
  const active = new Set<Nested>([root]);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.i < top.children.length) {
      const child = top.children[top.i++]!;
      if (!memo.has(child) && !active.has(child)) {
        active.add(child);
        stack.push({ node: child, children: nestedChildren(child), i: 0 });
      }
      continue;
    }
    let longest = 0;
    for (const c of top.children) longest = Math.max(longest, memo.get(c) ?? 0);
    const n = top.node;
    const level = 'attributes' in n || n.kind === 'sequence' || n.kind === 'choice' || n.kind === 'all' ? 1 : 0;
    memo.set(n, longest + level);
    active.delete(n);
    stack.pop();
  }
  return memo.get(root)!;
}
