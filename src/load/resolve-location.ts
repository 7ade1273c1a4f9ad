/**
 * Resolves a `location` / `schemaLocation` against the document that wrote it
 * (RFC 3986 §5 reference resolution, via WHATWG URL), giving a document identity:
 * an absolute file path or an absolute http(s) URL, without fragment.
 */
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isHttpUrl } from './display-name.js';

/** The outcome of resolving one reference. */
export type Resolution =
  | { readonly ok: true; readonly identity: string }
  | { readonly ok: false; readonly reason: string };

/** Turns a parsed URL into an identity, or explains why it cannot be loaded. */
function identityOfUrl(url: URL, fromRemote: boolean): Resolution {
  url.hash = '';
  if (url.protocol === 'http:' || url.protocol === 'https:') return { ok: true, identity: url.href };
  if (url.protocol === 'file:') {
    if (fromRemote) return { ok: false, reason: 'a document fetched over http(s) may not refer to a local file' };
    // normalize: "xsd//a.xsd" (an empty URL path segment) names the same file as "xsd/a.xsd".
    return { ok: true, identity: path.normalize(fileURLToPath(url)) };
  }
  return { ok: false, reason: `unsupported URL scheme "${url.protocol}"` };
}

/**
 * Resolves `location` relative to `base`.
 * @param location the value as written in the document
 * @param base the referring document's base: absolute file path or http(s) URL
 */
export function resolveLocation(location: string, base: string): Resolution {
  const fromRemote = isHttpUrl(base);
  if (!fromRemote && path.isAbsolute(location) && !location.startsWith('/')) {
    // A Windows drive path such as C:\schemas\a.xsd (only absolute on Windows).
    return { ok: true, identity: path.normalize(location) };
  }
  let url: URL;
  try {
    url = new URL(location, fromRemote ? base : pathToFileURL(base));
  } catch {
    return { ok: false, reason: 'not a valid URI reference' };
  }
  return identityOfUrl(url, fromRemote);
}

/**
 * The identity of the document the user named: a URL as is (without fragment),
 * a `file:` URL or a path made absolute against `cwd`.
 */
export function resolveMainSource(source: string, cwd: string): string {
  if (isHttpUrl(source)) {
    const url = new URL(source);
    url.hash = '';
    return url.href;
  }
  if (/^file:/i.test(source)) return path.normalize(fileURLToPath(source));
  return path.resolve(cwd, source);
}
