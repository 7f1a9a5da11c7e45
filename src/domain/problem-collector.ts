import { AppError, type Problem } from './app-error.js';

/**
 * The failures of one request's independent checks, answered together (docs/api/conventions.md: every problem at
 * once). A lone failure is answered as it was raised, with its own code (and so its own status);
 * several become one list of problems.
 */
export class ProblemCollector {
  private readonly failures: AppError[] = [];

  get empty(): boolean {
    return this.failures.length === 0;
  }

  add(problems: readonly Problem[]): void {
    if (problems.length) this.failures.push(AppError.of([...problems]));
  }

  /** Runs a check, keeping the contract error it throws; any other error is a bug and propagates. */
  async check<T>(check: () => T | Promise<T>): Promise<T | undefined> {
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.failures.push(error);
      return undefined;
    }
  }

  throwIfAny(): void {
    if (this.failures.length === 1) throw this.failures[0]!;
    if (this.failures.length) throw AppError.of(this.failures.flatMap((failure) => failure.problems));
  }
}
