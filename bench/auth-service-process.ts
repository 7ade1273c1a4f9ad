/**
 * Shared by bench/login-flood.ts and bench/redis-outage.ts: runs the Auth
 * service (`examples/auth-service/src/main.ts`, as `npm start` does, but as one
 * node process so its RSS can be read from /proc) from this tree or from a
 * baseline commit (a detached git worktree in a temp dir sharing this tree's
 * node_modules), and reads its memory.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This repository's root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A running service process. */
export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** The endpoint URL, e.g. http://127.0.0.1:41234/ecomm/Auth.asmx */
  readonly url: string;
  readonly baseUrl: string;
  /** Lines printed so far. */
  readonly lines: string[];
  stop(): Promise<void>;
}

/** The tree of `commit` (checked out once into a temp worktree), or this tree for `undefined`. */
export function treeOf(commit: string | undefined): string {
  if (commit === undefined) return ROOT;
  const sha = execFileSync('git', ['rev-parse', '--short', commit], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = path.join(tmpdir(), `wsdlc-bench-${sha}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: ROOT, stdio: 'ignore' });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  }
  return dir;
}

/**
 * Compiles the service of `tree` to plain JS (as `npm run build` in examples/auth-service
 * does) into `<tree>/examples/auth-service/dist`, once per process; returns main.js.
 */
const compiled = new Map<string, string>();
export function compiledMain(tree: string): string {
  let main = compiled.get(tree);
  if (main === undefined) {
    const project = path.join(tree, 'examples', 'auth-service');
    const outDir = path.join(project, 'dist');
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        path.join(project, 'tsconfig.json'),
        '--noEmit',
        'false',
        '--outDir',
        outDir,
        '--rootDir',
        tree,
      ],
      { stdio: 'inherit' },
    );
    main = path.join(outDir, 'examples', 'auth-service', 'src', 'main.js');
    compiled.set(tree, main);
  }
  return main;
}

/** How the service runs: `tsx` (`npm start`) or `compiled` (`npm run build && npm run start:compiled`), each with its script's node flags. */
export type RunMode = 'tsx' | 'compiled';

/**
 * The node flags of `tree`'s `start:compiled` script, or of its `start` script under tsx (e.g.
 * `--expose-gc --max-semi-space-size=1`), so each tree runs with its own flags.
 */
export function startFlags(tree: string, mode: RunMode = 'compiled'): string[] {
  const pkg = JSON.parse(readFileSync(path.join(tree, 'examples', 'auth-service', 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const script = pkg.scripts?.[mode === 'tsx' ? 'start' : 'start:compiled'] ?? '';
  return script.split(/\s+/).filter((a) => a.startsWith('--'));
}

/**
 * A log line as text: the service writes JSON lines (pino) when its output is not a terminal;
 * an event becomes its message, a request `<binding> <operation> <status>`. Text lines stay as they are.
 */
function textOf(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const o = JSON.parse(line) as { msg?: string; binding?: string; operation?: string; status?: number };
    return o.msg === 'request' ? `${o.binding} ${o.operation} ${o.status}` : (o.msg ?? line);
  } catch {
    return line;
  }
}

/** Starts the service of `tree` with `args` on 127.0.0.1:0; resolves once it listens. */
export function startService(tree: string, args: readonly string[], mode: RunMode = 'tsx'): Promise<ServiceProcess> {
  // As examples/auth-service's `npm start` (tsx) and `npm run start:compiled` run it, with their node flags.
  const entry =
    mode === 'tsx'
      ? [...startFlags(tree, 'tsx'), '--import', 'tsx', path.join(tree, 'examples', 'auth-service', 'src', 'main.ts')]
      : [...startFlags(tree), compiledMain(tree)];
  const child = spawn(process.execPath, [...entry, '--host', '127.0.0.1', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let pending = '';
  const onData = (d: Buffer): void => {
    pending += d.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    lines.push(...parts.map(textOf));
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const line = lines.find((l) => l.startsWith('listening on '));
      if (line) {
        clearInterval(timer);
        const url = line.slice('listening on '.length).split(' ')[0]!;
        resolve({
          child,
          pid: child.pid!,
          url,
          baseUrl: url.replace(/\/ecomm\/Auth\.asmx$/, ''),
          lines,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
            }),
        });
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the service exited with ${code}:\n${lines.join('\n')}`));
    });
  });
}

/** A field of /proc/<pid>/status in MB (VmRSS: now; VmHWM: peak). */
export function procMemoryMB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** `median (min-max)` of `xs` with `digits` decimals. */
export function medianRange(xs: readonly number[], digits = 0): string {
  const s = [...xs].sort((a, b) => a - b);
  const med = s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return `${med.toFixed(digits)} (${s[0]!.toFixed(digits)}-${s[s.length - 1]!.toFixed(digits)})`;
}
