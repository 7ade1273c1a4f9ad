/**
 * SOAP messages packaged as `multipart/related`, shared by client and server:
 * - MTOM (SOAP 1.2 MTOM §3-4, W3C SOAP 1.1 Binding for MTOM 1.0 §3): the root
 *   part is `application/xop+xml` whose `type` parameter is the SOAP media type
 *   (`text/xml` for SOAP 1.1, `application/soap+xml` for 1.2), the outer content
 *   type carries `type="application/xop+xml"`, `start` and `start-info`; binary
 *   values are `xop:Include`s of the other parts (xop.ts).
 * - SOAP with Attachments (SwA 1.0 §2-3): the root part is the envelope itself
 *   (`text/xml` / `application/soap+xml`); the other parts are referred to by
 *   `cid:` URLs (or not at all) and handed to the application as attachments.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { type MediaType, parseContentType } from './content-type.js';
import {
  type Attachment,
  bareContentId,
  type MultipartLimits,
  MultipartError,
  newBoundary,
  type OutgoingPart,
  parseMultipart,
  partBytes,
  writeMultipart,
} from './multipart.js';
import { type MimeMessage, XOP_MEDIA_TYPE } from './attachments.js';
import { decodeXmlBody, XmlEncodingError } from '../xml/xml-decode.js';

export { isMultipartType, type MimeMessage } from './attachments.js';

function isSoapType(type: string): boolean {
  return type === 'text/xml' || type === 'application/soap+xml' || type === 'application/xml';
}

/**
 * Reads a multipart/related SOAP message (MTOM or SwA) of content type `mediaType`.
 * @throws MultipartError for a broken body (see `parseMultipart`), no root part, a
 *   `start` naming no part, a root that is neither XOP nor a SOAP envelope, or a root
 *   whose bytes are not valid in their charset
 */
export function readMimeMessage(body: Uint8Array, mediaType: MediaType, limits: MultipartLimits = {}): MimeMessage {
  const parts = parseMultipart(body, mediaType.params['boundary'], limits);
  if (parts.length === 0) throw new MultipartError('root', 'multipart body has no parts (no root part)');
  const start = mediaType.params['start'];
  let rootIndex = 0;
  if (start !== undefined && start.trim() !== '') {
    const id = bareContentId(start);
    rootIndex = parts.findIndex(
      (p) => p.headers['content-id'] !== undefined && bareContentId(p.headers['content-id']) === id,
    );
    if (rootIndex < 0)
      throw new MultipartError('root', `the start parameter names <${id}>, which no part has (no root part)`);
  }
  const root = parts[rootIndex]!;
  const rootType = parseContentType(root.headers['content-type'] ?? mediaType.params['type']);
  let xop = false;
  let soapType: MediaType;
  if (rootType.type === XOP_MEDIA_TYPE) {
    xop = true;
    soapType = parseContentType(rootType.params['type'] ?? mediaType.params['start-info'] ?? 'text/xml');
    const action =
      soapType.params['action'] ??
      parseContentType(mediaType.params['start-info']).params['action'] ??
      mediaType.params['action'];
    if (action !== undefined && soapType.params['action'] === undefined)
      soapType = { type: soapType.type, params: { ...soapType.params, action } };
  } else {
    soapType = rootType;
  }
  if (!isSoapType(soapType.type))
    throw new MultipartError(
      'type',
      `the root part is ${JSON.stringify(rootType.type || '(no type)')}, not a SOAP envelope or an XOP package`,
    );
  let xml: string;
  try {
    xml = decodeXmlBody(partBytes(root), rootType.params['charset']);
  } catch (err) {
    if (err instanceof XmlEncodingError) throw new MultipartError('encoding', `the root part: ${err.message}`);
    throw err;
  }
  const attachments: Attachment[] = [];
  const byId = new Map<string, Attachment>();
  for (let i = 0; i < parts.length; i++) {
    if (i === rootIndex) continue;
    const p = parts[i]!;
    const cid = p.headers['content-id'];
    const a: Attachment = {
      contentId: cid === undefined ? '' : bareContentId(cid),
      contentType: p.headers['content-type'] ?? 'application/octet-stream',
      data: partBytes(p),
    };
    attachments.push(a);
    if (a.contentId !== '' && !byId.has(a.contentId)) byId.set(a.contentId, a);
  }
  return { xml, xop, soapType, attachments, byId };
}

/** What {@link writeMimeMessage} writes. */
export interface OutgoingMimeMessage {
  readonly version: '1.1' | '1.2';
  /** The envelope. */
  readonly xml: string;
  /** MTOM (root `application/xop+xml`) rather than SwA (root the envelope itself). */
  readonly xop: boolean;
  /** The other parts. */
  readonly attachments: readonly Attachment[];
  /** The SOAP 1.2 `action` parameter, if any. */
  readonly action?: string | undefined;
}

/** No CR, LF or other control character in a header value we write (header injection). */
function headerSafe(value: string, what: string): string {
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new TypeError(`attachment ${what} must not contain control characters`);
  return value;
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

const ROOT_ID = 'root.message@wsdlc';

/** A multipart/related SOAP message: its `Content-Type` header value and its bytes. */
export function writeMimeMessage(msg: OutgoingMimeMessage): { contentType: string; body: Uint8Array } {
  const boundary = newBoundary();
  const soapType = msg.version === '1.1' ? 'text/xml' : 'application/soap+xml';
  const soapTypeFull =
    msg.version === '1.2' && msg.action !== undefined ? `${soapType}; action=${quoted(msg.action)}` : soapType;
  const parts: OutgoingPart[] = [];
  let contentType: string;
  if (msg.xop) {
    contentType = `multipart/related; type="${XOP_MEDIA_TYPE}"; boundary=${quoted(boundary)}; start="<${ROOT_ID}>"; start-info=${quoted(soapTypeFull)}`;
    parts.push({
      headers: [
        ['Content-Type', `${XOP_MEDIA_TYPE}; charset=utf-8; type=${quoted(soapTypeFull)}`],
        ['Content-Transfer-Encoding', 'binary'],
        ['Content-ID', `<${ROOT_ID}>`],
      ],
      body: msg.xml,
    });
  } else {
    contentType = `multipart/related; type="${soapType}"; boundary=${quoted(boundary)}; start="<${ROOT_ID}>"`;
    parts.push({
      headers: [
        ['Content-Type', `${soapTypeFull}; charset=utf-8`],
        ['Content-Transfer-Encoding', '8bit'],
        ['Content-ID', `<${ROOT_ID}>`],
      ],
      body: msg.xml,
    });
  }
  for (const a of msg.attachments) {
    parts.push({
      headers: [
        ['Content-Type', headerSafe(a.contentType || 'application/octet-stream', 'contentType')],
        ['Content-Transfer-Encoding', 'binary'],
        ['Content-ID', `<${headerSafe(a.contentId, 'contentId')}>`],
      ],
      body: a.data,
    });
  }
  return { contentType, body: writeMultipart(boundary, parts) };
}
