/**
 * Rewrites the references of a vendored document to the local files: the
 * `location` of `wsdl:import` (WSDL 1.1 §2.1.1) and the `schemaLocation` of
 * `xsd:import|include|redefine` (XML Schema Part 1 §4.2). Only those attributes of
 * those elements change; the rest of the text is kept byte for byte.
 */

const TAG = /<(?:[A-Za-z_][\w.-]*:)?(?:import|include|redefine)\b[^>]*>/g;
const ATTR = /(\s(?:schemaLocation|location)\s*=\s*)(["'])([^"']*)\2/g;

/** Decodes the predefined entities and character references of an attribute value (XML 1.0 §4.6, §4.1). */
function decodeEntities(v: string): string {
  return v.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    return String.fromCodePoint(e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}

/**
 * Replaces each reference whose value (as written, trimmed) is a key of `local`.
 * @returns the new text and how many attributes changed
 */
export function rewriteReferences(text: string, local: ReadonlyMap<string, string>): { text: string; count: number } {
  let count = 0;
  const out = text.replace(TAG, (tag) =>
    tag.replace(ATTR, (whole, head: string, quote: string, value: string) => {
      const target = local.get(decodeEntities(value).trim());
      if (target === undefined) return whole;
      count++;
      return `${head}${quote}${target}${quote}`;
    }),
  );
  return { text: out, count };
}

/** Marks rewritten text as UTF-8 (it is written so), if its XML declaration names another encoding. */
export function declareUtf8(text: string): string {
  return text
    .replace(
      /^(\uFEFF?<\?xml[^?]*?\sencoding\s*=\s*)(["'])([^"']*)\2/,
      (whole, head: string, q: string, enc: string) => (/^utf-?8$/i.test(enc) ? whole : `${head}${q}UTF-8${q}`),
    )
    .replace(/^\uFEFF/, '');
}
