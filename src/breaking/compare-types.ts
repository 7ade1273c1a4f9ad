/**
 * Compares the types of two contracts in one direction. A request type must accept
 * everything it accepted (the new server reads what old clients send); a response
 * type must produce nothing new (old clients read what the new server sends).
 * This is protobuf's and oasdiff's rule, with XML Schema's occurrence bounds, order
 * and facets in place of their field rules.
 */
import { qdisplay, qkey } from '../model/qname-key.js';
import { type QName, XSD_NS, type SourceLocation, type TypeRef } from '../model/types.js';
import type { CompareContext, SideIndex } from './context.js';
import { complexBodyOf, type Member, membersOf } from './members.js';
import { compareSpaces, valueSpaceOf } from './value-space.js';

/** Which way values of a type travel. */
export type Direction = 'request' | 'response';

/** Where a comparison is: the path for messages and the best locations on each side. */
export interface Place {
  readonly path: string;
  readonly newLoc?: SourceLocation;
  readonly oldLoc?: SourceLocation;
}

function typeLabel(ref: TypeRef): string {
  return ref.kind === 'named' ? qdisplay(ref.ref) : `(anonymous ${ref.kind} type)`;
}

/** The generated TypeScript name of a named user type, if it has one. */
function tsName(side: SideIndex, ref: TypeRef): string | undefined {
  if (ref.kind !== 'named' || ref.ref.ns === XSD_NS) return undefined;
  const k = qkey(ref.ref);
  return side.names.complexTypes.get(k) ?? side.names.simpleTypes.get(k);
}

/** Compares what an old and a new declaration's types allow, in `dir`. */
export function compareTypeRefs(ctx: CompareContext, dir: Direction, o: TypeRef, n: TypeRef, at: Place): void {
  const oName = tsName(ctx.old, o);
  const nName = tsName(ctx.new, n);
  if (oName !== undefined && nName !== undefined && oName !== nName) {
    ctx.report('identifier-renamed', at.path, `type ${oName} is now ${nName}`, at.newLoc, 'new');
  }
  if (o.kind === 'named' && n.kind === 'named') {
    const memo = `${dir}|${qkey(o.ref)}|${qkey(n.ref)}`;
    if (ctx.compared.has(memo)) return;
    ctx.compared.add(memo);
  }
  const oBody = complexBodyOf(ctx.old, o);
  const nBody = complexBodyOf(ctx.new, n);
  if (oBody && nBody) {
    if (oBody.simpleContent && nBody.simpleContent)
      compareTypeRefs(ctx, dir, oBody.simpleContent, nBody.simpleContent, at);
    compareMembers(ctx, dir, membersOf(ctx.old, oBody), membersOf(ctx.new, nBody), at);
    if (o.kind === 'named' && n.kind === 'named') compareDerived(ctx, dir, o.ref, n.ref, at);
    return;
  }
  const oSpace = oBody ? undefined : valueSpaceOf(ctx.old, o);
  const nSpace = nBody ? undefined : valueSpaceOf(ctx.new, n);
  if (!oSpace || !nSpace) {
    if (o.kind === 'named' && n.kind === 'named' && ctx.same(o.ref, n.ref)) return;
    if (!oBody && !nBody && !oSpace && !nSpace) return; // both xsd:anyType
    ctx.report('element-type-changed', at.path, `type ${typeLabel(o)} became ${typeLabel(n)}`, at.newLoc, 'new');
    return;
  }
  for (const d of compareSpaces(oSpace, nSpace)) {
    const rule = spaceRule(dir, d.kind);
    if (rule) ctx.report(rule, at.path, d.message, at.newLoc, 'new');
  }
}

/**
 * Types derived from a compared type can stand in for it on the wire (`xsi:type`,
 * XML Schema Part 1 §2.6.1), so they are compared in the same direction too.
 */
function compareDerived(ctx: CompareContext, dir: Direction, o: QName, n: QName, at: Place): void {
  const news = ctx.new.derived.get(qkey(n)) ?? [];
  for (const od of ctx.old.derived.get(qkey(o)) ?? []) {
    const nd = news.find((t) => ctx.same(od.name, t.name));
    if (!nd) continue; // reported as type-removed
    compareTypeRefs(
      ctx,
      dir,
      { kind: 'named', ref: od.name },
      { kind: 'named', ref: nd.name },
      { path: `${at.path} (as ${nd.name.name})`, newLoc: nd.location, oldLoc: od.location },
    );
  }
}

function spaceRule(dir: Direction, kind: string): string | undefined {
  switch (kind) {
    case 'changed':
      return 'element-type-changed';
    case 'member-removed':
      return 'union-member-removed';
    case 'enum-removed':
      return dir === 'request' ? 'request-enum-value-removed' : 'response-enum-value-removed';
    case 'enum-added':
      return dir === 'request' ? 'request-enum-value-added' : 'response-enum-value-added';
    case 'narrowed':
      return dir === 'request' ? 'request-type-narrowed' : 'response-type-narrowed';
    case 'widened':
      return dir === 'request' ? 'request-type-widened' : 'response-type-widened';
    default:
      return undefined;
  }
}

const showMax = (n: number): string => (n === Infinity ? 'unbounded' : String(n));
const label = (m: Member): string => (m.kind === 'attribute' ? `attribute @${m.name.name}` : `element ${m.name.name}`);
const key = (m: Member): string => `${m.kind}:${m.name.name}`;

