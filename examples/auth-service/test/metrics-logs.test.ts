/**
 * Issue 33: `GET /metrics` (Prometheus text format) counts a known mix of
 * requests exactly, and the JSON log has one line per request with its id,
 * binding, operation, outcome and duration, and never a password or a whole
 * ticket.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthClient } from '../../../generated/auth/index.js';
import { jsonLog } from '../src/json-log.js';
import { rejection, startTestService, type TestService } from './helpers/auth-service.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** One sample of the exposition format: `name{a="x",b="y"} value`. */
interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** Parses the Prometheus text format (comments skipped; label values without escapes, as ours are). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The samples of `name` as `labelvalues... => value`, label values in `keys` order. */
function table(samples: Sample[], name: string, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples.filter((x) => x.name === name)) out[keys.map((k) => s.labels[k]).join(' ')] = s.value;
  return out;
}

async function scrape(t: TestService): Promise<Sample[]> {
  const res = await fetch(`${t.service.baseUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text());
}

describe('metrics', () => {
  it('counts a known mix of requests exactly', async () => {
    const policy = { freeFailures: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 60_000 };
    const t = await startTestService(
      { alice: 'pw', bob: 'pw' },
      {
        loginThrottle: { user: policy, address: { ...policy, freeFailures: 100 } },
        maxConcurrentHashes: 1,
        hashQueue: 0,
      },
    );
    cleanups.push(() => t.stop());
    const url = t.service.baseUrl;
    const soap11 = new AuthClient({ baseUrl: url, binding: 'soap11' });
    const soap12 = new AuthClient({ baseUrl: url, binding: 'soap12' });
    const httpGet = new AuthClient({ baseUrl: url, binding: 'httpGet' });
    const httpPost = new AuthClient({ baseUrl: url, binding: 'httpPost' });

    const tickets: string[] = [];
    for (let i = 0; i < 3; i++) tickets.push((await soap11.login({ Username: 'alice', Password: 'pw' })).ServiceTicket);
    tickets.push((await httpGet.login({ Username: 'alice', Password: 'pw' })).ServiceTicket);
    await rejection(soap12.login({ Username: 'bob', Password: 'wrong' }));
    await rejection(soap12.login({ Username: 'bob', Password: 'wrong' }));
    await rejection(soap12.login({ Username: 'bob', Password: 'pw' })); // locked: throttled
    await soap11.logout({ ServiceTicket: tickets[0]! });
    await soap11.logout({ ServiceTicket: tickets[1]! });
    await rejection(httpPost.logout({ ServiceTicket: tickets[0]! })); // already ended
    expect((await fetch(`${url}/ecomm/Auth.asmx?wsdl`)).status).toBe(200);
    // The only hashing slot taken and no queue: the next Login is "busy".
    let release!: () => void;
    const held = t.service.authenticator.limiter.run(() => new Promise<void>((r) => (release = r)));
    await rejection(httpPost.login({ Username: 'alice', Password: 'pw' }));

    const samples = await scrape(t);
    expect(table(samples, 'auth_requests_total', ['operation', 'binding', 'outcome'])).toEqual({
      'Login soap11 ok': 3,
      'Login httpGet ok': 1,
      'Login soap12 invalid_credentials': 2,
      'Login soap12 throttled': 1,
      'Login httpPost busy': 1,
      'Logout soap11 ok': 2,
      'Logout httpPost invalid_ticket': 1,
      'wsdl wsdl ok': 1,
    });
    expect(table(samples, 'auth_request_duration_seconds_count', ['operation', 'binding'])).toEqual({
      'Login soap11': 3,
      'Login httpGet': 1,
      'Login soap12': 3,
      'Login httpPost': 1,
      'Logout soap11': 2,
      'Logout httpPost': 1,
      'wsdl wsdl': 1,
    });
    const one = (name: string, labels: Record<string, string> = {}): number | undefined =>
      samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
    expect(one('auth_sessions_opened_total')).toBe(4);
    expect(one('auth_sessions_closed_total')).toBe(2);
    expect(table(samples, 'auth_logins_throttled_total', ['reason'])).toEqual({ failures: 1 });
    expect(one('auth_hashing_active')).toBe(1);
    expect(one('auth_hashing_queued')).toBe(0);
    expect(one('auth_hashing_limit', { kind: 'concurrent' })).toBe(1);
    expect(one('auth_hashing_limit', { kind: 'queue' })).toBe(0);
    expect(one('process_resident_memory_bytes')).toBeGreaterThan(0);
    release();
    await held;
    expect((await scrape(t)).find((s) => s.name === 'auth_hashing_active')?.value).toBe(0);
  });

  it('can be turned off: /metrics is then an unknown path', async () => {
    const t = await startTestService({ alice: 'pw' }, { metrics: false });
    cleanups.push(() => t.stop());
    expect(t.service.metrics).toBeUndefined();
    expect((await fetch(`${t.service.baseUrl}/metrics`)).status).toBe(404);
  });
});

describe('JSON log', () => {
  it('writes one line per request with id, binding, operation, outcome and duration; no password, no whole ticket', async () => {
    const lines: string[] = [];
    const t = await startTestService({ alice: 'pw' }, { logger: jsonLog({ write: (l) => lines.push(l) }) });
    cleanups.push(() => t.stop());
    const url = t.service.url;
    const login = await fetch(`${url}/Login?Username=alice&Password=topsecretvalue`);
    expect(login.status).toBe(500);
    const ok = await fetch(`${url}/Login?Username=alice&Password=pw`, { headers: { 'X-Request-Id': 'abc-123' } });
    expect(ok.headers.get('x-request-id')).toBe('abc-123');
    const ticket = /<ServiceTicket[^>]*>([^<]+)</.exec(await ok.text())![1]!;
    const out = await new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap12' }).logout({
      ServiceTicket: ticket,
    });
    expect(out.ServiceTicket).toBe(ticket);

    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r['msg'] === 'request');
    expect(records).toHaveLength(3);
    for (const r of records) {
      expect(r).toMatchObject({ level: 30, reqId: expect.any(String), status: expect.any(Number) });
      expect(typeof r['durationMs']).toBe('number');
      expect(typeof r['time']).toBe('number');
    }
    expect(records.map((r) => [r['binding'], r['operation'], r['outcome'], r['status']])).toEqual([
      ['httpGet', 'Login', 'invalid_credentials', 500],
      ['httpGet', 'Login', 'ok', 200],
      ['soap12', 'Logout', 'ok', 200],
    ]);
    expect(records[1]).toMatchObject({ reqId: 'abc-123', user: 'alice', ticket: ticket.slice(0, 6) });
    expect(new Set(records.map((r) => r['reqId'])).size).toBe(3);
    const all = lines.join('\n');
    expect(all).not.toContain('topsecretvalue');
    expect(all).not.toContain(ticket);
    expect(all).not.toContain(ticket.slice(0, 7));
  });
});
