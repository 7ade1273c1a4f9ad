/**
 * Loads the two versions `wsdlc breaking` compares: files or URLs, or the same path at
 * another git commit (`--against-git <ref>`), extracted with `git archive` into a
 * temporary folder that is removed afterwards. Locations in the report are turned
 * into the names users see: paths relative to the working directory, or
 * `<ref>:<path>` for the git version.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { isHttpUrl } from '../load/display-name.js';
import type { LoadOptions } from '../load/types.js';
import { loadModel } from '../model/index.js';
import type { SourceLocation, WsdlModel } from '../model/types.js';
import { userError } from '../util/errors.js';
import { compareModels, type CompareOptions } from './index.js';
import type { BreakingReport } from './types.js';

/** What to compare. */
export interface BreakingOptions extends CompareOptions {
  /** The old contract (path or URL); with `againstGit`, omitted. */
  readonly old?: string;
  /** The new contract (path or URL). */
  readonly new: string;
  /** Compare `new` with the same path at this git commit-ish. */
  readonly againstGit?: string;
  readonly cwd?: string;
  readonly fetch?: typeof fetch;
}

/** Runs a program, collecting standard output; rejects with its standard error. */
function run(cmd: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString('utf8');
    });
    child.on('error', (e) => reject(new Error(`${cmd}: ${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(err.trim() || `${cmd} exited ${code}`))));
  });
}

/** `git archive <ref> <dir> | tar -x -C <into>`, without a shell. */
function extract(repo: string, ref: string, dir: string, into: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const git = spawn('git', ['archive', '--format=tar', ref, '--', dir], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tar = spawn('tar', ['-x', '-C', into], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    git.stderr.on('data', (d: Buffer) => {
      err += d.toString('utf8');
    });
    git.stdout.pipe(tar.stdin);
    git.on('error', reject);
    tar.on('error', reject);
    // Both must have ended: either may report its close first (tar can see the end of its input and exit
    // before git's own close event arrives), so settle on the second close, not on tar's.
    let open = 2;
    let failed = false;
    const closed = (c: number | null): void => {
      if (c !== 0) failed = true;
      if (--open === 0) {
        if (failed) reject(new Error(err.trim() || 'git archive failed'));
        else resolve();
      }
    };
    git.on('close', closed);
    tar.on('close', closed);
  });
}

/** A loaded version and how to show its locations. */
interface Side {
  readonly model: WsdlModel;
  readonly show: (loc: SourceLocation) => SourceLocation;
}

/** Model locations are relative to the main document's folder; show them relative to `cwd` (or under `label`). */
function shower(mainAbs: string, cwd: string, label?: { root: string; prefix: string }) {
  return (loc: SourceLocation): SourceLocation => {
    if (isHttpUrl(mainAbs)) {
      try {
        return { ...loc, file: new URL(loc.file, mainAbs).href };
      } catch {
        return loc;
      }
    }
    const abs = path.resolve(path.dirname(mainAbs), loc.file);
    const rel = label ? `${label.prefix}${path.relative(label.root, abs)}` : path.relative(cwd, abs);
    return { ...loc, file: rel.split(path.sep).join('/') };
  };
}

async function loadSide(source: string, opts: LoadOptions, cwd: string): Promise<Side> {
  const model = await loadModel(source, opts);
  const abs = isHttpUrl(source) ? source : path.resolve(cwd, source);
  return { model, show: shower(abs, cwd) };
}

async function loadFromGit(
  source: string,
  ref: string,
  cwd: string,
  opts: LoadOptions,
  newModel: WsdlModel,
): Promise<Side> {
  if (isHttpUrl(source)) throw userError('--against-git needs a file path, not a URL');
  let root: string;
  try {
    root = (await run('git', ['rev-parse', '--show-toplevel'], cwd)).trim();
  } catch (err) {
    throw userError(
      `--against-git: ${path.resolve(cwd, source)} is not in a git repository (${(err as Error).message})`,
    );
  }
  try {
    await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root);
  } catch {
    throw userError(`--against-git: "${ref}" is not a commit in ${root}`);
  }
  // Extract the smallest folder holding every local document of the new version.
  const mainAbs = path.resolve(cwd, source);
  const dirs = newModel.documents
    .map((d) => path.resolve(path.dirname(mainAbs), d.file))
    .filter((f) => !isHttpUrl(f))
    .map((f) => path.dirname(f));
  let common = path.dirname(mainAbs);
  for (const d of dirs) while (!(d === common || d.startsWith(common + path.sep))) common = path.dirname(common);
  const relDir = path.relative(root, common) || '.';
  if (relDir.startsWith('..')) throw userError(`--against-git: ${source} is outside the repository ${root}`);
  const tmp = await mkdtemp(path.join(tmpdir(), 'wsdlc-breaking-'));
  try {
    try {
      await extract(root, ref, relDir, tmp);
    } catch (err) {
      throw userError(`--against-git: cannot read ${relDir} at ${ref}: ${(err as Error).message}`);
    }
    const oldMain = path.join(tmp, path.relative(root, mainAbs));
    const model = await loadModel(oldMain, { ...opts, cwd: tmp });
    return { model, show: shower(oldMain, cwd, { root: tmp, prefix: `${ref}:` }) };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Loads both versions and compares them.
 * @throws WsdlcError when either version cannot be loaded (located errors)
 */
export async function breaking(options: BreakingOptions): Promise<BreakingReport> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const opts: LoadOptions = { cwd, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const newSide = await loadSide(options.new, opts, cwd);
  let oldSide: Side;
  if (options.againstGit !== undefined)
    oldSide = await loadFromGit(options.new, options.againstGit, cwd, opts, newSide.model);
  else if (options.old !== undefined) oldSide = await loadSide(options.old, opts, cwd);
  else throw userError('breaking needs two contracts, or one and --against-git <ref>');
  const report = compareModels(oldSide.model, newSide.model, options);
  return {
    ...report,
    old: options.againstGit !== undefined ? `${options.againstGit}:${options.new}` : (options.old ?? ''),
    new: options.new,
    changes: report.changes.map((c) =>
      c.location ? { ...c, location: (c.side === 'new' ? newSide : oldSide).show(c.location) } : c,
    ),
  };
}
