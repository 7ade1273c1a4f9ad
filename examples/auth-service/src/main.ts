/**
 * `npm start`: serves the Auth endpoint (all four bindings and `?wsdl`) until
 * SIGINT or SIGTERM, then shuts down gracefully (requests in flight finish) and
 * exits 0. Prints `listening on <url>` once bound, whether garbage is collected
 * before each hash (with `node --expose-gc`, heap-release.ts), then one line per request:
 * JSON lines (pino) unless stdout is a terminal or `--log-format text` is given.
 * Options: see {@link SERVICE_USAGE} (`npm start -- --help`).
 */
import { parseServiceCommandLine, type ServiceConfig } from './config.js';
import { exposedGc } from './heap-release.js';
import { runCli } from './run-cli.js';
import { startAuthService } from './server.js';
import { type ServiceLog, textLog } from './service-log.js';

/** Starts the service described by `config` and stops it on SIGINT/SIGTERM. */
export async function serve(config: ServiceConfig): Promise<void> {
  const logger: ServiceLog =
    config.logFormat === 'json'
      ? (await import('./json-log.js')).jsonLog()
      : textLog((line) => {
          process.stdout.write(`${line}\n`);
        });
  const log = (line: string): void => logger.event('info', line);
  const collectGarbage = exposedGc();
  const service = await startAuthService({
    host: config.host,
    port: config.port,
    usersFile: config.usersFile,
    store: config.store,
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    ...(config.redis ? { redis: config.redis } : {}),
    redisWaitReplicas: config.redisWaitReplicas,
    sessionTtlMs: config.sessionTtlMs,
    scrypt: config.scrypt,
    debug: config.debug,
    headersTimeoutMs: config.headersTimeoutMs,
    redisCommandTimeoutMs: config.redisCommandTimeoutMs,
    maxConcurrentHashes: config.maxConcurrentHashes,
    hashQueue: config.hashQueue,
    // Defined when node runs with --expose-gc, as the start scripts do (heap-release.ts).
    ...(collectGarbage ? { collectGarbage } : {}),
    logger,
    metrics: config.metrics,
  });
  log(`listening on ${service.url} (users: ${config.usersFile}, sessions: ${config.store})`);
  log(`WSDL: ${service.url}?wsdl`);
  log(`readiness: ${service.baseUrl}/ready`);
  if (config.metrics) log(`metrics: ${service.baseUrl}/metrics`);
  log(
    collectGarbage
      ? 'memory: garbage collected before each hash (node --expose-gc)'
      : 'memory: garbage not collected before hashes; run node with --expose-gc for a lower peak (docs/performance.md)',
  );

  let signals = 0;
  const stop = (signal: NodeJS.Signals): void => {
    signals++;
    if (signals > 1) {
      log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    log(`${signal}: shutting down, finishing requests in flight`);
    service.close().then(
      () => {
        log('stopped');
        process.exitCode = 0;
      },
      (err: unknown) => {
        logger.event('error', `error while stopping: ${err instanceof Error ? err.message : String(err)}`);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await runCli(async () => {
  const parsed = parseServiceCommandLine(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(parsed.text);
    return;
  }
  await serve(parsed.config);
});
