/**
 * The SOAP-Response MEP (SOAP 1.2 Part 2 §6.3; WSDL 2.0 `wsoap:mep`, Part 2 §5.10.3) on this
 * repository's contract test/corpus/local/wsdl20/hotel-soap-response.wsdl: the model records it, and
 * the generated client calls the generated server
 * over HTTP on 127.0.0.1 with a GET whose URI carries the input as the WSDL 2.0 HTTP binding
 * serializes it (Part 2 §6.8.2), no envelope, `Accept: application/soap+xml`, and reads the SOAP 1.2
 * envelope it is answered with (results and faults). The server answers a GET with bad parameters
 * with a SOAP 1.2 Sender fault, and still takes the binding's request-response operation as an
 * envelope POSTed to the same address. One generation for all cases, run as vitest loads it; the
 * output type-checks under strict flags in test/corpus-generate/generate.test.ts, which checks every
 * corpus contract (this one included) in one TypeScript program.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../src/model/index.js';
import type { WsdlModel } from '../../src/model/types.js';
import { generate, ROOT, writeTree } from '../emit/helpers.js';

const WSDL = 'test/corpus/local/wsdl20/hotel-soap-response.wsdl';
const OUT = path.join(ROOT, 'test/tmp/wsdl20/soap-response');

type RoomKind = 'single' | 'double' | 'family suite';
interface VacancyQuery {
  arrival: string;
  departure: string;
  kind: RoomKind;
  guests?: number;
}
interface Vacancy {
  roomsFree: number;
  nightlyRate: number;
}
interface RoomQuery {
  kind: RoomKind;
  language?: string;
}
interface Booking {
  arrival: string;
  departure: string;
  kind: RoomKind;
  guest: string;
}
interface Desk {
  vacancies(input: VacancyQuery): Promise<Vacancy>;
  describeRoom(input: RoomQuery): Promise<{ text: string; beds: number }>;
  book(input: Booking): Promise<{ reference: string; total: number }>;
}
interface HotelModule {
  HotelClient: new (options: { baseUrl: string }) => Desk;
  createHotelHandler: (impl: object) => (req: unknown, res: unknown) => void;
  SoapFault: new (init: { code: string; reason: string; detail?: unknown; fault?: string }) => Error;
}

/** What the server saw: request line, the headers that matter, and the body. */
interface Seen {
  line: string;
  accept: string | undefined;
  contentType: string | undefined;
  body: string;
}

let model: WsdlModel;
let server: Server;
let baseUrl: string;
let client: Desk;
const seen: Seen[] = [];
const calls: [string, unknown][] = [];

