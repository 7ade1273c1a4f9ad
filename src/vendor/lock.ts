/**
 * The vendor lock file (`wsdlc-vendor.lock.json` in the output folder): for each
 * document, the URL it was fetched from, the local file and the SHA-256 of the bytes
 * fetched, so a later run can tell what changed upstream.
 */
import { readFileSync } from 'node:fs';

/** The lock file's name inside the output folder. */
export const LOCK_FILE = 'wsdlc-vendor.lock.json';

/** One vendored document. */
export interface LockedDocument {
  /** The URL as referenced (or given, for the main document). */
  readonly url: string;
  /** Where a redirect led, when it did. */
  readonly redirectedTo?: string;
  /** The local file, relative to the output folder. */
  readonly file: string;
  /** SHA-256 of the bytes fetched, lowercase hex. */
  readonly sha256: string;
  readonly bytes: number;
}

/** The lock file's content. */
export interface VendorLock {
  readonly lockVersion: 1;
  /** The URL given to `wsdlc vendor`. */
  readonly source: string;
  /** The main document's local file. */
  readonly main: string;
  readonly documents: readonly LockedDocument[];
}

/** Reads a lock file; `undefined` when there is none or it is not a wsdlc lock. */
export function readLock(file: string): VendorLock | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const lock = data as Partial<VendorLock>;
  if (lock.lockVersion !== 1 || !Array.isArray(lock.documents) || typeof lock.main !== 'string') return undefined;
  return lock as VendorLock;
}

/** A difference between the previous lock and this fetch. */
export interface UpstreamChange {
  readonly kind: 'added' | 'changed' | 'removed' | 'unchanged';
  readonly url: string;
  readonly file: string;
}

/** Compares the documents of the previous lock with the ones fetched now. */
export function diffLocks(before: VendorLock | undefined, now: readonly LockedDocument[]): UpstreamChange[] {
  const old = new Map((before?.documents ?? []).map((d) => [d.url, d]));
  const out: UpstreamChange[] = [];
  for (const d of now) {
    const prev = old.get(d.url);
    const kind = !before ? 'added' : !prev ? 'added' : prev.sha256 === d.sha256 ? 'unchanged' : 'changed';
    out.push({ kind, url: d.url, file: d.file });
    old.delete(d.url);
  }
  for (const d of old.values()) out.push({ kind: 'removed', url: d.url, file: d.file });
  return out;
}
