/**
 * One TypeScript compiler host shared by every configuration of the compile
 * matrix: generated files live in memory (under a virtual folder inside the
 * repository, so `node_modules/@types` resolves as in a user's project), and
 * files read from disk (the lib files, `@types/node`) are parsed once per
 * parse mode and reused by every program. Checking a configuration then costs
 * its type check only.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { GeneratedFile } from '../../src/emit/index.js';
import { ROOT } from '../emit/helpers.js';
import { formatDiagnostics, programDiagnostics, runtimeFolder } from '../support/type-check.js';

/** Virtual root of the in-memory trees (never written to disk). */
export const VIRTUAL_ROOT = path.join(ROOT, 'test/tmp/matrix-virtual');

const memory = new Map<string, string>();
const diskText = new Map<string, string | undefined>();
const parsed = new Map<string, ts.SourceFile>();

/** Puts `files` (and a package.json of `packageType`) in memory under `VIRTUAL_ROOT/<name>`; returns the folder. */
export function addTree(name: string, files: readonly GeneratedFile[], packageType: 'module' | 'commonjs'): string {
  const dir = path.join(VIRTUAL_ROOT, name);
  for (const key of [...memory.keys()]) if (key.startsWith(`${dir}${path.sep}`)) memory.delete(key);
  for (const key of [...parsed.keys()]) if (key.includes(`${dir}${path.sep}`)) parsed.delete(key);
  for (const f of files) memory.set(path.join(dir, f.path), f.content);
  memory.set(path.join(dir, 'package.json'), `{ "type": "${packageType}" }\n`);
  return dir;
}

function readText(file: string): string | undefined {
  const inMemory = memory.get(file);
  if (inMemory !== undefined) return inMemory;
  if (file.startsWith(VIRTUAL_ROOT)) return undefined;
  if (!diskText.has(file)) diskText.set(file, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  return diskText.get(file);
}

function isDirectory(dir: string): boolean {
  if (dir.startsWith(VIRTUAL_ROOT)) {
    const prefix = `${dir}${path.sep}`;
    for (const key of memory.keys()) if (key.startsWith(prefix)) return true;
    return dir === VIRTUAL_ROOT;
  }
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

const defaultHost = ts.createCompilerHost({});

/** The shared host: `options` only decides the default lib file name. */
function host(options: ts.CompilerOptions): ts.CompilerHost {
  return {
    ...defaultHost,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    getSourceFile(fileName, languageVersionOrOptions) {
      const mode =
        typeof languageVersionOrOptions === 'object'
          ? `${languageVersionOrOptions.languageVersion}/${languageVersionOrOptions.impliedNodeFormat ?? ''}`
          : String(languageVersionOrOptions);
      const key = `${mode}|${fileName}`;
      let sf = parsed.get(key);
      if (sf === undefined) {
        const text = readText(fileName);
        if (text === undefined) return undefined;
        sf = ts.createSourceFile(fileName, text, languageVersionOrOptions, false);
        parsed.set(key, sf);
      }
      return sf;
    },
    fileExists: (f) => readText(f) !== undefined,
    readFile: (f) => readText(f),
    directoryExists: isDirectory,
    getDirectories: (d) => (d.startsWith(VIRTUAL_ROOT) ? [] : (defaultHost.getDirectories?.(d) ?? [])),
    realpath: (f) => f,
    writeFile: () => {},
    getCurrentDirectory: () => ROOT,
    useCaseSensitiveFileNames: () => true,
    getCanonicalFileName: (f) => f,
    getNewLine: () => '\n',
    ...(options.noEmit === false ? {} : {}),
  };
}

/**
 * Type-checks the tree at `dir` (every `.ts` file in memory under it) with `options`; returns `file:line: message` strings.
 * With `checkRuntime: false` the `runtime/` copy is only checked as far as the generated files use it (a contract
 * whose runtime is the same text as Auth's under the same options, which compile-auth checks in full).
 */
export function checkTree(dir: string, options: ts.CompilerOptions, { checkRuntime = true } = {}): string[] {
  const roots = [...memory.keys()].filter((k) => k.startsWith(`${dir}${path.sep}`) && k.endsWith('.ts')).sort();
  const full: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules/@types')],
    ...options,
  };
  const program = ts.createProgram({ rootNames: roots, options: full, host: host(full) });
  return formatDiagnostics(programDiagnostics(program, checkRuntime ? undefined : runtimeFolder(dir)), dir, {
    codes: true,
  });
}
