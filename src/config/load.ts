/**
 * Finding and reading `wsdlc.config.json`: from the working directory upward,
 * or an explicit `--config <file>`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { WsdlcError } from '../util/errors.js';
import { CONFIG_FILE_NAME, type LoadedConfig } from './types.js';
import { parseConfig } from './validate.js';

/** The nearest `wsdlc.config.json` in `cwd` or a folder above it, or `undefined`. */
export function findConfigFile(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Reads and validates a config file.
 * @param file path of the config (relative to `cwd`)
 * @param cwd base for `file` and for the display name in errors
 * @throws WsdlcError (exit code 2) when the file is missing or invalid
 */
export function loadConfig(file: string, cwd: string = process.cwd()): LoadedConfig {
  const abs = resolve(cwd, file);
  const display = toDisplay(relative(cwd, abs) || abs);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : 'error';
    throw new WsdlcError({ severity: 'error', message: `${display}: cannot read config file (${code})` }, 2);
  }
  // A UTF-8 byte order mark (some Windows editors write one) is not part of the JSON text (RFC 8259 §8.1 lets parsers ignore it).
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const config = parseConfig(text, display);
  return { file: abs, baseDir: dirname(abs), config };
}

function toDisplay(p: string): string {
  return p.split('\\').join('/');
}
