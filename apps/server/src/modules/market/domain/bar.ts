/** The close of one bar; `at` is the bar's end (epoch ms), when its close became known. */
export interface Bar {
  readonly at: number;
  readonly close: string;
}
