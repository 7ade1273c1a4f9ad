/**
 * Attachments an implementation adds to its response (SOAP with Attachments 1.0):
 * `addResponseAttachment(ctx, part)` during the call; the response then goes out
 * as multipart/related with the envelope as root part (or inside the MTOM package
 * when the response is MTOM). Kept beside the request's context, not on it, so
 * that plain requests pay nothing for the feature.
 *
 * Ships with generated code.
 */
import { type Attachment, attachmentCodec } from '../wire/attachments.js';
import type { OperationContext } from './server-types.js';

const pending = new WeakMap<OperationContext, Attachment[]>();
/** How many contexts have attachments waiting: responses look them up only when there are some. */
let waiting = 0;

/**
 * Adds a MIME part to the response of the request `ctx` belongs to (refer to it
 * from the response as `cid:<contentId>`, or leave it unreferenced, as SwA allows).
 * @throws MultipartError (`module`) when the MTOM/SwA module (wire/mtom.ts) is not loaded
 */
export function addResponseAttachment(ctx: OperationContext, attachment: Attachment): void {
  attachmentCodec('addResponseAttachment');
  const list = pending.get(ctx);
  if (list !== undefined) {
    list.push(attachment);
    return;
  }
  pending.set(ctx, [attachment]);
  waiting++;
}

/** The attachments added for `ctx` (and forgets them), or `undefined`. */
export function takeResponseAttachments(ctx: OperationContext): Attachment[] | undefined {
  if (waiting === 0) return undefined;
  const list = pending.get(ctx);
  if (list === undefined) return undefined;
  pending.delete(ctx);
  waiting--;
  return list;
}
