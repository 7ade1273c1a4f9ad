/**
 * Prometheus metrics of the service (`GET /metrics`, text exposition format 0.0.4),
 * with prom-client, in a registry of its own per service:
 *
 * | metric | type | labels |
 * | --- | --- | --- |
 * | `auth_requests_total` | counter | `operation` (`Login`, `Logout`, `wsdl`, `none`), `binding`, `outcome` (request-log.ts `Outcome`) |
 * | `auth_request_duration_seconds` | histogram | `operation`, `binding` |
 * | `auth_hashing_active`, `auth_hashing_queued` | gauge | (read at scrape time from the hashing bound) |
 * | `auth_hashing_limit` | gauge | `kind` (`concurrent`, `queue`) |
 * | `auth_logins_throttled_total` | counter | `reason` (`failures`: locked after failed logins; `in_progress`) |
 * | `auth_sessions_opened_total`, `auth_sessions_closed_total` | counter | (successful Logins, Logouts) |
 * | `auth_redis_errors_total` | counter | `kind` (`timeout`, `connection`, `reply`, `not-replicated`) |
 * | `auth_redis_failovers_total` | counter | (the client now talks to another primary) |
 * | `auth_redis_up` | gauge | (1 while Redis answers) |
 *
 * plus prom-client's default process metrics (`process_*`, `nodejs_*`: CPU,
 * memory, event loop lag, GC). Per request the cost is a few increments on
 * label children cached by their label values; everything else is read only
 * when Prometheus scrapes.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HashLimiter } from './hash-limiter.js';
import type { RequestRecord } from './request-log.js';
import type { StoreErrorKind, StoreObserver } from './session-store.js';

/** Histogram buckets in seconds: fast Logouts (ms) to Logins at the production scrypt cost (0.3 s and up, queued). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The service's metrics. */
export class ServiceMetrics {
  /** The registry `/metrics` shows. */
  readonly registry = new Registry();
  private readonly requests: Counter<'operation' | 'binding' | 'outcome'>;
  private readonly duration: Histogram<'operation' | 'binding'>;
  private readonly throttled: Counter<'reason'>;
  private readonly opened: Counter;
  private readonly closed: Counter;
  private readonly redisErrors: Counter<'kind'>;
  private readonly failovers: Counter;
  /** Label children by label values (`operation binding outcome`), so a request does no label hashing. */
  private readonly requestChildren = new Map<string, { inc(): void }>();
  private readonly durationChildren = new Map<string, { observe(v: number): void }>();

  /** @param limiter the hashing bound whose activity the gauges show. */
  constructor(limiter: HashLimiter) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'auth_requests_total',
      help: 'Requests answered, by operation, binding and outcome.',
      labelNames: ['operation', 'binding', 'outcome'],
      registers,
    });
    this.duration = new Histogram({
      name: 'auth_request_duration_seconds',
      help: 'Time from request to the end of the answer, by operation and binding.',
      labelNames: ['operation', 'binding'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'auth_hashing_active',
      help: 'Password hashes running now.',
      registers,
      collect() {
        this.set(limiter.active);
      },
    });
    new Gauge({
      name: 'auth_hashing_queued',
      help: 'Logins waiting for a hashing slot now.',
      registers,
      collect() {
        this.set(limiter.queued);
      },
    });
    const limit = new Gauge({
      name: 'auth_hashing_limit',
      help: 'Hashing bound: hashes at once (concurrent) and logins that may wait (queue); beyond, "busy".',
      labelNames: ['kind'],
      registers,
    });
    limit.set({ kind: 'concurrent' }, limiter.maxConcurrent);
    limit.set({ kind: 'queue' }, limiter.maxQueue);
    this.throttled = new Counter({
      name: 'auth_logins_throttled_total',
      help: 'Logins refused by the throttle: locked after failed logins (failures) or too many in progress (in_progress).',
      labelNames: ['reason'],
      registers,
    });
    this.opened = new Counter({
      name: 'auth_sessions_opened_total',
      help: 'Sessions opened (successful Logins).',
      registers,
    });
    this.closed = new Counter({
      name: 'auth_sessions_closed_total',
      help: 'Sessions closed (successful Logouts).',
      registers,
    });
    this.redisErrors = new Counter({
      name: 'auth_redis_errors_total',
      help: 'Failed Redis commands: timeout, connection, reply (an error answer), not-replicated (WAIT fell short).',
      labelNames: ['kind'],
      registers,
    });
    this.failovers = new Counter({
      name: 'auth_redis_failovers_total',
      help: 'Times the Redis client reconnected to another primary than before (Sentinel failover).',
      registers,
    });
  }

  /** Counts one finished request. */
  request(r: RequestRecord): void {
    const operation = r.dispatched ? r.operation : r.binding === 'wsdl' ? 'wsdl' : 'none';
    const key = `${operation} ${r.binding}`;
    const full = `${key} ${r.outcome}`;
    let counter = this.requestChildren.get(full);
    if (counter === undefined) {
      counter = this.requests.labels(operation, r.binding, r.outcome);
      this.requestChildren.set(full, counter);
    }
    counter.inc();
    let histogram = this.durationChildren.get(key);
    if (histogram === undefined) {
      histogram = this.duration.labels(operation, r.binding);
      this.durationChildren.set(key, histogram);
    }
    histogram.observe(r.durationMs / 1000);
    if (r.outcome === 'ok') {
      if (operation === 'Login') this.opened.inc();
      else if (operation === 'Logout') this.closed.inc();
    } else if (r.outcome === 'throttled' && r.throttle !== undefined) this.throttled.inc({ reason: r.throttle });
  }

  /** An observer for the session store (Redis errors, failovers, availability). */
  storeObserver(): StoreObserver {
    const up = new Gauge({
      name: 'auth_redis_up',
      help: '1 while Redis answers, 0 during an outage.',
      registers: [this.registry],
    });
    up.set(1);
    return {
      error: (kind: StoreErrorKind) => this.redisErrors.inc({ kind }),
      failover: () => this.failovers.inc(),
      availability: (isUp: boolean) => up.set(isUp ? 1 : 0),
    };
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Stops the default metrics' collectors (event loop monitor). */
  close(): void {
    this.registry.clear();
  }
}
