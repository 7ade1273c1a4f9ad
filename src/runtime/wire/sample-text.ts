/**
 * A stand-in for a value in a sample message: the codec writes its `text` where
 * the value's text would go, whatever the value's type (service pages show
 * `<Age>int</Age>` as ASP.NET's help pages do, written by the same writers as
 * real messages). The codec looks for it only once a value has failed to encode,
 * so real messages pay nothing for it.
 *
 * Ships with generated code: imports nothing.
 */
export class SampleText {
  /** The text written in place of the value. */
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}
