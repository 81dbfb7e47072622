/**
 * The renderer's clock (docs/decisions.md §9: countdowns to expiry). One reactive `now` that every countdown
 * reads, ticking once a second while started, so a queue of 10,000 rows runs one timer, not 10,000.
 * Tests make it with a fixed time and move it with `set`.
 */
export class Clock {
  now = $state(0);
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #read: () => number;

  constructor(read: () => number = () => Date.now()) {
    this.#read = read;
    this.now = read();
  }

  start(intervalMs = 1000): void {
    this.stop();
    this.#timer = setInterval(() => (this.now = this.#read()), intervalMs);
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  set(ms: number): void {
    this.now = ms;
  }
}
