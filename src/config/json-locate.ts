/**
 * Positions inside a JSON text, so config errors can point at the offending key
 * (`wsdlc.config.json:7:9: ...`). JSON itself is parsed with `JSON.parse`; this
 * only walks the (already valid) text to record where each value and key starts
 * (RFC 8259 grammar: objects, arrays, strings, numbers, literals).
 */

/** A 1-based line and column. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** Path of a value: object keys and array indices from the root, e.g. `['contracts', 0, 'wsdl']`. */
export type JsonPath = readonly (string | number)[];

/** Maps JSON paths to the position of the member's key (objects) or of the value (array items, root). */
export class JsonPositions {
  private readonly positions = new Map<string, TextPosition>();

  /** Records a position (internal to {@link locateJson}). */
  set(path: JsonPath, pos: TextPosition): void {
    this.positions.set(JSON.stringify(path), pos);
  }

  /** The position of `path`, or of its nearest located ancestor. */
  get(path: JsonPath): TextPosition {
    for (let n = path.length; n >= 0; n--) {
      const hit = this.positions.get(JSON.stringify(path.slice(0, n)));
      if (hit) return hit;
    }
    return { line: 1, column: 1 };
  }
}

/** Converts a 0-based character offset to a 1-based line and column. */
export function offsetToPosition(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Walks valid JSON `text` and records the position of every key and array item. */
export function locateJson(text: string): JsonPositions {
  const out = new JsonPositions();
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const pos = (): TextPosition => ({ line, column: i - lineStart + 1 });
  const skipWs = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        lineStart = i + 1;
      } else if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) break;
      i++;
    }
  };
  const readString = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++; // closing quote
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: (string | number)[]): void => {
    skipWs();
    const c = text[i];
    if (c === '{') {
      i++;
      skipWs();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skipWs();
        const keyPos = pos();
        const key = readString();
        out.set([...path, key], keyPos);
        skipWs();
        i++; // colon
        value([...path, key]);
        skipWs();
        if (text[i++] !== ',') return;
      }
    } else if (c === '[') {
      i++;
      skipWs();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        skipWs();
        out.set([...path, index], pos());
        value([...path, index]);
        skipWs();
        if (text[i++] !== ',') return;
      }
    } else if (c === '"') {
      readString();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i] ?? '')) i++;
    }
  };
  skipWs();
  out.set([], pos());
  value([]);
  return out;
}
