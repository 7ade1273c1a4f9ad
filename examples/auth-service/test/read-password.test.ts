/** Password prompt: hidden raw-mode input on a terminal, first line when piped. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PromptAbortedError, readPassword } from '../src/read-password.js';

/** A PassThrough posing as a TTY, recording raw-mode switches. */
function fakeTty(): PassThrough & { isTTY: boolean; rawModes: boolean[]; setRawMode: (on: boolean) => void } {
  const s = new PassThrough() as PassThrough & {
    isTTY: boolean;
    rawModes: boolean[];
    setRawMode: (on: boolean) => void;
  };
  s.isTTY = true;
  s.rawModes = [];
  s.setRawMode = (on: boolean) => {
    s.rawModes.push(on);
  };
  return s;
}

function collect(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe('readPassword', () => {
  it('reads the first line of piped input', async () => {
    const input = new PassThrough();
    input.end('pa ss\r\nsecond\n');
    expect(await readPassword(input, new PassThrough())).toBe('pa ss');
  });

  it('reads twice in raw mode without echo on a terminal, honouring Backspace', async () => {
    const input = fakeTty();
    const out = collect();
    const p = readPassword(input, out.stream, 'Password: ');
    input.write('sek\u007fcret\r');
    await new Promise((r) => setImmediate(r));
    input.write('secret\r');
    expect(await p).toBe('secret');
    expect(input.rawModes).toEqual([true, false, true, false]);
    expect(out.text()).toBe('Password: \nRepeat password: \n');
  });

  it('rejects when the two entries differ, and on Ctrl-C', async () => {
    const a = fakeTty();
    const p = readPassword(a, new PassThrough());
    a.write('one\r');
    await new Promise((r) => setImmediate(r));
    a.write('two\r');
    await expect(p).rejects.toThrow(/do not match/);
    const b = fakeTty();
    const q = readPassword(b, new PassThrough());
    b.write('x\u0003');
    await expect(q).rejects.toBeInstanceOf(PromptAbortedError);
    expect(b.rawModes).toEqual([true, false]);
  });
});
