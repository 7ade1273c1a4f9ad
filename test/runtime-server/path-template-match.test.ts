/**
 * The server's matcher of request paths against location templates (runtime
 * server/path-template-match.ts): which values it reads out, and that it makes one pass over a
 * path whatever the path holds (a regular expression with several lazy groups backtracked
 * polynomially: 3,000 slashes against three raw citations held the event loop for seconds).
 */
import { describe, expect, it } from 'vitest';
import { compilePathTemplate, matchPathTemplate } from '../../src/runtime/server/path-template-match.js';

function match(template: string, path: string): readonly string[] | undefined {
  return matchPathTemplate(compilePathTemplate(template), path);
}

describe('matchPathTemplate', () => {
  it('reads segment citations within their segment, last occurrence of the text after them first', () => {
    expect(match('/books/Find/(isbn)/Shelf(shelf)', '/BOOKS/find/a+b/shelf12/')).toEqual(['a+b', '12']);
    expect(match('/f/(a).(b)', '/f/1.2.3')).toEqual(['1.2', '3']);
    expect(match('/f/(a)/x', '/f/1/2/x')).toBeUndefined();
    expect(match('/f/(a)', '/f/')).toEqual(['']);
    expect(match('/f/(a)', '/f/x/y')).toBeUndefined();
  });

  it('reads raw citations across segments up to the first occurrence of the text after them; the last keeps a trailing "/"', () => {
    expect(match('/f/(!a)/mid/(!b)', '/f/x/y/mid/z/mid/w/')).toEqual(['x/y', 'z/mid/w/']);
    expect(match('/f/(!a)/end', '/f/x/y/end/')).toEqual(['x/y']);
    expect(match('/f/(!a)(b)', '/f/xy')).toEqual(['', 'xy']);
    expect(match('/f/(a)(!b)', '/f/xy/z')).toEqual(['xy', '/z']);
  });

  it('lower-cases ASCII letters only, so a character whose lower case is longer cannot shift the values read', () => {
    // 'İ'.toLowerCase() is two code units: lower-casing the whole path would cut the value one unit late.
    expect(match('/F/(!a)/END', '/f/\u0130x/end')).toEqual(['\u0130x']);
    expect(match('/f/\u0130/(a)', '/f/\u0130/v')).toEqual(['v']);
    expect(match('/f/\u0130/(a)', '/f/i/v')).toBeUndefined();
  });

  it('matches only the path part of a location with a query, and a location without citations as written', () => {
    expect(match('/items/(!p)?lang=(lang)', '/items/a/b')).toEqual(['a/b']);
    expect(match('/touch?v=2', '/TOUCH/')).toEqual([]);
    expect(match('/touch?v=2', '/touched')).toBeUndefined();
  });

  it('refuses what does not match: another prefix, a missing tail, a tail overlapping the prefix', () => {
    expect(match('/f/(!a)/end', '/g/x/end')).toBeUndefined();
    expect(match('/f/(!a)/end', '/f/x/en')).toBeUndefined();
    expect(match('/f/(!a)/f/', '/f/')).toBeUndefined();
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
