/**
 * Reading a password from standard input.
 *
 * On a terminal: raw mode, nothing echoed, Backspace edits, Enter ends,
 * Ctrl-C / Ctrl-D on an empty line abort. Piped: the first line of input
 * (without its line ending).
 */
import type { Readable, Writable } from 'node:stream';
import type { ReadStream } from 'node:tty';

/** Thrown when the user aborts the prompt (Ctrl-C, or end of input with nothing typed). */
export class PromptAbortedError extends Error {
  override readonly name = 'PromptAbortedError';
}

function isTty(input: Readable): input is ReadStream {
  return (
    (input as Partial<ReadStream>).isTTY === true && typeof (input as Partial<ReadStream>).setRawMode === 'function'
  );
}

/** Reads the first line of a non-terminal stream. */
export async function readFirstLine(input: Readable): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  const nl = text.indexOf('\n');
  const line = nl === -1 ? text : text.slice(0, nl);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Reads one line from a terminal in raw mode without echo. */
function readHidden(input: ReadStream, output: Writable, prompt: string): Promise<string> {
  output.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise<string>((resolve, reject) => {
    let value = '';
    const finish = (err?: Error): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0003' || ch === '\u0004') {
          const aborted = ch === '\u0003' || (ch === '\u0004' && value.length === 0);
          finish(aborted ? new PromptAbortedError('aborted') : undefined);
          return;
        }
        if (ch === '\u007f' || ch === '\b') {
          value = [...value].slice(0, -1).join('');
          continue;
        }
        if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
  });
}

/**
 * Reads a password: hidden prompt (asked twice, must match) on a terminal, the
 * first line otherwise.
 * @throws PromptAbortedError when aborted; Error when the two entries differ
 */
export async function readPassword(input: Readable, output: Writable, prompt = 'Password: '): Promise<string> {
  if (!isTty(input)) return readFirstLine(input);
  const first = await readHidden(input, output, prompt);
  const again = await readHidden(input, output, 'Repeat password: ');
  if (first !== again) throw new Error('the passwords do not match');
  return first;
}