/** Compares two member lists (elements matched by local name, attributes likewise). */
export function compareMembers(
  ctx: CompareContext,
  dir: Direction,
  olds: readonly Member[],
  news: readonly Member[],
  at: Place,
): void {
  const newByKey = new Map(news.map((m) => [key(m), m]));
  const oldByKey = new Map(olds.map((m) => [key(m), m]));
  const req = dir === 'request';
  for (const o of olds) {
    const path = `${at.path} > ${o.kind === 'attribute' ? '@' : ''}${o.name.name}`;
    const n = newByKey.get(key(o));
    const oldLoc = o.location ?? at.oldLoc;
    if (!n) {
      const rule = req
        ? 'request-element-removed'
        : o.min > 0
          ? 'response-element-removed'
          : 'response-optional-element-removed';
      ctx.report(rule, path, `${label(o)} was removed`, oldLoc, 'old');
      continue;
    }
    const newLoc = n.location ?? at.newLoc;
    const here: Place = { path, ...(newLoc ? { newLoc } : {}), ...(oldLoc ? { oldLoc } : {}) };
    if (!ctx.same(o.name, n.name)) {
      ctx.report(
        'namespace-changed',
        path,
        `${label(o)} moved from namespace "${o.name.ns}" to "${n.name.ns}"`,
        newLoc,
        'new',
      );
    }
    compareOccurs(ctx, req, o, n, here);
    if (req && o.nillable && !n.nillable)
      ctx.report('request-type-narrowed', path, 'no longer nillable', newLoc, 'new');
    if (!req && !o.nillable && n.nillable) ctx.report('response-type-widened', path, 'became nillable', newLoc, 'new');
    compareTypeRefs(ctx, dir, o.type, n.type, here);
  }
  // Added members, and whether they come before members that were already there.
  const orderedNew = news.filter((m) => m.ordered && m.kind === 'element');
  let lastCommon = -1;
  orderedNew.forEach((m, i) => {
    if (oldByKey.has(key(m))) lastCommon = i;
  });
  for (const n of news) {
    if (oldByKey.has(key(n))) continue;
    const path = `${at.path} > ${n.kind === 'attribute' ? '@' : ''}${n.name.name}`;
    const loc = n.location ?? at.newLoc;
    const inserted = n.ordered && n.kind === 'element' && orderedNew.indexOf(n) < lastCommon;
    const rule = req
      ? n.min > 0
        ? 'request-required-element-added'
        : 'request-optional-element-added'
      : inserted
        ? 'response-element-inserted'
        : n.min > 0
          ? 'response-required-element-added'
          : 'response-element-added';
    const what = n.min > 0 ? 'required' : 'optional';
    ctx.report(rule, path, `${what} ${label(n)} was added${inserted ? ' before existing elements' : ''}`, loc, 'new');
  }
  compareOrder(ctx, olds, news, at);
}

function compareOccurs(ctx: CompareContext, req: boolean, o: Member, n: Member, at: Place): void {
  const loc = at.newLoc;
  const use = (m: Member): string => (m.min > 0 ? 'required' : 'optional');
  const bounds = o.kind === 'attribute' ? `use ${use(o)} became ${use(n)}` : `minOccurs ${o.min} became ${n.min}`;
  if (n.min > o.min) {
    ctx.report(
      req ? 'request-element-became-required' : 'response-element-became-required',
      at.path,
      bounds,
      loc,
      'new',
    );
  } else if (n.min < o.min) {
    ctx.report(
      req ? 'request-element-became-optional' : 'response-element-became-optional',
      at.path,
      bounds,
      loc,
      'new',
    );
  }
  const maxes = `maxOccurs ${showMax(o.max)} became ${showMax(n.max)}`;
  if (n.max < o.max) {
    ctx.report(req ? 'request-max-occurs-decreased' : 'response-max-occurs-decreased', at.path, maxes, loc, 'new');
  } else if (n.max > o.max) {
    ctx.report(req ? 'request-max-occurs-increased' : 'response-max-occurs-increased', at.path, maxes, loc, 'new');
  }
  if (o.max > 1 !== n.max > 1) {
    ctx.report(
      'element-cardinality-changed',
      at.path,
      o.max > 1 ? 'a list became a single value' : 'a single value became a list',
      loc,
      'new',
    );
  }
}

/** Reports sequence elements present in both versions whose relative order changed. */
function compareOrder(ctx: CompareContext, olds: readonly Member[], news: readonly Member[], at: Place): void {
  const newKeys = new Set(news.filter((m) => m.ordered && m.kind === 'element').map(key));
  const oldKeys = new Set(olds.filter((m) => m.ordered && m.kind === 'element').map(key));
  const oldOrder = olds.filter((m) => m.ordered && m.kind === 'element' && newKeys.has(key(m)));
  const newOrder = news.filter((m) => m.ordered && m.kind === 'element' && oldKeys.has(key(m)));
  for (let i = 0; i < oldOrder.length; i++) {
    const o = oldOrder[i];
    const n = newOrder[i];
    if (o && n && key(o) !== key(n)) {
      ctx.report(
        'element-order-changed',
        at.path,
        `sequence order changed: ${oldOrder.map((m) => m.name.name).join(', ')} became ${newOrder.map((m) => m.name.name).join(', ')}`,
        n.location ?? at.newLoc,
        'new',
      );
      return;
    }
  }
}
