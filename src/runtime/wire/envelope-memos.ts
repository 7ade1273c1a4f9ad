/**
 * The memos of recent SOAP envelopes (soap-envelope.ts `envelopeMemos`), created when
 * this module is loaded: eight envelope starts (XmlPrefixMemo) and eight envelope
 * shapes (XmlShapeMemo), which make a peer's repeated small messages several times
 * cheaper to parse. The server imports this module; the client loads it by `import()`
 * on hosts that run the runtime's files from disk (client/transport-default.ts), so a
 * browser bundle of a client leaves the memos out and scans every envelope in full.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { XmlPrefixMemo, XmlShapeMemo } from '../xml/xml-parse.js';
import { envelopeMemos } from './soap-envelope.js';

envelopeMemos.starts = new XmlPrefixMemo(8);
envelopeMemos.shapes = new XmlShapeMemo(8);
