/**
 * A mark at the head of a statement's text asking the PostgreSQL pool to run it as a named (prepared)
 * statement. PostgreSQL then parses and plans it once per connection and, after a few runs, keeps a
 * generic plan: the envelope details read plans in about 3 ms and runs in under 1 ms, so an unnamed
 * statement spends most of its time being planned again. Only texts that never vary carry the mark
 * (prepared-query.ts), so each connection holds a bounded number of them.
 */
const MARK = '/* named */ ';

export const asNamedStatement = (sql: string): string => `${MARK}${sql}`;

export const isNamedStatement = (sql: string): boolean => sql.startsWith(MARK);
