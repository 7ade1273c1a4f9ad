/** Shared helpers for the loader tests: temporary fixture trees and error capture. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { WsdlcError } from '../../src/util/errors.js';

/** A temporary directory holding generated fixtures. */
export interface TempTree {
  readonly dir: string;
  remove(): Promise<void>;
}

/** Writes `files` (relative path -> text or bytes) into a fresh temporary directory. */
export async function writeTree(files: Readonly<Record<string, string | Uint8Array>>): Promise<TempTree> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wsdlc-load-'));
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Awaits `p`, expecting it to reject with a WsdlcError, and returns that error. */
export async function expectWsdlcError(p: Promise<unknown>): Promise<WsdlcError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof WsdlcError) return err;
    throw new Error(`expected a WsdlcError, got ${String(err)}`);
  }
  throw new Error('expected a WsdlcError, but the promise resolved');
}

/** A minimal WSDL 1.1 document with optional extra content inside definitions. */
export function wsdl(inner = '', declaration = '<?xml version="1.0" encoding="utf-8"?>\n'): string {
  return `${declaration}<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t">${inner}</wsdl:definitions>\n`;
}
