/** The service's bounds on a bulk send (docs/api/bulk-sending.md): the page says so before the upload rather than after it. */
export const MAX_ROWS = 10_000;
export const MAX_CSV_MEGABYTES = 5;
export const MAX_CSV_BYTES = MAX_CSV_MEGABYTES * 1024 * 1024;
