/**
 * Row ↔ model mapping for the table modules. The storage conventions (schema.ts) stay here:
 * booleans are 0/1 integers and structured values JSON text, so no use case ever sees either.
 */
export interface Codec<M, C> {
  decode(column: C): M;
  encode(value: M): C;
}

export const bool: Codec<boolean, number> = { decode: (column) => column === 1, encode: (value) => (value ? 1 : 0) };

export const json = <T>(): Codec<T, string> => ({ decode: (column) => JSON.parse(column) as T, encode: (value) => JSON.stringify(value) });

export const jsonOrNull = <T>(): Codec<T | null, string | null> => ({
  decode: (column) => (column === null ? null : (JSON.parse(column) as T)),
  encode: (value) => (value === null ? null : JSON.stringify(value)),
});

/** A text column holding one of a closed set of values, typed as that set. */
export const oneOf = <T extends string>(): Codec<T, string> => ({ decode: (column) => column as T, encode: (value) => value });

type Column<Row> = keyof Row & string;
type Spec<Model, Row> = { [K in keyof Model]-?: Column<Row> | readonly [Column<Row>, Codec<Model[K], unknown>] };

/** Maps a model's camelCase properties to a table's columns, through codecs where the stored form differs. */
export const rowCodec = <Model, Row>(spec: Spec<Model, Row>) => {
  const entries = Object.entries(spec as Record<string, string | readonly [string, Codec<unknown, unknown>]>).map(([property, target]) =>
    typeof target === 'string' ? { property, column: target, codec: undefined } : { property, column: target[0], codec: target[1] },
  );
  /** The columns of the properties present in `changes`: what an UPDATE sets. */
  const toColumns = (changes: Partial<Model>): Partial<Row> => {
    const source = changes as Record<string, unknown>;
    return Object.fromEntries(
      entries
        .filter(({ property }) => source[property] !== undefined)
        .map(({ property, column, codec }) => [column, codec ? codec.encode(source[property]) : source[property]]),
    ) as Partial<Row>;
  };
  // Arrow functions, not methods: callers pass them unbound, as in `models.map(codec.toRow)`.
  return {
    fromRow: (row: Row): Model => {
      const source = row as Record<string, unknown>;
      return Object.fromEntries(
        entries.map(({ property, column, codec }) => [property, codec ? codec.decode(source[column]) : source[column]]),
      ) as Model;
    },
    toRow: (model: Model): Row => toColumns(model) as Row,
    toColumns,
  };
};
