/** The nearest-rank percentile (0–100) of `values`. */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export const median = (values: number[]): number => percentile(values, 50);
