/**
 * Serving a multipart/related SOAP request: MTOM (an XOP package, SOAP 1.2 MTOM
 * §4.3, SOAP 1.1 Binding for MTOM 1.0 §3) or SOAP with Attachments (SwA 1.0).
 * The body is read within `maxBodyBytes` and at most `maxRequestParts` parts; the
 * SOAP version is the root part's (its `type` parameter for XOP). A body that
 * cannot be read as such (no boundary, no root part, an unterminated part, too many
 * parts, an `xop:Include` naming no part) is answered with a Client fault (SOAP
 * 1.1, 500) or a Sender fault (SOAP 1.2, 400); the implementation is not called.
 * Without the MTOM/SwA module (wire/mtom.ts, see wire/attachments.ts) every such
 * request is answered 415 with a Client (Sender) fault, and the service keeps serving.
 *
 * Ships with generated code.
 */
import { attachmentSupport, type MimeMessage, MultipartError, XOP_MEDIA_TYPE } from '../wire/attachments.js';
import type { MediaType } from '../wire/content-type.js';
import { writeFault } from '../wire/faults.js';
import { soapContentType } from '../wire/soap-envelope.js';
import type { HttpExchange } from './exchange.js';
import { sendBodyError } from './server-body-errors.js';
import { clientFault, sendFault, type SoapVersion } from './server-faults.js';
import type { ServiceEndpoint } from './server-routes.js';
import { serveSoapText } from './server-soap.js';
import type { HandlerState } from './server-state.js';

/** The SOAP version a multipart content type announces (`type`, and `start-info` for XOP), if it names one. */
function announcedVersion(mediaType: MediaType): SoapVersion | undefined {
  let type = mediaType.params['type']?.trim().toLowerCase();
  if (type === XOP_MEDIA_TYPE) type = mediaType.params['start-info']?.trim().toLowerCase();
  if (type === undefined) return undefined;
  if (type.startsWith('application/soap+xml')) return '1.2';
  if (type.startsWith('text/xml')) return '1.1';
  return undefined;
}

/** Serves a multipart/related SOAP request at `svc`. Never throws: every failure is answered on `ex`. */
export function serveSoapMime(state: HandlerState, ex: HttpExchange, svc: ServiceEndpoint, mediaType: MediaType): void {
  // The version to answer a broken body in: the announced one if served here, else the one served.
  const announced = announcedVersion(mediaType);
  const fallback: SoapVersion =
    announced === '1.2'
      ? svc.soap12
        ? '1.2'
        : '1.1'
      : announced === '1.1'
        ? svc.soap11
          ? '1.1'
          : '1.2'
        : svc.soap11
          ? '1.1'
          : '1.2';
  const codec = attachmentSupport.codec;
  if (codec === undefined) {
    // The MTOM/SwA module (wire/mtom.ts) is not loaded: 415 Unsupported Media Type
    // (RFC 9110 §15.5.16) with a Client/Sender fault; the body is not read.
    const fault = clientFault(
      'This endpoint does not accept multipart/related (MTOM or SOAP with Attachments) requests; send the envelope as text/xml or application/soap+xml.',
    );
    ex.send(415, soapContentType(fallback), writeFault(fallback, fault, { debug: false }));
    return;
  }
  try {
    ex.readBody(
      state.limits,
      (err, raw) => {
        try {
          if (raw === undefined) {
            sendBodyError(ex, err);
            return;
          }
          let mime: MimeMessage;
          try {
            mime = codec.read(raw, mediaType, state.maxParts);
          } catch (e) {
            if (!(e instanceof MultipartError)) throw e;
            sendFault(ex, fallback, clientFault(`Server was unable to read request. ---> ${e.message}`), state);
            return;
          }
          const version: SoapVersion = mime.soapType.type === 'application/soap+xml' ? '1.2' : '1.1';
          const dispatch = version === '1.1' ? svc.soap11 : svc.soap12;
          if (dispatch === undefined) {
            sendFault(ex, fallback, clientFault(`This endpoint does not serve SOAP ${version}.`), state);
            return;
          }
          serveSoapText(state, ex, dispatch, version, mime.soapType, mime.xml, mime);
        } catch {
          ex.internalError();
        }
      },
      undefined,
    );
  } catch {
    ex.internalError();
  }
}
