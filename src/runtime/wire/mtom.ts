/**
 * The MTOM/XOP and SOAP with Attachments module: loading it gives the SOAP client,
 * server and codec (which never import it, see attachments.ts) the means to write
 * and read `multipart/related` messages:
 *
 * - MTOM (SOAP 1.2 MTOM §3-4, SOAP 1.1 Binding for MTOM 1.0 §3): `xsd:base64Binary`
 *   values as binary parts of an XOP package (xop.ts);
 * - SOAP with Attachments 1.0: the envelope as root part, other parts beside it
 *   (mime-message.ts, multipart.ts).
 *
 * A generated schema.ts imports it when the contract declares attachments or binary
 * values; otherwise generate with `--runtime-features mtom` and import it once:
 *
 * ```ts
 * import './generated/store/runtime/wire/mtom.js';
 * ```
 *
 * Ships with generated code whose contract needs it, or when asked for (`mtom`).
 */
import { type AttachmentCodec, attachmentSupport, DEFAULT_MAX_PARTS } from './attachments.js';
import { readMimeMessage, writeMimeMessage } from './mime-message.js';
import { resolveXopIncludes, writeWithXop, XopSink } from './xop.js';
import type { OptionalModule } from './descriptor-data.js';

/** The MTOM/SwA codec this module registers (attachments.ts). */
export const mtomCodec: AttachmentCodec = {
  write(packaging, write) {
    const sink = new XopSink(packaging.mtom ? packaging.threshold : Number.POSITIVE_INFINITY);
    const xml = writeWithXop(sink, write);
    return writeMimeMessage({
      version: packaging.version,
      xml,
      xop: packaging.mtom,
      attachments: packaging.attachments === undefined ? sink.parts : [...sink.parts, ...packaging.attachments],
      action: packaging.action,
    });
  },
  read: (body, mediaType, maxParts = DEFAULT_MAX_PARTS) => readMimeMessage(body, mediaType, { maxParts }),
  resolve(root, message) {
    if (message.xop) resolveXopIncludes(root, message.byId);
  },
};

attachmentSupport.codec = mtomCodec;

/** This module's mark, which a generated schema.ts hands to `SchemaData` (see `OptionalModule`). */
export const mtomModule: OptionalModule = { module: 'wire/mtom' };
