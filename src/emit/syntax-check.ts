/**
 * The gate's parse: does a generated file parse as TypeScript? In process, or in
 * a worker thread so that loading the compiler and parsing overlap with loading
 * the contract and rendering the other files (on a two-core machine a large
 * contract generates about a third faster; a small one no longer waits for the
 * compiler to load).
 */
import { Worker } from 'node:worker_threads';
import type { ts } from 'ts-morph';
import { saveTypeScriptCache, typescript, type TypeScriptApi } from './typescript.js';

/** The first syntax error of a file (1-based line and column). */
export interface SyntaxProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** Parses `content` as a TypeScript module; the first syntax error, or `undefined` when it parses. */
export function findSyntaxProblem(path: string, content: string): SyntaxProblem | undefined {
  const api = typescript();
  // JSDoc bodies are not parsed: their errors are never syntax errors (a stray `*/` still ends the
  // comment and fails the parse), and skipping them makes the parse 2-3x faster on documented contracts.
  const node = api.createSourceFile(
    path,
    content,
    { languageVersion: api.ScriptTarget.ES2022, jsDocParsingMode: api.JSDocParsingMode.ParseNone },
    false,
    api.ScriptKind.TS,
  );
  saveTypeScriptCache();
  return firstSyntaxProblem(api, node);
}

/** The first error the parser recorded in `node` (its own diagnostics: purely syntactic, no program needed). */
export function firstSyntaxProblem(api: TypeScriptApi, node: ts.SourceFile): SyntaxProblem | undefined {
  const first = (node as ts.SourceFile & { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics?.[0];
  if (first === undefined) return undefined;
  const lc = first.start !== undefined ? node.getLineAndCharacterOfPosition(first.start) : { line: -1, character: -1 };
  return {
    line: lc.line + 1,
    column: lc.character + 1,
    message: api.flattenDiagnosticMessageText(first.messageText, '\n'),
  };
}

/** Checks files for syntax errors, possibly off the main thread. */
export interface SyntaxChecker {
  /** Whether checks go to a worker thread (`false`: parsed on the calling thread). */
  readonly inWorker: boolean;
  /** Resolves to the first syntax error of `content`, or `undefined`. */
  check(path: string, content: string): Promise<SyntaxProblem | undefined>;
  /** Releases the worker (if any). Idempotent. */
  close(): void;
}

/** A checker that parses on the calling thread. */
export function inProcessSyntaxChecker(): SyntaxChecker {
  return {
    inWorker: false,
    check: (path, content) => Promise.resolve(findSyntaxProblem(path, content)),
    close: () => undefined,
  };
}

/** A request to the worker. */
interface CheckRequest {
  readonly id: number;
  readonly path: string;
  readonly content: string;
}

/** The worker's answer. */
interface CheckReply {
  readonly id: number;
  readonly problem?: SyntaxProblem;
}

/**
 * A checker backed by a worker thread that starts loading the compiler at once.
 * Runs in process instead when this module is not compiled JavaScript (tests run
 * the TypeScript sources, which a plain worker cannot load) or a worker cannot be
 * started. If the worker dies, pending and later checks run in process: a worker
 * can make the gate faster, never weaker.
 */
export function startSyntaxChecker(): SyntaxChecker {
  const workerUrl = new URL('./syntax-worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.js')) return inProcessSyntaxChecker();
  let worker: Worker | undefined;
  try {
    worker = new Worker(workerUrl);
  } catch {
    return inProcessSyntaxChecker();
  }
  const pending = new Map<
    number,
    { path: string; content: string; resolve: (p: SyntaxProblem | undefined) => void; reject: (err: unknown) => void }
  >();
  let nextId = 0;
  let broken = false;
  const fallBack = (): void => {
    if (broken) return;
    broken = true;
    // Runs in an event handler: a failure must reach the awaiting caller, not escape as an uncaught exception.
    for (const [, p] of pending) {
      try {
        p.resolve(findSyntaxProblem(p.path, p.content));
      } catch (err) {
        p.reject(err);
      }
    }
    pending.clear();
  };
  worker.on('message', (reply: CheckReply) => {
    const p = pending.get(reply.id);
    if (p === undefined) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker?.unref();
    p.resolve(reply.problem);
  });
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  // After the listeners (a 'message' listener refs the port again): an idle checker never keeps the
  // process alive (prestarted for a command that turns out not to need it, e.g. `generate --help`).
  worker.unref();
  return {
    get inWorker() {
      return !broken && worker !== undefined;
    },
    check(path, content) {
      if (broken || worker === undefined) return Promise.resolve(findSyntaxProblem(path, content));
      return new Promise((resolve, reject) => {
        const id = nextId++;
        // Referenced while answers are due (the caller awaits them), unreferenced when idle.
        if (pending.size === 0) worker?.ref();
        pending.set(id, { path, content, resolve, reject });
        const request: CheckRequest = { id, path, content };
        worker?.postMessage(request);
      });
    },
    close() {
      if (worker === undefined) return;
      const w = worker;
      worker = undefined;
      fallBack();
      void w.terminate();
    },
  };
}

let prestarted: SyntaxChecker | undefined;

/**
 * Starts a worker-backed checker now, for the next {@link takeSyntaxChecker}: the
 * CLI calls it first thing for `generate` and `check`, so the compiler loads
 * while the rest of the CLI does. Idempotent.
 */
export function prestartSyntaxChecker(): void {
  prestarted ??= startSyntaxChecker();
}

/** The prestarted checker (handing it over to the caller, who closes it), else a new one. */
export function takeSyntaxChecker(): SyntaxChecker {
  const checker = prestarted ?? startSyntaxChecker();
  prestarted = undefined;
  return checker;
}

/** The worker side: answers {@link CheckRequest}s. Exported for syntax-worker.ts. */
export function serveSyntaxChecks(port: {
  on(event: 'message', fn: (m: CheckRequest) => void): void;
  postMessage(m: CheckReply): void;
}): void {
  typescript(); // Load the compiler now, while the main thread loads the contract.
  port.on('message', (m) => {
    const problem = findSyntaxProblem(m.path, m.content);
    port.postMessage(problem === undefined ? { id: m.id } : { id: m.id, problem });
  });
}
