/**
 * The error `p` rejects with (typed as `E`, unchecked); fails the test when `p` resolves,
 * naming what it resolved with.
 */
export async function rejection<E = Error>(p: Promise<unknown>): Promise<E> {
  let value: unknown;
  try {
    value = await p;
  } catch (err) {
    return err as E;
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`);
}
