/**
 * SOAP with Attachments bound in the WSDL (SwA 1.0 §4, WSDL 1.1 §5.4): an output
 * bound as `mime:multipartRelated`, the envelope in one `mime:part` and an
 * `image/jpeg` part in another (test/fixtures/mtom/Photos.wsdl). The generated
 * code types the `soap:body` part; the other part travels as an attachment:
 * the server adds it with `addResponseAttachment`, the client finds it in
 * `meta.attachments`. Also a hand-written SwA answer in the style of Axis 1.x
 * (root by position, `Content-Id` spelled so, parts in base64 transfer encoding).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import { compileTree, ROOT, testOptions } from '../emit/helpers.js';
import { startServer, type TestServer } from './helpers.js';

const OUT = path.join(ROOT, 'test/tmp/swa-photos');
const WSDL = path.join(ROOT, 'test/fixtures/mtom/Photos.wsdl');

interface Attachment {
  readonly contentId: string;
  readonly contentType: string;
  readonly data: Uint8Array;
}
interface Meta {
  attachments?: readonly Attachment[];
  mtom?: boolean;
}
interface Generated {
  PhotosClient: new (o: { baseUrl: string }) => { getPhoto(i: { id: string }, o?: { meta?: Meta }): Promise<string> };
  createPhotosHandler: (impl: {
    getPhoto(i: { id: string }, ctx: object): Promise<string>;
  }) => (req: IncomingMessage, res: ServerResponse) => void;
  addResponseAttachment: (ctx: object, a: Attachment) => void;
}

let gen: Generated;
let ours: TestServer;
let axis: TestServer;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 13, 10, 0xff, 0xd9]);

beforeAll(async () => {
  const files = await emitFiles(await loadModel(WSDL), testOptions('Photos.wsdl'), {});
  expect(compileTree(OUT, files)).toEqual([]);
  gen = (await import(pathToFileURL(path.join(OUT, 'index.ts')).href)) as Generated;
  ours = await startServer(
    gen.createPhotosHandler({
      getPhoto: async (input, ctx) => {
        gen.addResponseAttachment(ctx, {
          contentId: `photo-${input.id}@server`,
          contentType: 'image/jpeg',
          data: JPEG,
        });
        return `photo ${input.id}`;
      },
    }),
  );
  axis = await startServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const env =
        '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><GetPhotoResponse xmlns="urn:example:photos"><caption>from axis</caption></GetPhotoResponse></soapenv:Body></soapenv:Envelope>';
      const b = '----=_Part_0_1234.5678';
      const body =
        `\r\n--${b}\r\nContent-Type: text/xml; charset=UTF-8\r\nContent-Transfer-Encoding: binary\r\nContent-Id: <0A1B2C>\r\n\r\n${env}\r\n` +
        `--${b}\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\nContent-Id: <D3E4F5>\r\n\r\n${Buffer.from(JPEG).toString('base64')}\r\n--${b}--\r\n`;
      res.writeHead(200, { 'Content-Type': `multipart/related; type="text/xml"; start="<0A1B2C>"; \tboundary="${b}"` });
      res.end(body);
    });
  });
}, 120_000);

afterAll(async () => {
  await ours?.close();
  await axis?.close();
});

describe('mime:multipartRelated output (SwA)', () => {
  it('types the soap:body part and carries the image part as an attachment, our server to our client', async () => {
    const meta: Meta = {};
    const caption = await new gen.PhotosClient({ baseUrl: ours.baseUrl }).getPhoto({ id: '7' }, { meta });
    expect(caption).toBe('photo 7');
    expect(meta.mtom).toBe(false);
    expect(meta.attachments?.map((a) => [a.contentId, a.contentType])).toEqual([['photo-7@server', 'image/jpeg']]);
    expect([...meta.attachments![0]!.data]).toEqual([...JPEG]);
  });

  it('reads an Axis-style SwA answer (root by start, base64 part)', async () => {
    const meta: Meta = {};
    const caption = await new gen.PhotosClient({ baseUrl: axis.baseUrl }).getPhoto({ id: '1' }, { meta });
    expect(caption).toBe('from axis');
    expect(meta.attachments?.map((a) => a.contentId)).toEqual(['D3E4F5']);
    expect([...meta.attachments![0]!.data]).toEqual([...JPEG]);
  });
});
