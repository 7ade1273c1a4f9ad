/**
 * XOP (XML-binary Optimized Packaging 1.0): `xop:Include` elements that stand
 * for the base64 content of their parent and refer to a MIME part by `cid:` URL.
 *
 * Receiving, {@link resolveXopIncludes} rebuilds the original infoset (XOP 1.0
 * §3.2): each `xop:Include` is replaced by the base64 text of the part it names,
 * so the codec reads an optimized value exactly as an inline one (a `Uint8Array`
 * for `xsd:base64Binary`). Sending, the codec writes an `xop:Include` for each
 * `xsd:base64Binary` element value while a {@link XopSink} is active
 * ({@link writeWithXop}); the sink collects the bytes as attachments.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { base64Encode } from '../bytes/index.js';
import type { XmlElement } from '../xml/xml-tree.js';
import { attachmentSupport, type XopWriter, XOP_MEDIA_TYPE, XOP_NS } from './attachments.js';
import { type Attachment, cidUrl, contentIdOfUrl, MultipartError } from './multipart.js';

export { XOP_MEDIA_TYPE, XOP_NS };

/**
 * Replaces every `xop:Include` under `root` by the base64 text of the part its
 * `href` names (XOP 1.0 §3.2). Returns how many were replaced.
 * @throws MultipartError (`cid`) for an `xop:Include` without a `cid:` href, one
 *   naming no part, or one that is not its parent's only content (XOP 1.0 §3.1)
 */
export function resolveXopIncludes(root: XmlElement, parts: ReadonlyMap<string, Attachment>): number {
  let count = 0;
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    const children = el.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (typeof c === 'string') continue;
      if (c.ns !== XOP_NS || c.name !== 'Include') {
        stack.push(c);
        continue;
      }
      let href: string | undefined;
      for (const a of c.attrs) if (a.name === 'href' && a.ns === '') href = a.value;
      const cid = href === undefined ? undefined : contentIdOfUrl(href.trim());
      if (cid === undefined)
        throw new MultipartError('cid', `xop:Include in ${el.name} without a cid: href (XOP 1.0 §2.1)`);
      const part = parts.get(cid);
      if (part === undefined)
        throw new MultipartError('cid', `xop:Include in ${el.name} refers to cid:${cid}, which no MIME part has`);
      for (const other of children) {
        if (other !== c && (typeof other !== 'string' || other.trim() !== ''))
          throw new MultipartError('cid', `xop:Include in ${el.name} is not the element's only content (XOP 1.0 §3.1)`);
      }
      const d = part.data;
      children.length = 0;
      children.push(base64Encode(d));
      count++;
      break;
    }
  }
  return count;
}

/** Collects the binary values written as `xop:Include` into attachments. */
export class XopSink implements XopWriter {
  /** The parts made so far, in document order. */
  readonly parts: Attachment[] = [];
  /** Values shorter than this stay inline base64. */
  readonly threshold: number;
  private readonly prefix: string;

  constructor(threshold = 0) {
    this.threshold = threshold;
    this.prefix = `${Math.random().toString(36).slice(2, 10)}`;
  }

  /** Adds `data` as a part; returns its Content-ID. */
  add(data: Uint8Array): string {
    const contentId = `${this.parts.length + 1}.${this.prefix}@wsdlc`;
    this.parts.push({ contentId, contentType: 'application/octet-stream', data });
    return contentId;
  }

  /** Adds `data` as a part; returns the `cid:` URL of an `xop:Include` of it. */
  include(data: Uint8Array): string {
    return cidUrl(this.add(data));
  }
}

/** Runs `write` (synchronous) with `sink` collecting base64Binary element values as XOP parts. */
export function writeWithXop<T>(sink: XopSink, write: () => T): T {
  const outer = attachmentSupport.xop;
  attachmentSupport.xop = sink;
  try {
    return write();
  } finally {
    attachmentSupport.xop = outer;
  }
}
