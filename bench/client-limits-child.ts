/**
 * Child of bench/client-limits.ts: one call of the generated AuthClient (with the
 * runtime given by argv[2]: `src` = current src/runtime via generated/auth, which
 * `wsdlc generate` keeps in step) against argv[3], printing JSON: the error, peak
 * RSS (getrusage maxrss) and RSS / heap after the call with the error still held.
 */
import { AuthClient } from '../generated/auth/index.js';

const url = process.argv[3]!;
const env = process.env;
const client = new AuthClient({
  baseUrl: url,
  binding: 'soap11',
  ...(env['MAX_BYTES'] ? { maxResponseBytes: Number(env['MAX_BYTES']) } : {}),
  ...(env['MAX_NODES'] ? { maxResponseNodes: Number(env['MAX_NODES']) } : {}),
});
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage().rss;
const heapBefore = process.memoryUsage().heapUsed;
let held: unknown;
let error = 'none';
try {
  await client.login({ Username: 'a', Password: 'b' });
} catch (err) {
  held = err;
  const e = err as { name?: string; message?: string; body?: string; bodyLength?: number };
  error = `${e.name}: ${(e.message ?? '').slice(0, 80)}`;
  if (typeof e.body === 'string') error += ` [body kept ${e.body.length} chars of ${e.bodyLength ?? e.body.length}]`;
}
gc?.();
gc?.();
const mem = process.memoryUsage();
process.stdout.write(
  `${JSON.stringify({
    error,
    rssBeforeMB: before / 2 ** 20,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    rssAfterMB: mem.rss / 2 ** 20,
    heapBeforeMB: heapBefore / 2 ** 20,
    heapAfterMB: mem.heapUsed / 2 ** 20,
    held: held !== undefined,
  })}\n`,
);
