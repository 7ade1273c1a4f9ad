/**
 * Property: changing a random contract only in ways the rules call compatible
 * (new operations, new optional elements at the end, new enumeration values and
 * relaxed facets in requests, tighter facets in responses, new types, response
 * elements made required) never makes `wsdlc breaking` exit non-zero. A seeded
 * generator keeps every run reproducible; the seed is in the test name.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, runCli, tempDir } from '../cli/helpers.js';
import { type ContractSpec, complexType, contract, el, enums, simpleType, wrapper } from './contract.js';
import { prng } from '../support/prng.js';

type Dir = 'req' | 'res';
interface FieldSpec {
  name: string;
  kind: 'builtin' | 'enum' | 'facet' | 'complex';
  builtin: string;
  min: number;
  max: number;
  /** enum values / maxLength / child fields, depending on kind. */
  values: string[];
  maxLength: number;
  children: FieldSpec[];
}
interface OpModel {
  name: string;
  req: FieldSpec[];
  res: FieldSpec[];
}
interface Model {
  ops: OpModel[];
  unused: string[];
}

const BUILTINS = ['s:string', 's:int', 's:boolean', 's:date', 's:decimal'];

function genField(r: () => number, name: string, depth: number): FieldSpec {
  const pick = r();
  const kind = pick < 0.4 ? 'builtin' : pick < 0.6 ? 'enum' : pick < 0.8 ? 'facet' : depth < 2 ? 'complex' : 'builtin';
  const n = 1 + Math.floor(r() * 3);
  return {
    name,
    kind,
    builtin: BUILTINS[Math.floor(r() * BUILTINS.length)] ?? 's:string',
    min: r() < 0.7 ? 1 : 0,
    max: r() < 0.8 ? 1 : 3,
    values: Array.from({ length: n }, (_, i) => `v${i}`),
    maxLength: 5 + Math.floor(r() * 20),
    children: kind === 'complex' ? Array.from({ length: n }, (_, i) => genField(r, `${name}c${i}`, depth + 1)) : [],
  };
}

function genModel(r: () => number): Model {
  const ops = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, i) => ({
    name: `Op${i}`,
    req: Array.from({ length: 1 + Math.floor(r() * 3) }, (_, j) => genField(r, `in${j}`, 0)),
    // Two or more response fields, so the result is an object of fields (see result-shape-changed).
    res: Array.from({ length: 2 + Math.floor(r() * 2) }, (_, j) => genField(r, `out${j}`, 0)),
  }));
  return { ops, unused: [] };
}

/** Renders the model: every named type is local to one operation and direction. */
function render(m: Model): ContractSpec {
  const schema: (string | string[])[] = [];
  const fieldDecl = (f: FieldSpec, scope: string): string => {
    const occurs = `minOccurs="${f.min}" maxOccurs="${f.max}"`;
    const t = `${scope}_${f.name}`;
    if (f.kind === 'builtin') return el(f.name, f.builtin, occurs);
    if (f.kind === 'enum') schema.push(simpleType(t, 's:string', enums(...f.values)));
    if (f.kind === 'facet') schema.push(simpleType(t, 's:string', [`<s:maxLength value="${f.maxLength}"/>`]));
    if (f.kind === 'complex')
      schema.push(
        complexType(
          t,
          f.children.map((c) => fieldDecl(c, t)),
        ),
      );
    return el(f.name, `tns:${t}`, occurs);
  };
  for (const op of m.ops) {
    schema.push(
      wrapper(
        op.name,
        op.req.map((f) => fieldDecl(f, `${op.name}_req`)),
      ),
    );
    schema.push(
      wrapper(
        `${op.name}Response`,
        op.res.map((f) => fieldDecl(f, `${op.name}_res`)),
      ),
    );
  }
  for (const u of m.unused) schema.push(complexType(u, [el('x', 's:string')]));
  return { schema, ops: m.ops.map((o) => ({ name: o.name })) };
}

/** All fields of a direction, nested ones included. */
function fieldsOf(m: Model, dir: Dir): FieldSpec[] {
  const out: FieldSpec[] = [];
  const walk = (fs: FieldSpec[]): void => {
    for (const f of fs) {
      out.push(f);
      walk(f.children);
    }
  };
  for (const op of m.ops) walk(op[dir]);
  return out;
}

/** The lists new optional elements may be appended to: wrappers and complex types. */
function listsOf(m: Model): FieldSpec[][] {
  const out: FieldSpec[][] = [];
  for (const op of m.ops) out.push(op.req, op.res);
  for (const f of [...fieldsOf(m, 'req'), ...fieldsOf(m, 'res')]) if (f.kind === 'complex') out.push(f.children);
  return out;
}

/** Applies one compatible change; returns its description. */
function mutate(m: Model, r: () => number, k: number): string {
  const choose = <T>(xs: T[]): T | undefined => xs[Math.floor(r() * xs.length)];
  switch (Math.floor(r() * 6)) {
    case 0: {
      const op = genModel(r).ops[0];
      if (!op) return 'nothing';
      m.ops.push({ ...op, name: `New${k}` });
      return `operation New${k} added`;
    }
    case 1: {
      const list = choose(listsOf(m));
      if (!list) return 'nothing';
      list.push({ ...genField(r, `added${k}`, 2), min: 0 });
      return `optional element added${k} appended`;
    }
    case 2: {
      const f = choose(fieldsOf(m, 'req').filter((x) => x.kind === 'enum'));
      if (!f) return 'nothing';
      f.values.push(`new${k}`);
      return `request enum ${f.name} gained a value`;
    }
    case 3: {
      const f = choose(fieldsOf(m, 'req').filter((x) => x.kind === 'facet'));
      if (!f) return 'nothing';
      f.maxLength += 1 + Math.floor(r() * 10);
      return `request ${f.name} maxLength relaxed`;
    }
    case 4: {
      const f = choose(fieldsOf(m, 'res').filter((x) => x.kind === 'facet' && x.maxLength > 1));
      if (!f) return 'nothing';
      f.maxLength -= 1;
      return `response ${f.name} maxLength tightened`;
    }
    default: {
      const f = choose(fieldsOf(m, 'res').filter((x) => x.min === 0));
      if (f) {
        f.min = 1;
        return `response ${f.name} became required`;
      }
      m.unused.push(`Unused${k}`);
      return `type Unused${k} added`;
    }
  }
}

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

describe('wsdlc breaking: compatible changes never break', () => {
  const SEEDS = Array.from({ length: 40 }, (_, i) => 1000 + i * 7919);
  for (const seed of SEEDS) {
    it(`seed ${seed}`, async () => {
      const r = prng(seed);
      const old = genModel(r);
      const next: Model = structuredClone(old);
      const changes = Array.from({ length: 1 + Math.floor(r() * 4) }, (_, k) => mutate(next, r, k));
      const dir = tempDir('wsdlc-breaking-prop-');
      dirs.push(dir);
      writeFileSync(join(dir, 'old.wsdl'), contract(render(old)));
      writeFileSync(join(dir, 'new.wsdl'), contract(render(next)));
      const run = await runCli(['breaking', 'old.wsdl', 'new.wsdl', '--all'], dir, {});
      expect(run.stderr, changes.join('; ')).toBe('');
      expect(
        run.stdout.split('\n').filter((l) => l.includes(': breaking (')),
        changes.join('; '),
      ).toEqual([]);
      expect(run.code).toBe(0);
      // The changes were seen (as compatible), unless every mutation found nothing to change.
      if (changes.some((c) => c !== 'nothing')) expect(run.stdout).toContain(': compatible: ');
    });
  }
});
