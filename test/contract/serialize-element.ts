/**
 * Writes a parsed element back out as a standalone XML document, carrying the
 * namespace declarations in scope (used to lift the inline schema out of a WSDL).
 */
import type { XmlElement } from '../../src/runtime/xml/xml-parse.js';

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

function write(el: XmlElement, decls: Readonly<Record<string, string>>, out: string[]): void {
  const qname = el.prefix ? `${el.prefix}:${el.name}` : el.name;
  out.push(`<${qname}`);
  for (const [prefix, uri] of Object.entries(decls))
    out.push(` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escapeAttr(uri)}"`);
  for (const a of el.attrs) out.push(` ${a.prefix ? `${a.prefix}:${a.name}` : a.name}="${escapeAttr(a.value)}"`);
  out.push('>');
  for (const child of el.children) {
    if (typeof child === 'string') out.push(escapeText(child));
    else write(child, child.nsDecls, out);
  }
  out.push(`</${qname}>`);
}

/** Serialises `el` as a document; its root declares every namespace in scope. */
export function serializeElement(el: XmlElement): string {
  const inScope: Record<string, string> = {};
  const chain: XmlElement[] = [];
  for (let e: XmlElement | undefined = el; e; e = e.parent) chain.unshift(e);
  for (const e of chain) Object.assign(inScope, e.nsDecls);
  const out: string[] = ['<?xml version="1.0" encoding="utf-8"?>\n'];
  write(el, inScope, out);
  return out.join('');
}
