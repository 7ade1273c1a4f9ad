/**
 * What the host offers beyond web standards, found by feature detection (never by
 * importing a `node:` module): Node's `Buffer` (Node, Bun, Deno, workerd with Node
 * compatibility), the ES2026 `Uint8Array` base64/hex methods (Bun, Deno, workerd,
 * recent browsers), and Node's built-in modules through `process.getBuiltinModule`
 * (Node 20.16+, Bun, Deno, workerd with Node compatibility). Bundlers leave these
 * look-ups alone, so a browser build of the runtime has no `node:` import to trip on.
 *
 * Ships with generated code: imports nothing.
 */

/** The part of Node's `Buffer` the byte functions use. */
export interface HostBuffer extends Uint8Array {
  toString(encoding?: string, start?: number, end?: number): string;
  indexOf(value: number | Uint8Array, byteOffset?: number): number;
}

/** The part of Node's `Buffer` constructor the byte functions use. */
export interface HostBufferConstructor {
  from(text: string, encoding: string): HostBuffer;
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): HostBuffer;
  isBuffer(value: unknown): boolean;
  byteLength(text: string, encoding?: string): number;
  concat(chunks: readonly Uint8Array[], totalLength?: number): HostBuffer;
}

/** `bytes` as a Node `Buffer` (itself when it is one, else a view of the same memory). */
export function asHostBuffer(host: HostBufferConstructor, bytes: Uint8Array): HostBuffer {
  return host.isBuffer(bytes) ? (bytes as HostBuffer) : host.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Node's `Buffer`, or `undefined` on a host without it (a browser, workerd without Node compatibility). */
export const hostBuffer: HostBufferConstructor | undefined = (
  globalThis as unknown as { Buffer?: HostBufferConstructor }
).Buffer;

/** `Uint8Array.prototype.toBase64` and friends (TC39 "Uint8Array to/from base64"), where the host has them. */
export interface NativeBase64 {
  toBase64(this: Uint8Array): string;
  toHex(this: Uint8Array): string;
}

/** The host's `Uint8Array.prototype.toBase64`/`toHex`, or `undefined` (Node 20 and 22 lack them). */
export const nativeBase64: NativeBase64 | undefined =
  typeof (Uint8Array.prototype as Partial<NativeBase64>).toBase64 === 'function' &&
  typeof (Uint8Array.prototype as Partial<NativeBase64>).toHex === 'function'
    ? (Uint8Array.prototype as unknown as NativeBase64)
    : undefined;

/** `Uint8Array.fromBase64`/`fromHex`, where the host has them. */
export interface NativeFromBase64 {
  fromBase64(text: string): Uint8Array;
  fromHex(text: string): Uint8Array;
}

/** The host's `Uint8Array.fromBase64`/`fromHex`, or `undefined`. */
export const nativeFromBase64: NativeFromBase64 | undefined =
  typeof (Uint8Array as unknown as Partial<NativeFromBase64>).fromBase64 === 'function' &&
  typeof (Uint8Array as unknown as Partial<NativeFromBase64>).fromHex === 'function'
    ? (Uint8Array as unknown as NativeFromBase64)
    : undefined;

/**
 * A Node built-in module (`node:zlib`, `node:crypto`...) through `process.getBuiltinModule`,
 * or `undefined` on a host without it. Never a static import: a browser bundler leaves a
 * call like this alone, where it fails on `import 'node:zlib'`.
 */
export function nodeBuiltin<T>(id: `node:${string}`): T | undefined {
  const proc = (globalThis as unknown as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const get = proc?.getBuiltinModule;
  if (typeof get !== 'function') return undefined;
  try {
    return get.call(proc, id) as T | undefined;
  } catch {
    return undefined;
  }
}

/** A short name for the host, for error messages that tell the user what is missing where. */
export function hostName(): string {
  const g = globalThis as unknown as {
    Bun?: { version?: string };
    Deno?: { version?: { deno?: string } };
    process?: { versions?: { node?: string } };
    navigator?: { userAgent?: string };
  };
  if (g.Bun !== undefined) return `Bun ${g.Bun.version ?? ''}`.trim();
  if (g.Deno !== undefined) return `Deno ${g.Deno.version?.deno ?? ''}`.trim();
  const ua = g.navigator?.userAgent;
  if (ua === 'Cloudflare-Workers') return g.process?.versions?.node ? 'workerd (Node compatibility on)' : 'workerd';
  if (g.process?.versions?.node !== undefined) return `Node ${g.process.versions.node}`;
  return ua !== undefined && ua !== '' ? ua : 'this JavaScript host';
}
