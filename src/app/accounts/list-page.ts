import { AppError } from '../../domain/app-error.js';

/** A page of an operator's list: at most MAX_LIST_LIMIT rows, from `offset`. */
export interface ListPage {
  limit: number;
  offset: number;
}

export interface ListedPage<T> {
  items: T[];
  /** Whether rows follow this page. */
  more: boolean;
}

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;

export const listPage = (limit: number = DEFAULT_LIST_LIMIT, offset = 0): ListPage => {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT)
    throw new AppError('INVALID_PAGINATION', `The limit is a whole number from 1 to ${MAX_LIST_LIMIT}.`, { field: 'limit' });
  if (!Number.isInteger(offset) || offset < 0)
    throw new AppError('INVALID_PAGINATION', 'The offset is a whole number from 0.', { field: 'offset' });
  return { limit, offset };
};
