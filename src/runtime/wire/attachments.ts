/**
 * The seam between the SOAP core (client, server, codec) and the optional MTOM/XOP
 * and SOAP with Attachments module (mtom.ts, with multipart.ts, mime-message.ts,
 * xop.ts): the types and the one error both sides share, and the slot the module
 * fills when it is loaded. The core never imports the module, so an output whose
 * contract declares no attachments and no binary values does not carry it.
 *
 * The module is loaded by the generated schema.ts of a contract that needs it (an
 * `xsd:base64Binary` value, a `mime:multipartRelated` binding, an `xmime` content
 * type, a `swaRef`, an MTOM policy assertion), or by the user, who generates with
 * `--runtime-features mtom` and imports it once: `import './runtime/wire/mtom.js';`.
 * Without it, a multipart/related message (MTOM, SwA) fails with an error that
 * names both (see {@link attachmentsMissing}).
 *
 * Ships with generated code.
 */
import type { XmlElement } from '../xml/xml-tree.js';
import { optionalModuleMissing } from './codec-extensions.js';
import type { MediaType } from './content-type.js';

/** The XOP 1.0 namespace (`xop:Include`, XOP 1.0 §2). */
export const XOP_NS = 'http://www.w3.org/2004/08/xop/include';

/** The media type of an XOP package's root part (XOP 1.0 §4.1, MTOM §4.3). */
export const XOP_MEDIA_TYPE = 'application/xop+xml';

/** Default cap on the parts of one multipart message, root included. */
export const DEFAULT_MAX_PARTS = 100;

/** One MIME part of a multipart/related message other than its root: an attachment. */
export interface Attachment {
  /** The `Content-ID` without its angle brackets (referred to as `cid:<id>`, RFC 2392). */
  readonly contentId: string;
  /** The part's `Content-Type` (default `application/octet-stream`). */
  readonly contentType: string;
  /** The part's bytes, transfer encoding removed. */
  readonly data: Uint8Array;
}

/** What was wrong with a multipart body (`module`: the attachments module is not loaded). */
export type MultipartProblem =
  | 'boundary'
  | 'unterminated'
  | 'headers'
  | 'parts'
  | 'root'
  | 'encoding'
  | 'cid'
  | 'type'
  | 'module';

/** A multipart/related body (or an XOP package) that cannot be read or written. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
  /** What was wrong. */
  readonly problem: MultipartProblem;

  constructor(problem: MultipartProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

/** A multipart/related SOAP message as read. */
export interface MimeMessage {
  /** The root part's text: the SOAP envelope (with `xop:Include`s when {@link xop}). */
  readonly xml: string;
  /** Whether the root part is an XOP package (MTOM). */
  readonly xop: boolean;
  /** The SOAP media type of the envelope (`text/xml` or `application/soap+xml`, with its `action`). */
  readonly soapType: MediaType;
  /** The parts other than the root, in order. */
  readonly attachments: readonly Attachment[];
  /** The same, by Content-ID. */
  readonly byId: ReadonlyMap<string, Attachment>;
}

/** How to package an envelope as a multipart/related message ({@link AttachmentCodec.write}). */
export interface MimePackaging {
  readonly version: '1.1' | '1.2';
  /** MTOM: an XOP package whose `xsd:base64Binary` values of at least `threshold` bytes go as parts. */
  readonly mtom: boolean;
  readonly threshold: number;
  /** Parts to send after the envelope (SwA), or after the XOP parts. */
  readonly attachments: readonly Attachment[] | undefined;
  /** SOAP 1.2: the `action` parameter of the root part's media type. */
  readonly action: string | undefined;
}

/** What the attachments module (mtom.ts) gives the core. */
export interface AttachmentCodec {
  /**
   * Writes the envelope `write` produces as a multipart/related message.
   * @throws TypeError for an attachment whose Content-ID or type has control characters
   */
  readonly write: (packaging: MimePackaging, write: () => string) => { contentType: string; body: Uint8Array };
  /**
   * Reads a multipart/related SOAP message of at most `maxParts` parts.
   * @throws MultipartError for a body that is not one
   */
  readonly read: (body: Uint8Array, mediaType: MediaType, maxParts: number) => MimeMessage;
  /**
   * Replaces the `xop:Include`s under `root` by the base64 text of the parts they name (XOP 1.0 §3.2).
   * @throws MultipartError for an include that names no part
   */
  readonly resolve: (root: XmlElement, message: MimeMessage) => void;
}

/**
 * Where an `xsd:base64Binary` element value goes while an MTOM message is written:
 * `include` takes the bytes as a new part and returns its `cid:` URL.
 */
export interface XopWriter {
  /** Values shorter than this many bytes stay in-line base64. */
  readonly threshold: number;
  readonly include: (data: Uint8Array) => string;
}

/**
 * The loaded attachments module (`codec`), set by mtom.ts when it is loaded; and the
 * XOP writer of the MTOM write in progress (`xop`; writes are synchronous, one at a time).
 */
export const attachmentSupport: { codec: AttachmentCodec | undefined; xop: XopWriter | undefined } = {
  codec: undefined,
  xop: undefined,
};

/** The message of a multipart (MTOM, SwA) need that the runtime cannot meet without the attachments module. */
export function attachmentsMissing(what: string): string {
  return optionalModuleMissing(what, 'MTOM/SwA', 'wire/mtom', 'mtom', 'attachments or binary values');
}

/** The attachments module, or a {@link MultipartError} (`module`) naming what to add. */
export function attachmentCodec(what: string): AttachmentCodec {
  const codec = attachmentSupport.codec;
  if (codec === undefined) throw new MultipartError('module', attachmentsMissing(what));
  return codec;
}

/** Whether a `Content-Type` header value is `multipart/...` (checked before anything is parsed). */
export function isMultipartType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const c = header.charCodeAt(0) | 32;
  // 'm', or leading white space: only then is the header looked at more closely.
  return (c === 109 || c === 32 || c === 41) && /^\s*multipart\//i.test(header);
}
