/**
 * The objects xml/keep-layout.ts keeps have the layout of the real ones whatever the compiler
 * settings of the generated code. A class field declared without a value (`x: T | undefined;`)
 * exists from construction under `useDefineForClassFields` (TypeScript's default from target
 * ES2022), but under the older default (targets below ES2022) it is added when first assigned,
 * which gives the real objects a layout the kept example, never used, does not have: then
 * nothing keeps theirs, and a full collection or two throws the code away again (with target
 * ES2020, every function of stream-warm.test.ts was). So every field of a kept class gets its
 * value at construction: an initialiser, or an assignment in the constructor before any `return`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const RUNTIME = fileURLToPath(new URL('../../src/runtime', import.meta.url));

/** Classes kept through a kept object's field (`scope = new NamespaceScope()`, `leaves = new LeafReader(this)`). */
const KEPT_THROUGH_FIELDS = ['NamespaceScope', 'LeafReader'];

const sources = (readdirSync(RUNTIME, { recursive: true }) as string[])
  .filter((name) => name.endsWith('.ts'))
  .map((name) =>
    ts.createSourceFile(name, readFileSync(path.join(RUNTIME, name), 'utf8'), ts.ScriptTarget.ES2022, true),
  );

function classes(file: ts.SourceFile): Map<string, ts.ClassDeclaration> {
  const found = new Map<string, ts.ClassDeclaration>();
  for (const s of file.statements) if (ts.isClassDeclaration(s) && s.name) found.set(s.name.text, s);
  return found;
}

/**
 * The classes of the objects given to keepLayout: constructed (`new X(...)`) or made by a static
 * method (`X.layoutExample()`) in the statement or block that calls it.
 */
function keptClasses(file: ts.SourceFile): string[] {
  const declared = classes(file);
  const names: string[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) names.push(node.expression.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && declared.has(node.expression.text))
      names.push(node.expression.text);
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'keepLayout') {
      let scope: ts.Node = node;
      while (!ts.isBlock(scope.parent) && !ts.isSourceFile(scope.parent)) scope = scope.parent;
      collect(ts.isBlock(scope.parent) ? scope.parent : scope);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** `this.a = this.b = ...` targets among the constructor's statements before its first `return`. */
function assignedInConstructor(c: ts.ClassDeclaration, file: ts.SourceFile): Set<string> {
  const assigned = new Set<string>();
  const ctor = c.members.find(ts.isConstructorDeclaration);
  for (const statement of ctor?.body?.statements ?? []) {
    if (/\breturn\b/.test(statement.getText(file))) break;
    if (!ts.isExpressionStatement(statement)) continue;
    let e: ts.Expression = statement.expression;
    while (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      if (ts.isPropertyAccessExpression(e.left) && e.left.expression.kind === ts.SyntaxKind.ThisKeyword)
        assigned.add(e.left.name.text);
      e = e.right;
    }
  }
  return assigned;
}

/** The fields of `c` (and of the classes it extends in the same file) given no value at construction. */
function fieldsWithoutValue(c: ts.ClassDeclaration, file: ts.SourceFile): string[] {
  const missing: string[] = [];
  const assigned = assignedInConstructor(c, file);
  for (const m of c.members) {
    if (!ts.isPropertyDeclaration(m) || m.initializer !== undefined || !ts.isIdentifier(m.name)) continue;
    // Static, `declare` and abstract fields are no fields of the instances.
    const notOwn = [ts.SyntaxKind.StaticKeyword, ts.SyntaxKind.DeclareKeyword, ts.SyntaxKind.AbstractKeyword];
    if (m.modifiers?.some((x) => notOwn.includes(x.kind))) continue;
    if (!assigned.has(m.name.text)) missing.push(`${c.name?.text}.${m.name.text}`);
  }
  const base = c.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  const parent = base && ts.isIdentifier(base) ? classes(file).get(base.text) : undefined;
  return parent ? [...missing, ...fieldsWithoutValue(parent, file)] : missing;
}

describe('the classes whose layout the runtime keeps', () => {
  it('give every field its value at construction, whatever useDefineForClassFields says', () => {
    const checked: string[] = [];
    const missing: string[] = [];
    for (const file of sources) {
      const declared = classes(file);
      const kept = [...keptClasses(file), ...KEPT_THROUGH_FIELDS.filter((name) => declared.has(name))];
      for (const name of new Set(kept)) {
        const c = declared.get(name);
        if (c === undefined) continue;
        checked.push(name);
        missing.push(...fieldsWithoutValue(c, file).map((f) => `${file.fileName}: ${f}`));
      }
    }
    // Not vacuous: the scanner, the frames, the writer and the exchanges are found.
    expect(checked).toEqual(
      expect.arrayContaining(['XmlScanner', 'LeafReader', 'NamespaceScope', 'FrameSink', 'ComplexFrame', 'BodyFrame']),
    );
    expect(checked).toEqual(expect.arrayContaining(['XmlWriter', 'Exchange']));
    expect(missing).toEqual([]);
  });
});
