/**
 * A lock handed to its waiters in arrival order. Unlike a promise chain it can say whether anyone
 * holds or awaits it, which is how group commit knows that no transaction is waiting.
 */
export class FifoLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  /** Whether the lock is held or awaited. */
  get busy(): boolean {
    return this.#held || this.#waiters.length > 0;
  }

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Takes the lock only if nobody holds or awaits it. */
  tryAcquire(): boolean {
    if (this.busy) return false;
    this.#held = true;
    return true;
  }

  /** Hands the lock to the longest waiter, if any. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}
