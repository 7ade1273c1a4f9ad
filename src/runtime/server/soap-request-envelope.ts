/**
 * Reading the request envelopes a server receives. A peer sends the same markup
 * with other values (xml-shape-memo.ts), so for an envelope that matches a
 * recorded shape and has no Header, the server needs no tree: the envelope's
 * names (version, Body element) are the shape's, read once from the shape's
 * tree with markers in its holes, and the Body's value is decoded by the
 * shape's decode plan (decode-plan.ts) from the hole texts alone. Anything else
 * (no shape, a Header, a value without a plan) is read from a tree, as
 * {@link parseEnvelope} and `readValue` do: the result is the same either way.
 *
 * Ships with generated code.
 */
import { readValue, type TypeRegistry } from '../wire/codec.js';
import { DecodePlan, holeMarker } from './decode-plan.js';
import type { ValueDesc } from '../wire/descriptors.js';
import {
  envelopeOf,
  matchEnvelopeShape,
  parseEnvelope,
  type ParsedEnvelope,
  type ParseEnvelopeOptions,
} from '../wire/soap-envelope.js';
import type { XmlElement, XmlShape } from '../xml/xml-parse.js';
import '../wire/envelope-memos.js'; // the server parses with the envelope memos (soap-envelope.ts)
import { shapeHoleCount, shapeTree } from '../xml/xml-shape-memo.js';

/**
 * An envelope read from its shape. `envelope` and `body` belong to the shape's
 * marked tree (its hole texts are markers): read names and attributes from them,
 * and values only with {@link readBodyValue}.
 */
export interface ShapedEnvelope extends ParsedEnvelope {
  readonly header?: undefined;
  /** The shape the text matched. */
  readonly shape: XmlShape;
  /** The text's hole texts. */
  readonly holes: readonly string[];
  /** What the shape tells for all its envelopes (the same object for each). */
  readonly known: ShapeEnvelope;
}

/** What one shape tells for all its envelopes. */
export interface ShapeEnvelope {
  /** The envelope of the marked tree; `undefined` when it is not an envelope without Header. */
  readonly envelope: ParsedEnvelope | undefined;
  /** The decode plan of each value description read from the marked tree, with the element and registry it was made for. */
  readonly plans: WeakMap<
    ValueDesc,
    { readonly el: XmlElement; readonly types: TypeRegistry; readonly plan: DecodePlan | undefined }
  >;
}

/** Per shape, made on its first envelope (dropped with the shape). */
const shapeEnvelopes = new WeakMap<XmlShape, ShapeEnvelope>();

function shapeEnvelopeOf(shape: XmlShape): ShapeEnvelope {
  let info = shapeEnvelopes.get(shape);
  if (info === undefined) {
    const markers: string[] = [];
    for (let k = 0; k < shapeHoleCount(shape); k++) markers.push(holeMarker(k));
    let envelope: ParsedEnvelope | undefined;
    try {
      envelope = envelopeOf(shapeTree(shape, markers));
      if (envelope.header !== undefined) envelope = undefined;
    } catch {
      envelope = undefined;
    }
    info = { envelope, plans: new WeakMap() };
    shapeEnvelopes.set(shape, info);
  }
  return info;
}

/**
 * Parses a request envelope as {@link parseEnvelope} does; when the text matches
 * a recorded shape without Header, returns a {@link ShapedEnvelope}, built from
 * the shape without a tree of its own.
 * @throws EnvelopeError as parseEnvelope
 */
export function parseRequestEnvelope(xml: string, opts: ParseEnvelopeOptions = {}): ParsedEnvelope | ShapedEnvelope {
  const m = matchEnvelopeShape(xml, opts);
  if (m === undefined)
    return parseEnvelope(xml, { maxDepth: opts.maxDepth, maxNodes: opts.maxNodes, shapesMissed: true });
  const known = shapeEnvelopeOf(m.shape);
  const env = known.envelope;
  if (env === undefined) return envelopeOf(shapeTree(m.shape, m.holes));
  const shaped: ShapedEnvelope = {
    version: env.version,
    envelope: env.envelope,
    body: env.body,
    shape: m.shape,
    holes: m.holes,
    known,
  };
  return shaped;
}

/**
 * Reads `el`, an element of `env`'s Body, as `desc`: `readValue(el, desc, types)`,
 * which for a {@link ShapedEnvelope} is its shape's decode plan run on the hole
 * texts (or, without a plan, `readValue` on the envelope's own tree).
 * @throws DecodeError as readValue
 */
export function readBodyValue(
  env: ParsedEnvelope | ShapedEnvelope,
  el: XmlElement,
  desc: ValueDesc,
  types: TypeRegistry,
): unknown {
  if (!('shape' in env)) return readValue(el, desc, types);
  const plans = env.known.plans;
  let entry = plans.get(desc);
  if (entry === undefined || entry.types !== types || entry.el !== el) {
    entry = { el, types, plan: DecodePlan.record(el, desc, types, shapeHoleCount(env.shape), env.shape.nodes) };
    plans.set(desc, entry);
  }
  if (entry.plan !== undefined) return entry.plan.decode(env.holes);
  return readValue(sameElementIn(shapeTree(env.shape, env.holes), el), desc, types);
}

/** The element of `root` at the place `el` has in its own tree (both trees are of one shape). */
function sameElementIn(root: XmlElement, el: XmlElement): XmlElement {
  const path: number[] = [];
  for (let e = el; e.parent !== undefined; e = e.parent) path.push(e.parent.children.indexOf(e));
  let out = root;
  for (let i = path.length - 1; i >= 0; i--) out = out.children[path[i]!] as XmlElement;
  return out;
}
