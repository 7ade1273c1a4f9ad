/**
 * Checks that each import loaded a document of the namespace it names:
 * `xsd:import/@namespace` must equal the imported schema's targetNamespace
 * (XML Schema Part 1 §4.2.3), and `wsdl:import/@namespace` should equal the
 * imported definitions' targetNamespace (WSDL 1.1 §2.1.1; WS-I Basic Profile
 * 1.1 R2005). A mismatch is a warning here (the components simply live in the
 * document's own namespace); the undefined references it causes are errors,
 * and they quote the note recorded for the namespace the author expected.
 */
import { attr } from '../runtime/xml/xml-parse.js';
import type { SourceDocument } from '../load/types.js';
import { findReferences } from '../load/references.js';
import { resolveLocation } from '../load/resolve-location.js';
import type { BuildContext } from './build-context.js';
import { isXsdNamespace } from './namespaces.js';

/** Per expected namespace, the explanations of imports that did not deliver it. */
export type NamespaceNotes = Map<string, string[]>;

/** The namespace a loaded document declares (the includer's for a chameleon schema). */
function declaredNamespace(doc: SourceDocument): string {
  return attr(doc.root, 'targetNamespace') ?? (isXsdNamespace(doc.root.ns) ? (doc.chameleonNamespace ?? '') : '');
}

/** Warns about each import whose document declares another namespace; returns notes keyed by the expected namespace. */
export function checkImportNamespaces(ctx: BuildContext): NamespaceNotes {
  const byUrl = new Map<string, SourceDocument>(ctx.loaded.documents.map((d) => [d.url, d]));
  const notes: NamespaceNotes = new Map();
  for (const doc of ctx.loaded.documents) {
    for (const ref of findReferences(doc.root, doc.chameleonNamespace, { lenient: ctx.lenient })) {
      if (ref.kind !== 'xsd:import' && ref.kind !== 'wsdl:import') continue;
      const resolved = resolveLocation(ref.location, doc.url);
      const target = resolved.ok ? byUrl.get(resolved.identity) : undefined;
      if (!target) continue;
      const expected = attr(ref.element, 'namespace');
      // wsdl:import of a schema document, or an import that names no namespace: nothing to compare.
      if (expected === undefined || (ref.kind === 'wsdl:import' && target.kind !== 'wsdl')) continue;
      const actual = declaredNamespace(target);
      if (actual === expected) continue;
      const loc = ctx.diagLoc(doc, ref.element);
      const actualText = actual === '' ? 'no targetNamespace' : `targetNamespace "${actual}"`;
      ctx.warning(
        doc,
        ref.element,
        `${ref.kind} namespace="${expected}" loads ${target.displayName}, which has ${actualText}; its components are in that namespace`,
      );
      const note = `the ${ref.kind} at ${loc.file}:${loc.line}:${loc.column} loaded ${target.displayName}, which has ${actualText}`;
      const list = notes.get(expected) ?? [];
      // One note per document that failed to deliver the namespace.
      if (!list.some((n) => n.endsWith(` loaded ${target.displayName}, which has ${actualText}`))) list.push(note);
      notes.set(expected, list);
    }
  }
  return notes;
}
