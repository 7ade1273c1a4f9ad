/**
 * Local file names for vendored documents: derived from the URL's last path segment
 * (and query, for `Service.svc?xsd=xsd0` style URLs), reduced to `[A-Za-z0-9._-]`,
 * with the extension of the document's kind, made unique. A name never contains a
 * path separator or starts with a dot, so every file lands directly in the output folder.
 */

/** The name a URL would like, before de-duplication. */
export function preferredName(url: string, kind: 'wsdl' | 'xsd'): string {
  const u = new URL(url);
  const last = decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? '') || u.hostname;
  const query = u.search
    .slice(1)
    .split('&')
    .map((p) => p.split('=').pop() ?? '')
    .filter((v) => v !== '' && !/^(wsdl|xsd|singlewsdl)$/i.test(v))
    .join('.');
  let base = `${last}${query ? `.${query}` : ''}`.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '');
  if (base === '') base = kind;
  base = base.slice(0, 100);
  const ext = `.${kind}`;
  return base.toLowerCase().endsWith(ext) ? base : `${base.replace(/\.(wsdl|xsd|xml)$/i, '')}${ext}`;
}

/** Makes `name` unique among `taken` (`a.xsd`, `a-2.xsd`, ...) and claims it. */
export function claimName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const stem = name.slice(0, dot);
  const ext = name.slice(dot);
  let candidate = name;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${stem}-${i}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Whether `name` is a plain file name this module could have produced. */
export function isSafeName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && !name.includes('..');
}
