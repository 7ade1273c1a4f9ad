/**
 * Scaffolding: a starter implementation of each generated service interface.
 * Created once when the file does not exist; afterwards only missing methods are
 * added (see merge.ts), and methods whose operation disappeared are reported.
 */
import { dirname, join, relative, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { GeneratedFile } from '../emit/types.js';
import type { Diagnostic, LogicalOperation } from '../model/types.js';
import { type WriterFs, nodeFs, readIfExists } from '../write/fs.js';
import { mergeScaffold } from './merge.js';
import { renderScaffold, type ScaffoldImports } from './render.js';
import { findServiceInterfaces } from './service-interfaces.js';

/** Inputs of {@link scaffold}. */
export interface ScaffoldInput {
  /** Absolute path of the implementation file. */
  readonly file: string;
  /** How messages name it. */
  readonly displayName: string;
  /** Absolute output folder of the generated code. */
  readonly outDir: string;
  /** The generated files (server.ts is read for the service interfaces). */
  readonly files: readonly GeneratedFile[];
  readonly operations: readonly LogicalOperation[];
  /** The contract, named in the new file's header. */
  readonly sourceLabel: string;
  /** Plan only: compute the result without writing. */
  readonly dryRun?: boolean;
  readonly fs?: WriterFs;
}

/** What {@link scaffold} did (or would do, when dry-running). */
export interface ScaffoldResult {
  readonly file: string;
  readonly action: 'create' | 'update' | 'unchanged';
  /** `Interface.method` of each stub added (all of them on create). */
  readonly added: readonly string[];
  readonly warnings: readonly Diagnostic[];
}

/** Creates or extends the scaffold file. */
export async function scaffold(input: ScaffoldInput): Promise<ScaffoldResult> {
  const fs = input.fs ?? nodeFs;
  const services = findServiceInterfaces(input.files, input.operations);
  if (services.length === 0) {
    return {
      file: input.displayName,
      action: 'unchanged',
      added: [],
      warnings: [
        {
          severity: 'warning',
          message: `${input.displayName}: no service interface generated (is --no-server set?); scaffold skipped`,
        },
      ],
    };
  }
  const existing = await readIfExists(fs, input.file);
  if (existing === undefined) {
    const text = renderScaffold(services, importsFor(input), input.sourceLabel);
    if (!input.dryRun) await writeAtomically(fs, input.file, text);
    return {
      file: input.displayName,
      action: 'create',
      added: services.flatMap((s) => s.methods.map((m) => `${s.name}.${m.name}`)),
      warnings: [],
    };
  }
  const merged = mergeScaffold(existing, services, input.displayName);
  if (merged.text === existing)
    return { file: input.displayName, action: 'unchanged', added: [], warnings: merged.warnings };
  if (!input.dryRun) await writeAtomically(fs, input.file, merged.text);
  return { file: input.displayName, action: 'update', added: merged.added, warnings: merged.warnings };
}

function importsFor(input: ScaffoldInput): ScaffoldImports {
  const hasIndex = input.files.some((f) => f.path === 'index.ts');
  const typesModule = hasIndex ? 'index.js' : 'server.js';
  const indexText = input.files.find((f) => f.path === 'index.ts')?.content ?? '';
  const serverText = input.files.find((f) => f.path === 'server.ts')?.content ?? '';
  const reexported = (hasIndex ? indexText : serverText).includes('SoapFault');
  const types = moduleSpecifier(dirname(input.file), join(input.outDir, typesModule));
  return {
    types,
    soapFault: reexported ? types : moduleSpecifier(dirname(input.file), join(input.outDir, 'runtime', 'faults.js')),
  };
}

/** A relative ESM specifier from `fromDir` to `target`: POSIX slashes, starting with `./` or `../`. */
export function moduleSpecifier(fromDir: string, target: string): string {
  const rel = relative(fromDir, target).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

async function writeAtomically(fs: WriterFs, file: string, text: string): Promise<void> {
  await fs.mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.wsdlc-tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await fs.writeFile(tmp, text, 'utf8');
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}
