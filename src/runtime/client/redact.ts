/**
 * Redaction of secrets in what the client logs or records: the text of XML
 * elements, query/form parameters and attributes whose local name looks like a
 * secret (passwords, tickets, tokens, session ids, nonces...), and credential
 * headers (`Authorization`, `Cookie`...). Values are replaced by `***`; names
 * and structure stay, so a log still shows what was sent.
 *
 * Ships with generated code: imports nothing.
 */

/** What is a secret, besides the defaults. */
export interface RedactOptions {
  /** More element/parameter names (matched case-insensitively against the local name) to redact. */
  readonly redact?: readonly (string | RegExp)[];
}

/** The replacement of a secret value. */
export const REDACTED = '***';

/**
 * Local names whose values are secrets: passwords, tickets (Auth's `ServiceTicket`),
 * tokens, session ids (Salesforce `sessionId`), nonces, keys, signatures, credentials.
 */
const SECRET_NAME =
  /(?:pass(?:word|wd|phrase)?|pwd|secret|ticket|token|session_?id|nonce|credential|api_?key|private_?key|signaturevalue)$/i;

/** Header names whose values are credentials. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

function isSecret(name: string, extra: RedactOptions['redact']): boolean {
  if (SECRET_NAME.test(name)) return true;
  if (extra === undefined) return false;
  const lower = name.toLowerCase();
  return extra.some((r) => (typeof r === 'string' ? r.toLowerCase() === lower : r.test(name)));
}

/** Element with text-only content (CDATA included): `<p:Name ...>text</p:Name>`. */
const TEXT_ELEMENT =
  /(<(?:[\w.-]+:)?([\w.-]+)(?:\s[^>]*)?>)((?:[^<]|<!\[CDATA\[[\s\S]*?\]\]>)+)(<\/(?:[\w.-]+:)?\2\s*>)/g;
/** A query or form parameter `name=value`. */
const PARAM = /([?&]|^)([^=&?#\s]+)=([^&#\s]*)/g;
/** An attribute `name="value"`. */
const ATTRIBUTE = /(\s(?:[\w.-]+:)?([\w.-]+)\s*=\s*)("[^"]*"|'[^']*')/g;

/**
 * `text` (XML, a URL or a form body) with secret values replaced by {@link REDACTED}.
 */
export function redactText(text: string, options: RedactOptions = {}): string {
  const extra = options.redact;
  let out = text.replace(TEXT_ELEMENT, (all, open: string, name: string, _v: string, close: string) =>
    isSecret(name, extra) ? open + REDACTED + close : all,
  );
  out = out.replace(ATTRIBUTE, (all, lead: string, name: string, value: string) =>
    isSecret(name, extra) ? `${lead}${value[0]}${REDACTED}${value[0]}` : all,
  );
  if (!out.trimStart().startsWith('<')) {
    out = out.replace(PARAM, (all, lead: string, name: string) => {
      let n = name;
      try {
        n = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return isSecret(n, extra) ? `${lead}${name}=${REDACTED}` : all;
    });
  }
  return out;
}

/** `headers` with credential values (`Authorization`, `Cookie`, `Set-Cookie`...) replaced by {@link REDACTED}. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? REDACTED : v;
  return out;
}
