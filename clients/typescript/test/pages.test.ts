import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pagesOf } from '../src/pages.js';

type Input = { query?: Record<string, unknown>; body?: unknown };

/** A list of `count` items served `size` at a time, recording each request's input. */
const pagedList = (count: number, size: number) => {
  const requests: Input[] = [];
  const fetchPage = async (input: Input) => {
    requests.push(input);
    const page = Number(input.query?.page);
    const items = Array.from({ length: count }, (_, i) => i).slice((page - 1) * size, page * size);
    return { items, page, page_size: size, total: count };
  };
  return { requests, fetchPage };
};

describe('pagesOf', () => {
  it('asks for each page in turn until page × page_size reaches the total, keeping the rest of the input', async () => {
    const list = pagedList(5, 2);
    const pages = [];
    for await (const page of pagesOf({ style: 'page', in: 'query', items: 'items' }, { query: { pageSize: 2 } }, list.fetchPage))
      pages.push(page);
    assert.deepEqual(
      pages.map((page) => page.items),
      [[0, 1], [2, 3], [4]],
    );
    assert.deepEqual(
      list.requests.map((input) => input.query),
      [
        { pageSize: 2, page: 1 },
        { pageSize: 2, page: 2 },
        { pageSize: 2, page: 3 },
      ],
    );
  });

  it('starts at the page the input names, puts it in the body for body-paged lists, and stops at an empty page', async () => {
    const requests: Input[] = [];
    const pages = [];
    const fetchPage = async (input: Input) => {
      requests.push(input);
      return { items: [], page: 3, page_size: 20, total: 100 };
    };
    for await (const page of pagesOf(
      { style: 'page', in: 'body', items: 'items' },
      { body: { page: 3, filters: { tags: ['x'] } } },
      fetchPage,
    ))
      pages.push(page);
    assert.equal(pages.length, 1);
    assert.deepEqual(requests, [{ body: { page: 3, filters: { tags: ['x'] } } }]);
  });

  it('follows next_cursor until there is none, for cursor-paged lists', async () => {
    const requests: Input[] = [];
    const answers = [
      { items: [1, 2], next_cursor: 'c2' },
      { items: [3], next_cursor: null },
    ];
    const pages = [];
    for await (const page of pagesOf({ style: 'cursor', in: 'query', items: 'items' }, { query: { limit: 2 } }, async (input: Input) => {
      requests.push(input);
      return answers[requests.length - 1]!;
    }))
      pages.push(page);
    assert.deepEqual(
      pages.map((page) => page.items),
      [[1, 2], [3]],
    );
    assert.deepEqual(
      requests.map((input) => input.query),
      [{ limit: 2 }, { limit: 2, cursor: 'c2' }],
    );
  });
});
