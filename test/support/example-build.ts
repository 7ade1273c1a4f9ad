/**
 * Building an example of examples/ as its `npm run build` does (generate from its own
 * wsdlc.config.json, then its own tsconfig), with the compiled output under test/tmp.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a finished child process printed, and its exit code. */
export interface Exec {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (never rejects: a failure is in `code` and `stderr`). */
export function exec(cmd: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Exec> {
  return new Promise((resolve) => {
    execFile(cmd, args, { ...options, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs this checkout's wsdlc in `cwd`. */
export function wsdlc(args: string[], cwd: string): Promise<Exec> {
  return exec(process.execPath, [path.join(ROOT, 'bin/wsdlc.js'), ...args], { cwd });
}

/**
 * Generates and compiles `examples/<name>`; returns the folder of its compiled JavaScript.
 * @throws Error with wsdlc's or tsc's output when either fails
 */
export async function buildExample(name: string): Promise<string> {
  const dir = path.join(ROOT, 'examples', name);
  const gen = await wsdlc(['generate', '--quiet'], dir);
  if (gen.code !== 0 || gen.stderr !== '') throw new Error(`wsdlc generate in ${dir}:\n${gen.stdout}${gen.stderr}`);
  const dist = path.join(ROOT, 'test/tmp', `example-${name}`);
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const build = await exec(process.execPath, [tsc, '-p', dir, '--outDir', dist], { cwd: dir });
  if (build.code !== 0) throw new Error(`tsc -p ${dir}:\n${build.stdout}${build.stderr}`);
  return dist;
}
