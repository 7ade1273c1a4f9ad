/**
 * Reading cited values back out of a path written from a location template (runtime
 * wire/path-template-match.ts), as the server routes requests and the client checks what it
 * writes: which values it reads out, and that it makes one pass over a path whatever the path
 * holds (a regular expression with several lazy groups backtracked polynomially: 3,000 slashes
 * against three raw citations held the event loop for seconds).
 */
import { describe, expect, it } from 'vitest';
import { compilePathTemplate, matchPathTemplate } from '../../src/runtime/wire/path-template-match.js';

function match(template: string, path: string, asSent = false): readonly string[] | undefined {
  return matchPathTemplate(compilePathTemplate(template, asSent), path);
}

describe('matchPathTemplate', () => {
  it('reads segment citations within their segment, up to the first occurrence of the text after them', () => {
    expect(match('/books/Find/(isbn)/Shelf(shelf)', '/BOOKS/find/a+b/shelf12/')).toEqual(['a+b', '12']);
    expect(match('/date/(y)-(m)-(d)', '/date/2024-01-02')).toEqual(['2024', '01', '02']);
    expect(match('/v/(a);(b);(c)', '/v/1;2;3')).toEqual(['1', '2', '3']);
    expect(match('/f/(a).(b)', '/f/1.2.3')).toEqual(['1', '2.3']);
    expect(match('/f/(a)/x', '/f/1/2/x')).toBeUndefined();
    expect(match('/f/(a)', '/f/')).toEqual(['']);
    expect(match('/f/(a)', '/f/x/y')).toBeUndefined();
    expect(match('/f/(p0),(!p1),(!p2)', '/f/a,b/c,d')).toEqual(['a', 'b/c', 'd']);
  });

  it('reads raw citations across segments up to the first occurrence of the text after them; the last keeps a trailing "/"', () => {
    expect(match('/f/(!a)/mid/(!b)', '/f/x/y/mid/z/mid/w/')).toEqual(['x/y', 'z/mid/w/']);
    expect(match('/f/(!a)/end', '/f/x/y/end/')).toEqual(['x/y']);
    expect(match('/f/(!a)', '/f/x/')).toEqual(['x/']);
  });

  it('a location ending in "/" after its last citation: the value ends before it, and the request may leave it out', () => {
    expect(match('/items/(!p)/', '/items/shoes/red/')).toEqual(['shoes/red']);
    expect(match('/items/(!p)/', '/items/shoes/red')).toEqual(['shoes/red']);
    expect(match('/items/(p)/', '/items/a/')).toEqual(['a']);
  });

  it('exact: the path ends as the template does, no "/" added or left out (how the client reads back what it wrote)', () => {
    const t = compilePathTemplate('/items/(!p)/');
    expect(matchPathTemplate(t, '/items/a/', undefined, true)).toEqual(['a']);
    expect(matchPathTemplate(t, '/items/a', undefined, true)).toBeUndefined();
    expect(matchPathTemplate(compilePathTemplate('/x'), '/x/', undefined, true)).toBeUndefined();
    expect(matchPathTemplate(compilePathTemplate('/f/(!a)/end'), '/f/b/end/', undefined, true)).toBeUndefined();
  });

  it('two citations with no text between them: the first gets the empty string', () => {
    expect(match('/f/(!a)(b)', '/f/xy')).toEqual(['', 'xy']);
    expect(match('/f/(a)(!b)', '/f/xy/z')).toEqual(['', 'xy/z']);
  });

  it('matches only the path part of a location with a query, and a location without citations as written', () => {
    expect(match('/items/(!p)?lang=(lang)', '/items/a/b')).toEqual(['a/b']);
    expect(match('/touch?v=2', '/TOUCH/')).toEqual([]);
    expect(match('/touch?v=2', '/touched')).toBeUndefined();
    expect(match('/x/(a?b', '/x/(a')).toEqual([]);
  });

  it('refuses what does not match: another prefix, a missing tail, a tail overlapping the prefix', () => {
    expect(match('/f/(!a)/end', '/g/x/end')).toBeUndefined();
    expect(match('/f/(!a)/end', '/f/x/en')).toBeUndefined();
    expect(match('/f/(!a)/f/', '/f/')).toBeUndefined();
  });

  it('lower-cases ASCII letters only, so a character whose lower case is longer cannot shift the values read', () => {
    // 'İ'.toLowerCase() is two code units: lower-casing the whole path would cut the value one unit late.
    expect(match('/F/(!a)/END', '/f/\u0130x/end')).toEqual(['\u0130x']);
    expect(match('/f/\u0130/(a)', '/f/\u0130/v')).toEqual(['v']);
    expect(match('/f/\u0130/(a)', '/f/i/v')).toBeUndefined();
  });

  it('as sent, literal text is matched as a URL parser writes it in a request path', () => {
    expect(match('/caf\u00e9/find items/(a)', '/caf%C3%A9/find%20items/x', true)).toEqual(['x']);
    expect(match('/caf\u00e9/find items/(a)', '/caf%c3%a9/FIND%20items/x', true)).toEqual(['x']);
    expect(match('/a\\b/(a)', '/a/b/x', true)).toEqual(['x']);
    expect(match('/caf\u00e9/(a)', '/caf%C3%A9/x')).toBeUndefined();
  });

  it('gives up on a hostile path after one pass: three raw citations against 6,000 slashes', () => {
    const template = compilePathTemplate('/svc/f/(!a)/(!b)/(!c)/end');
    const path = `/svc/f/${'/'.repeat(6_000)}x`;
    // With lazy regular-expression groups this took 20 s and more (cubic backtracking); this test's
    // 5 s timeout fails it (a synchronous test is failed once it returns).
    expect(matchPathTemplate(template, path)).toBeUndefined();
    expect(matchPathTemplate(template, `/svc/f/${'/'.repeat(6_000)}end`)).toEqual(['', '', '/'.repeat(5_997)]);
  }, 5_000);
});
