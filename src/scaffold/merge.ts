/**
 * Extending an existing scaffold: ts-morph locates each service's implementation
 * object (`const x: XService = { ... }`, or `{ ... } satisfies XService`), and the
 * missing methods are spliced in as text at the end of the object literal, so
 * every other byte of the user's file stays as it was. Methods the interface no
 * longer has are reported, never removed.
 */
import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import type { Diagnostic } from '../model/types.js';
import { parseTs, type ServiceInterface } from './service-interfaces.js';
import { renderStubMethod } from './render.js';

/** The outcome of {@link mergeScaffold}. */
export interface MergeResult {
  /** The new file text (identical to the input when nothing was added). */
  readonly text: string;
  /** `Interface.method` of every stub added. */
  readonly added: readonly string[];
  /** Warnings: methods the contract no longer has, services with no implementation object found. */
  readonly warnings: readonly Diagnostic[];
}

/**
 * Adds stubs for the missing methods of each service to an existing scaffold.
 * @param text the user's file
 * @param displayName how warnings name the file
 */
export function mergeScaffold(text: string, services: readonly ServiceInterface[], displayName: string): MergeResult {
  const source = parseTs(text, 'scaffold.ts');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const inserts: { pos: number; text: string }[] = [];
  const added: string[] = [];
  const warnings: Diagnostic[] = [];
  const at = (pos: number): Diagnostic['location'] => {
    const lc = source.getLineAndColumnAtPos(pos);
    return { file: displayName, line: lc.line, column: lc.column };
  };
  for (const service of services) {
    const obj = findImplementation(source, service.name);
    if (!obj) {
      warnings.push({
        severity: 'warning',
        message: `no object typed ${service.name} found; add its methods by hand (${service.methods.map((m) => m.name).join(', ')})`,
        location: at(0),
      });
      continue;
    }
    const props = obj.getProperties();
    const present = new Map<string, number>();
    for (const p of props) {
      if (Node.isMethodDeclaration(p) || Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) {
        present.set(p.getName(), p.getStart());
      }
    }
    const wanted = new Set(service.methods.map((m) => m.name));
    for (const [name, pos] of present) {
      if (!wanted.has(name)) {
        warnings.push({
          severity: 'warning',
          message: `${service.name} has no operation for method '${name}' (the contract no longer has it); not removed`,
          location: at(pos),
        });
      }
    }
    const missing = service.methods.filter((m) => !present.has(m.name));
    if (missing.length === 0) continue;
    added.push(...missing.map((m) => `${service.name}.${m.name}`));
    inserts.push(
      insertion(
        text,
        obj,
        missing.map((m) => m),
        eol,
      ),
    );
  }
  let out = text;
  for (const ins of inserts.sort((a, b) => b.pos - a.pos)) out = out.slice(0, ins.pos) + ins.text + out.slice(ins.pos);
  return { text: out, added, warnings };
}

function insertion(
  text: string,
  obj: ObjectLiteralExpression,
  missing: readonly Parameters<typeof renderStubMethod>[0][],
  eol: string,
): { pos: number; text: string } {
  const props = obj.getProperties();
  const last = props[props.length - 1];
  if (!last) {
    const indent = `${lineIndent(text, obj.getStart())}  `;
    const body = missing.map((m) => `${eol}${indent}${renderStubMethod(m, indent, eol)},`).join('');
    return { pos: obj.getStart() + 1, text: body + eol + lineIndent(text, obj.getStart()) };
  }
  const indent = lineIndent(text, last.getStart());
  const closeBrace = obj.getEnd() - 1;
  const between = text.slice(last.getEnd(), closeBrace);
  const comma = /^\s*,/.exec(between);
  const methods = missing.map((m) => `${eol}${indent}${renderStubMethod(m, indent, eol)}`);
  if (comma) return { pos: last.getEnd() + comma[0].length, text: methods.map((m) => `${m},`).join('') };
  return { pos: last.getEnd(), text: `,${methods.join(',')}` };
}

/** The whitespace at the start of the line holding `pos`. */
function lineIndent(text: string, pos: number): string {
  const start = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** The object literal implementing `interfaceName`, if any. */
function findImplementation(source: SourceFile, interfaceName: string): ObjectLiteralExpression | undefined {
  const matches = (typeText: string | undefined): boolean =>
    typeText !== undefined && (typeText === interfaceName || typeText.endsWith(`.${interfaceName}`));
  for (const decl of source.getVariableDeclarations()) {
    const init = decl.getInitializer();
    if (Node.isObjectLiteralExpression(init) && matches(decl.getTypeNode()?.getText())) return init;
    if (Node.isSatisfiesExpression(init) || Node.isAsExpression(init)) {
      const inner = init.getExpression();
      if (Node.isObjectLiteralExpression(inner) && matches(init.getTypeNode()?.getText())) return inner;
    }
  }
  return undefined;
}
