/**
 * `generate --watch`: generates, then regenerates whenever a contract, a document it
 * imports or includes, a template of the templates folder or the config file changes.
 * Each run is a whole {@link generate}: every contract is loaded and emitted in memory
 * before anything is written, and each output folder is replaced atomically, so a
 * run that fails (a contract error while editing) leaves the last good output as it was.
 *
 * Folders are watched (not files), because editors save by writing a new file and
 * renaming it over the old one, which ends a watch on the old file.
 */
import { type FSWatcher, watch as fsWatch } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findConfigFile } from '../config/load.js';
import { resolveContracts } from '../config/options.js';
import { isHttpUrl } from '../load/display-name.js';
import type { ContractSelection } from '../config/options.js';
import type { GenerateResult } from './generate.js';
import { defaultLoad, type LoadFn } from './pipeline.js';

/** What one run gave: its result, or the error it threw. */
export type WatchRun =
  | { readonly ok: true; readonly result: GenerateResult }
  | { readonly ok: false; readonly error: unknown };

/** Options of {@link watchGenerate}. */
export interface WatchOptions {
  /** The contracts (as given to `generate`): what the config, templates and documents are. */
  readonly selection: ContractSelection;
  /** One run: `generate` with the given loader (which records the documents it reads). */
  readonly generate: (load: LoadFn) => Promise<GenerateResult>;
  /** The loader to wrap (default: the real one). */
  readonly load?: LoadFn;
  /** Stops watching. */
  readonly signal: AbortSignal;
  /** Called after every run. */
  readonly onRun: (run: WatchRun, watched: readonly string[]) => void;
  /** Quiet time after a change before regenerating (ms, default 100). */
  readonly debounceMs?: number;
}

/** The files and folders a run depends on. */
interface Watched {
  /** Absolute file paths (documents, config). */
  readonly files: Set<string>;
  /** Folders every file of which matters (templates). */
  readonly folders: Set<string>;
}

/**
 * Generates, then regenerates on every change until `signal` aborts.
 * @returns when aborted
 */
export async function watchGenerate(options: WatchOptions): Promise<void> {
  const sel = options.selection;
  const cwd = resolve(sel.cwd ?? process.cwd());
  const inner = options.load ?? defaultLoad;
  let watched: Watched = { files: new Set(), folders: new Set() };
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const runOnce = async (): Promise<void> => {
    const next: Watched = { files: new Set(), folders: new Set() };
    // The documents of each contract, as its loader reached them.
    const load: LoadFn = async (source, loadOptions) => {
      const mainAbs = isHttpUrl(source) ? undefined : resolve(loadOptions.cwd ?? cwd, source);
      if (mainAbs) next.files.add(mainAbs);
      const loaded = await inner(source, loadOptions);
      if (mainAbs) {
        for (const d of loaded.model.documents) {
          if (!isHttpUrl(d.file)) next.files.add(resolve(dirname(mainAbs), d.file));
        }
      }
      return loaded;
    };
    let run: WatchRun;
    try {
      run = { ok: true, result: await options.generate(load) };
    } catch (error) {
      run = { ok: false, error };
      // The documents of a failed load are not all known: keep watching the last good set too.
      for (const f of watched.files) next.files.add(f);
    }
    try {
      for (const c of resolveContracts(sel)) {
        if (!isHttpUrl(c.wsdl)) next.files.add(c.wsdl);
        if (c.emit.templatesDir) next.folders.add(c.emit.templatesDir);
      }
    } catch {
      // A config problem: reported by the run itself.
    }
    const config =
      sel.config !== undefined ? resolve(cwd, sel.config) : sel.wsdl === undefined ? findConfigFile(cwd) : undefined;
    if (config) next.files.add(config);
    watched = next;
    updateWatchers();
    options.onRun(run, [...watched.files, ...watched.folders].sort());
  };

  const trigger = (): void => {
    if (options.signal.aborted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await runOnce();
        } while (again && !options.signal.aborted);
        running = undefined;
      })();
    }, options.debounceMs ?? 100);
  };

  const updateWatchers = (): void => {
    const dirs = new Set<string>([...[...watched.files].map((f) => dirname(f)), ...watched.folders]);
    for (const [dir, w] of watchers) {
      if (!dirs.has(dir)) {
        w.close();
        watchers.delete(dir);
      }
    }
    for (const dir of dirs) {
      if (watchers.has(dir)) continue;
      try {
        const w = fsWatch(dir, (_event, name) => {
          const file = name ? join(dir, name.toString()) : undefined;
          if (watched.folders.has(dir) || (file !== undefined && watched.files.has(file)) || file === undefined)
            trigger();
        });
        w.on('error', () => {
          w.close();
          watchers.delete(dir);
        });
        watchers.set(dir, w);
      } catch {
        // A folder that does not exist (yet): watched from the next run on.
      }
    }
  };

  running = runOnce().finally(() => {
    running = undefined;
  });
  await running;
  await new Promise<void>((done) => {
    if (options.signal.aborted) done();
    else options.signal.addEventListener('abort', () => done(), { once: true });
  });
  if (timer) clearTimeout(timer);
  for (const w of watchers.values()) w.close();
  await running;
}