beforeAll(async () => {
  model = await loadModel(path.join(ROOT, WSDL));
  writeTree(OUT, await generate(WSDL, 'hotel-soap-response.wsdl'));
  const mod = (await import(path.join(OUT, 'index.ts'))) as HotelModule;
  const handler = mod.createHotelHandler({
    vacancies: async (input: VacancyQuery) => {
      calls.push(['vacancies', input]);
      if (input.departure <= input.arrival)
        throw new mod.SoapFault({
          code: 'Sender',
          reason: 'departure before arrival',
          fault: 'datesRefused',
          detail: { why: `${input.departure} is not after ${input.arrival}` },
        });
      return { roomsFree: input.kind === 'family suite' ? 1 : 4, nightlyRate: 89.5 };
    },
    describeRoom: async (input: RoomQuery) => {
      calls.push(['describeRoom', input]);
      return { text: `${input.kind} (${input.language ?? 'en'})`, beds: input.kind === 'single' ? 1 : 2 };
    },
    book: async (input: Booking) => {
      calls.push(['book', input]);
      return { reference: `R-${input.guest}`, total: 179 };
    },
  });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      seen.push({
        line: `${req.method} ${req.url} HTTP/${req.httpVersion}`,
        accept: req.headers.accept,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new mod.HotelClient({ baseUrl });
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A raw GET on 127.0.0.1: status, content type and body. */
function rawGet(target: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${target}`, { method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'] ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the model', () => {
  it('records the MEP and the GET serialization of each SOAP-Response operation, as JSON', () => {
    const bindings = Object.fromEntries(model.operations.map((o) => [o.name, o.bindings[0]]));
    expect(bindings['vacancies']).toMatchObject({ kind: 'soap12', mep: 'soap-response', httpLocation: '' });
    expect(bindings['vacancies']?.pathParams).toBeUndefined();
    expect(bindings['describeRoom']).toMatchObject({
      kind: 'soap12',
      mep: 'soap-response',
      httpLocation: 'rooms/(kind)',
      pathParams: ['kind'],
    });
    // The unsafe operation keeps the request-response MEP the binding gives it.
    expect(bindings['book']).toMatchObject({ kind: 'soap12', soapAction: 'urn:example:hotel:book' });
    expect(bindings['book']?.mep).toBeUndefined();
    expect(JSON.parse(JSON.stringify(model.operations))).toEqual(model.operations);
  });
});

describe('generated client against generated server over HTTP', () => {
  it('calls a SOAP-Response operation at the address with a GET carrying the input in the query', async () => {
    // The address's final "/" is dropped, as for an HTTP GET operation at location "" (the server ignores it).
    seen.length = 0;
    calls.length = 0;
    const query: VacancyQuery = { arrival: '2026-12-24', departure: '2026-12-27', kind: 'family suite', guests: 3 };
    expect(await client.vacancies(query)).toEqual({ roomsFree: 1, nightlyRate: 89.5 });
    expect(seen).toEqual([
      {
        line: 'GET /hotel/desk?arrival=2026-12-24&departure=2026-12-27&kind=family+suite&guests=3 HTTP/1.1',
        accept: 'application/soap+xml',
        contentType: undefined,
        body: '',
      },
    ]);
    expect(calls).toEqual([['vacancies', query]]);
  });

  it('puts a cited value in the path (whttp:location="rooms/{kind}") and the others in the query', async () => {
    seen.length = 0;
    calls.length = 0;
    expect(await client.describeRoom({ kind: 'family suite', language: 'fr' })).toEqual({
      text: 'family suite (fr)',
      beds: 2,
    });
    expect(seen.map((s) => s.line)).toEqual(['GET /hotel/desk/rooms/family%20suite?language=fr HTTP/1.1']);
    expect(calls).toEqual([['describeRoom', { kind: 'family suite', language: 'fr' }]]);
  });

  it('answers with a SOAP 1.2 envelope, and a declared fault as a SOAP 1.2 fault the client decodes', async () => {
    const answer = await rawGet('/hotel/desk?arrival=2026-01-02&departure=2026-01-05&kind=single');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/soap\+xml/);
    expect(answer.body).toMatch(/<\w+:Envelope xmlns:\w+="http:\/\/www\.w3\.org\/2003\/05\/soap-envelope"/);
    expect(answer.body).toMatch(/<vacancy xmlns="urn:example:hotel"><roomsFree>4<\/roomsFree>/);
    const refused = await rawGet('/hotel/desk/?arrival=2026-01-05&departure=2026-01-02&kind=single');
    expect(refused.status).toBe(400);
    expect(refused.type).toMatch(/^application\/soap\+xml/);
    expect(refused.body).toMatch(/<\w+:Fault><\w+:Code><\w+:Value>\w+:Sender<\/\w+:Value><\/\w+:Code>/);
    expect(refused.body).toMatch(/<\w+:Detail><datesRefused xmlns="urn:example:hotel"><why>/);
    const err = await client
      .vacancies({ arrival: '2026-12-27', departure: '2026-12-24', kind: 'single' })
      .catch((e: unknown) => e);
    // The runtime names SOAP 1.2's Sender by its SOAP 1.1 name, Client (wire/faults.ts).
    expect(err).toMatchObject({
      name: 'SoapFaultError',
      code: 'Client',
      fault: 'datesRefused',
      detail: { why: '2026-12-24 is not after 2026-12-27' },
      httpStatus: 400,
    });
  });

  it('answers a GET with bad parameters with a SOAP 1.2 Sender fault, without calling the implementation', async () => {
    calls.length = 0;
    for (const [target, reason] of [
      ['/hotel/desk/?arrival=2026-01-02&departure=2026-01-05', 'Missing parameter: kind.'],
      ['/hotel/desk/?arrival=2026-01-02&departure=2026-01-05&kind=penthouse', 'penthouse'],
      ['/hotel/desk/?arrival=2026-01-02&departure=2026-01-05&kind=single&guests=three', 'three'],
      ['/hotel/desk/rooms/single%FF', 'do not decode to UTF-8'],
    ] as const) {
      const answer = await rawGet(target);
      expect(answer.status, target).toBe(400);
      expect(answer.type, target).toMatch(/^application\/soap\+xml/);
      expect(answer.body, target).toMatch(/<\w+:Code><\w+:Value>\w+:Sender<\/\w+:Value><\/\w+:Code>/);
      expect(answer.body, target).toContain(reason);
    }
    expect(calls).toEqual([]);
  });

  it('still takes the request-response operation as an envelope POSTed to the same address', async () => {
    seen.length = 0;
    const booking: Booking = { arrival: '2026-12-24', departure: '2026-12-26', kind: 'double', guest: 'Ada' };
    expect(await client.book(booking)).toEqual({ reference: 'R-Ada', total: 179 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.line).toBe('POST /hotel/desk/ HTTP/1.1');
    expect(seen[0]!.contentType).toMatch(/^application\/soap\+xml/);
    expect(seen[0]!.body).toContain('<booking xmlns="urn:example:hotel">');
  });
});
