/**
 * One object of each class a scan or decode makes and drops (the scanner, the decoder's
 * frames, a compact leaf), kept for as long as the runtime is loaded, holding nothing of any
 * document: so that a process stays warm between large answers.
 *
 * V8 keeps an object layout (a "map") for two full collections after the last object that had
 * it is gone (`--retain-maps-for-n-gc`), then lets it go, and with it the optimised code that
 * checks for it (`node --trace-deopt`: "marking dependent code ... reason: weak objects").
 * A scan's objects are all gone when it ends, so a process that had collected twice since its
 * last large answer read the next one with the code of a cold process: the scanner, the leaf
 * reader and the frames deoptimised together (issue 31: a warm 1 MB partner answer after
 * two collections took 35-50 ms instead of 15-25). Objects made by the same constructor have
 * the same layout, so one kept object of each class keeps it.
 *
 * Ships with generated code: imports only sibling runtime files' types.
 */
import type { XmlElement } from './xml-tree.js';

/**
 * An element, with an attribute, as the scanner makes them (xml-scan.ts `openElement`: these
 * properties, in this order), kept: their layouts, and an element for the modules whose kept
 * examples need one (a frame's, a compact leaf's scope).
 */
export const LAYOUT_ELEMENT: XmlElement = {
  ns: '',
  name: 'layout',
  prefix: '',
  attrs: [{ ns: '', name: 'layout', prefix: '', value: '' }],
  nsDecls: {},
  children: [],
  parent: undefined,
  line: 0,
  column: 0,
};

const kept: object[] = [LAYOUT_ELEMENT];

/** Keeps `example` (an object holding no document) for as long as the runtime is loaded, and with it its layout. */
export function keepLayout(example: object): void {
  kept.push(example);
}
