/**
 * Serving one HTTP GET or HTTP POST operation request (WSDL 1.1 §4): parameters
 * from the query string (`http:urlEncoded`) or an `application/x-www-form-urlencoded`
 * form body, the result as an XML document (`mime:mimeXml`, WSDL 1.1 §5.6) with an
 * XML declaration, `text/xml; charset=utf-8`, as ASMX answers.
 *
 * Error choices: a missing or invalid parameter is answered `400 text/plain`
 * with a one-line reason (ASMX answers 500 with an exception text; 400 tells
 * clients and proxies the request itself is at fault). A fault or error of the
 * implementation is answered `500 text/plain` with the fault's reason (a generic
 * "Server was unable to process request." for errors that are not a `SoapFault`,
 * unless `debug`). Ships with generated code.
 */
import { EncodeError, writeValue } from '../wire/codec.js';
import type { MediaType } from '../wire/content-type.js';
import { XmlWriter } from '../xml/xml-write.js';
import { readRequestText } from './server-body-errors.js';
import { clientFault, faultFor, httpFaultStatus, sendFault, SoapFault } from './server-faults.js';
import { answerSoapResponse } from './server-soap.js';
import { decodeHttpParams, decodePathValue, ParamError, parseUrlEncoded } from './server-http-params.js';
import { TEXT_XML_UTF8 } from '../wire/namespaces.js';
import type { HttpExchange } from './exchange.js';
import { sendText } from './server-respond.js';
import type { HttpRoute } from './server-routes.js';
import { reportError, type HandlerState } from './server-state.js';
import type { RequestContext } from './server-types.js';

/**
 * Serves an HTTP GET (`query` is the raw query string) or HTTP POST (form body)
 * operation request, or the GET of a SOAP-Response operation (SOAP 1.2 Part 2 §6.3: its
 * input read as an HTTP GET's, the answer and a bad parameter's Sender fault SOAP 1.2
 * envelopes). Never rejects: every failure is answered on `ex`.
 */
export async function serveHttp(
  state: HandlerState,
  ex: HttpExchange,
  route: HttpRoute,
  query: string,
  mediaType: MediaType | undefined,
  pathValues?: readonly (readonly [name: string, raw: string])[],
): Promise<void> {
  try {
    await serveHttpUnguarded(state, ex, route, query, mediaType, pathValues);
  } catch {
    ex.internalError();
  }
}

async function serveHttpUnguarded(
  state: HandlerState,
  ex: HttpExchange,
  route: HttpRoute,
  query: string,
  mediaType: MediaType | undefined,
  pathValues: readonly (readonly [name: string, raw: string])[] | undefined,
): Promise<void> {
  let text = query;
  // Values a WSDL 2.0 location cites in its query come in the URL even when the others come in a POST form.
  const urlQuery = route.queryCited !== undefined && route.binding === 'httpPost' ? query : '';
  if (route.binding === 'httpPost') {
    const body = await readRequestText(state, ex, mediaType);
    if (body === undefined) return;
    text = body;
  }
  let input: Record<string, unknown>;
  try {
    const separator = route.http.separator;
    const params = parseUrlEncoded(text, route.binding === 'httpPost' ? 'form body' : 'query string', separator);
    if (pathValues !== undefined) {
      // The values in the request path; a query or form pair of the same name is ignored.
      for (const [name, raw] of pathValues) params.set(name, decodePathValue(raw));
    }
    if (urlQuery !== '') {
      const inUrl = parseUrlEncoded(urlQuery, 'query string', separator);
      for (const name of route.queryCited ?? []) {
        const values = inUrl.getAll(name);
        if (values.length === 0) continue;
        params.delete(name);
        for (const v of values) params.append(name, v);
      }
    }
    input = decodeHttpParams(route.http.params, params);
  } catch (err) {
    if (err instanceof ParamError) {
      // SOAP-Response MEP: the request is at fault, a Sender fault (SOAP 1.2 Part 2 §7.5.2.2: 400).
      if (route.soap) sendFault(ex, '1.2', clientFault(err.message), state);
      else sendText(ex, 400, err.message);
      return;
    }
    throw err;
  }
  if (route.soap) answerSoapResponse(state, ex, { op: route.op, soap: route.soap, binding: 'soap12' }, input);
  else await answerHttp(state, ex, route, input);
}

/**
 * Calls the implementation of an HTTP GET/POST operation with its decoded input
 * and answers with the output document (or a `500 text/plain` reason).
 */
export async function answerHttp(
  state: HandlerState,
  ex: HttpExchange,
  route: HttpRoute,
  input: unknown,
): Promise<void> {
  const ctx = {
    binding: route.binding,
    operation: route.op.name,
    headers: ex.contextHeaders,
    request: ex.contextRequest,
  } as RequestContext;
  const impl = state.impls.get(route.op.name)!;
  let result: unknown;
  try {
    result = await impl(input, ctx);
  } catch (err) {
    if (!(err instanceof SoapFault)) reportError(state, err, ctx);
    const fault = faultFor(err, state.debug);
    const { status, headers } = httpFaultStatus(fault);
    sendText(ex, status, fault.reason, headers);
    return;
  }
  const output = route.http.output;
  if (!output) {
    // A one-way operation (WSDL 1.1 §2.4.1; WSDL 2.0 in-only, robust-in-only) answers as SOAP's do: 202, no body.
    ex.sendEmpty(route.op.output === undefined ? 202 : 200);
    return;
  }
  let xml: string;
  try {
    // A result the SOAP bindings unwrap is the one child of the element (absent when it is).
    if (output.result !== undefined) result = { [output.result]: result };
    // No result (an optional SOAP result left out) is written as ASMX writes a null one: xsi:nil where allowed.
    else if (result === undefined || result === null) {
      if (!output.nillable)
        throw new EncodeError(
          output.element.name,
          `the operation returned no result, which the ${route.binding === 'httpGet' ? 'HTTP GET' : 'HTTP POST'} binding cannot carry (${output.element.name} is not nillable)`,
        );
    }
    const w = new XmlWriter().declaration();
    writeValue(w, output.element, result ?? null, output.value, state.types);
    xml = w.toString();
  } catch (err) {
    reportError(state, err, ctx);
    sendText(ex, 500, faultFor(err, state.debug).reason);
    return;
  }
  ex.send(200, TEXT_XML_UTF8, xml);
}
