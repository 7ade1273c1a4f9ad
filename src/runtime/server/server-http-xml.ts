/**
 * Serving HTTP POST operations whose request body is an XML document (WSDL 1.1
 * §5.6 `mime:mimeXml`, §5.3 `mime:content type="text/xml"`). Several operations
 * may share one location (Amazon SQS binds every operation to `/`), so the
 * operation is chosen by the document's root element (namespace and local name).
 *
 * Error choices (as for form parameters, see server-http.ts): a malformed
 * document, an unknown root element or content that does not fit the element's
 * type is answered `400 text/plain` with a one-line reason. Ships with generated code.
 */
import { DecodeError } from '../wire/codec.js';
import type { MediaType } from '../wire/content-type.js';
import { decodeHttpXmlInput } from '../wire/http-xml.js';
import { readRequestText } from './server-body-errors.js';
import { answerHttp } from './server-http.js';
import type { HttpExchange } from './exchange.js';
import { sendText } from './server-respond.js';
import { elementKey, type HttpRoute } from './server-routes.js';
import type { HandlerState } from './server-state.js';
import { parseXml, XmlParseError, type XmlElement } from '../xml/xml-parse.js';

/**
 * Serves an XML-document HTTP POST request at a path whose operations are
 * `routes` (keyed by {@link elementKey} of their input's root element).
 * Never rejects: every failure is answered on `ex`.
 */
export async function serveHttpXml(
  state: HandlerState,
  ex: HttpExchange,
  routes: ReadonlyMap<string, HttpRoute>,
  mediaType: MediaType,
): Promise<void> {
  try {
    const text = await readRequestText(state, ex, mediaType);
    if (text === undefined) return;
    let root: XmlElement;
    try {
      root = parseXml(text, { maxDepth: state.maxDepth });
    } catch (err) {
      if (err instanceof XmlParseError) {
        sendText(ex, 400, `Malformed XML request at ${err.line}:${err.column}: ${err.message}`);
        return;
      }
      throw err;
    }
    const route = routes.get(elementKey(root.ns, root.name));
    const xmlInput = route?.http.input;
    if (!route || !xmlInput) {
      const expected = [...routes.values()].map((r) => r.http.input?.element.name ?? '').join(', ');
      sendText(ex, 400, `No operation here takes a {${root.ns}}${root.name} document; expected one of: ${expected}.`);
      return;
    }
    let input: unknown;
    try {
      input = decodeHttpXmlInput(xmlInput, root, state.types);
    } catch (err) {
      if (err instanceof DecodeError) {
        sendText(ex, 400, `Cannot read the request document: ${err.message}`);
        return;
      }
      throw err;
    }
    await answerHttp(state, ex, route, input);
  } catch {
    ex.internalError();
  }
}
