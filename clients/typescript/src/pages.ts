type Input = Record<string, unknown> & { query?: Record<string, unknown>; body?: unknown };

export interface Pagination {
  style: 'page' | 'cursor';
  in: 'query' | 'body';
  /** The array of each page's data. */
  items: string;
}

const withParameter = (input: Input, pagination: Pagination, name: string, value: unknown): Input =>
  pagination.in === 'query'
    ? { ...input, query: { ...input.query, [name]: value } }
    : { ...input, body: { ...(input.body as Record<string, unknown> | undefined), [name]: value } };

const parameterOf = (input: Input, pagination: Pagination, name: string): unknown =>
  pagination.in === 'query' ? input.query?.[name] : (input.body as Record<string, unknown> | undefined)?.[name];

/**
 * Every page of a list operation, from the input's page (or cursor) on, one request per page as the loop
 * asks for it. Stops after the last page: an empty one, the total reached, or no next cursor.
 */
export async function* pagesOf<T>(pagination: Pagination, input: Input, fetchPage: (input: Input) => Promise<T>): AsyncIterableIterator<T> {
  if (pagination.style === 'cursor') {
    let cursor = parameterOf(input, pagination, 'cursor');
    for (;;) {
      const page = await fetchPage(cursor === undefined ? input : withParameter(input, pagination, 'cursor', cursor));
      yield page;
      cursor = (page as { next_cursor?: unknown }).next_cursor;
      if (cursor === undefined || cursor === null || cursor === '') return;
    }
  }
  let number = Number(parameterOf(input, pagination, 'page') ?? 1);
  for (;;) {
    const page = await fetchPage(withParameter(input, pagination, 'page', number));
    yield page;
    const { page_size: size, total, [pagination.items]: items } = page as Record<string, unknown>;
    const count = Array.isArray(items) ? items.length : 0;
    if (count === 0 || typeof total !== 'number' || number * (typeof size === 'number' ? size : count) >= total) return;
    number += 1;
  }
}
