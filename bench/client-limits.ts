/**
 * Client memory under hostile answers (issue 20, item 10): a loopback server
 * answers one Login with
 *   - tiny:  a 60 MB SOAP envelope of `<a/>` elements (200 OK),
 *   - error: a 60 MB text/plain body with status 500,
 *   - big:   a 60 MB text/xml body with status 502 (not a SOAP fault),
 * and a child process (node --expose-gc, tsx) makes the call with the generated
 * client and reports its peak RSS (getrusage) and what it still holds with the
 * error in hand. Each case runs `rounds` times; median and range are printed.
 * Run: npx tsx bench/client-limits.ts [rounds]
 * Baseline: run the same on the commit before the fix (git stash / checkout).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.argv[2] ?? 3);
const SIZE = 60 * 1024 * 1024;

function tinyEnvelope(): Buffer {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><LoginResponse xmlns="http://schemas.example.com/ecomm/auth"><LoginResult><ServiceTicket>',
  );
  const tail = Buffer.from('</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>');
  const fill = Buffer.alloc(SIZE - head.length - tail.length, '<a/>');
  return Buffer.concat([head, fill, tail]);
}

const bodies: Record<string, { status: number; type: string; body: Buffer }> = {
  tiny: { status: 200, type: 'text/xml; charset=utf-8', body: tinyEnvelope() },
  error: { status: 500, type: 'text/plain; charset=utf-8', body: Buffer.alloc(SIZE, 'x') },
  big: { status: 502, type: 'text/xml; charset=utf-8', body: Buffer.alloc(SIZE, '<a/>') },
};

const server = http.createServer((req, res) => {
  const which = bodies[(req.url ?? '').split('/')[1] ?? ''];
  req.resume();
  if (!which) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(which.status, { 'Content-Type': which.type, 'Content-Length': which.body.length });
  res.end(which.body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;

interface Result {
  error: string;
  rssBeforeMB: number;
  peakRssMB: number;
  rssAfterMB: number;
  heapBeforeMB: number;
  heapAfterMB: number;
}

function runChildAsync(name: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        path.join(here, 'client-limits-child.ts'),
        'src',
        `http://127.0.0.1:${port}/${name}`,
      ],
      { cwd: path.join(here, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', () => {
      const line = out.trim().split('\n').pop() ?? '';
      if (!line.startsWith('{')) reject(new Error(`child failed: ${err}`));
      else resolve(JSON.parse(line) as Result);
    });
  });
}

const stats = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor(s.length / 2)]!.toFixed(0)} MB (${s[0]!.toFixed(0)}-${s[s.length - 1]!.toFixed(0)})`;
};

console.log(
  `client limits, ${ROUNDS} rounds per case, 60 MB answers; loadavg ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const name of Object.keys(bodies)) {
  const results: Result[] = [];
  for (let i = 0; i < ROUNDS; i++) results.push(await runChildAsync(name));
  console.log(
    `${name.padEnd(6)} peak RSS ${stats(results.map((r) => r.peakRssMB))}; after, error held: RSS ${stats(
      results.map((r) => r.rssAfterMB),
    )}, heap held ${stats(results.map((r) => r.heapAfterMB - r.heapBeforeMB))}; ${results[0]!.error}`,
  );
}
console.log(
  `loadavg after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
server.close();
