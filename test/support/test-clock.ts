import type { Clock } from '../../src/domain/clock.js';

/** A clock the test moves by hand: expiry and lifetimes without sleeping. */
export class TestClock implements Clock {
  private current: number;

  constructor(start = new Date('2026-11-21T08:00:00.000Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }

  set(date: Date): void {
    this.current = date.getTime();
  }
}
