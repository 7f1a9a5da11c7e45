import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiFailure } from '../shared/api-failure.js';
import { consoleApi } from './console-api.js';

/** A GET of the API, cached under its path; `refetchInterval` keeps live pages current. */
export const useApiQuery = <T>(path: string, options: { refetchInterval?: number; enabled?: boolean } = {}) =>
  useQuery<T, ApiFailure>({ queryKey: [path], queryFn: () => consoleApi.request<T>('GET', path), ...options });

/** A change through the API; on success the listed query keys (path prefixes) are fetched again. */
export const useApiMutation = <TInput, TResult>(run: (input: TInput) => Promise<TResult>, invalidates: QueryKey[] = []) => {
  const queries = useQueryClient();
  return useMutation<TResult, ApiFailure, TInput>({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all(
        invalidates.map((key) => queries.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(String(key[0])) })),
      );
    },
  });
};
