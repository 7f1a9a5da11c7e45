import { AppError } from '../../domain/app-error.js';

/**
 * At most `size` conversions run at once (one per core: each is a whole office suite); the next
 * `maxWaiting` wait their turn in order, and one more is refused with 503 SERVICE_UNAVAILABLE and a
 * Retry-After, rather than queueing without end while its client waits.
 */
export class ConversionSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
    private readonly retryAfterSeconds: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else if (this.waiting.length < this.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else {
      throw new AppError('SERVICE_UNAVAILABLE', 'Every document converter is busy; retry after the time in Retry-After.', {
        retryAfterSeconds: this.retryAfterSeconds,
      });
    }
    try {
      return await work();
    } finally {
      // A slot passes straight to the next in line; it is given back only when nobody waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
