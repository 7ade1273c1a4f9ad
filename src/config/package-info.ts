/**
 * Facts about the installed wsdlc package: where its root folder is (templates/
 * and src/runtime/ are read from there, never from the working directory) and
 * its version (for `--version` and generated file headers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;
let cachedVersion: string | undefined;

/**
 * The wsdlc package root: the nearest folder above this module holding a
 * package.json named `wsdlc`. Works from src/ (tsx, vitest) and dist/ alike.
 */
export function packageRoot(): string {
  if (cachedRoot !== undefined) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && readPackageName(candidate) === 'wsdlc') {
      cachedRoot = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`wsdlc package root not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** The `version` field of wsdlc's package.json. */
export function toolVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  const pkg: unknown = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8'));
  const version = isRecord(pkg) && typeof pkg['version'] === 'string' ? pkg['version'] : '0.0.0';
  cachedVersion = version;
  return version;
}

function readPackageName(file: string): string | undefined {
  try {
    const pkg: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isRecord(pkg) && typeof pkg['name'] === 'string' ? pkg['name'] : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
