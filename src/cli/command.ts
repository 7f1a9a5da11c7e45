import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A CLI command: its usage text, its options, and what it does. Returns the process exit code. */
export interface Command {
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(args: ParsedArgs): Promise<number>;
}

/**
 * A command as the overview lists it. Its module is imported only when it is the one called, so a
 * command loads what it uses and nothing else (`--help` and `account create` never load the HTTP server).
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  json: boolean;
}

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const parseCommandArgs = (command: Command, argv: string[]): ParsedArgs => {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  return { values: values as ParsedArgs['values'], positionals, json: values.json === true };
};

export const requiredOption = (args: ParsedArgs, name: string): string => {
  const value = args.values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
};

/** `--json` prints exactly one JSON document; otherwise aligned `key: value` lines for people. */
export const printResult = (args: ParsedArgs, result: Record<string, unknown>, note?: string) => {
  if (args.json) {
    console.log(JSON.stringify(result));
    return;
  }
  const width = Math.max(...Object.keys(result).map((k) => k.length));
  for (const [key, value] of Object.entries(result))
    console.log(`${key.padEnd(width)}  ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (note) console.log(`\n${note}`);
};

/** A whole-number option, or undefined when not given. */
export const integerOption = (args: ParsedArgs, name: string): number | undefined => {
  const value = args.values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number`);
  return Number(value);
};

const cell = (value: unknown): string => (value === null || value === undefined ? '-' : String(value));

/**
 * A page of a list: with `--json`, `{"<name>": [...], "more"}` (`more`: rows follow; ask again with
 * a larger `--offset`); otherwise one aligned line per row under a header, for people.
 */
export const printList = (args: ParsedArgs, name: string, rows: Record<string, unknown>[], more: boolean) => {
  if (args.json) {
    console.log(JSON.stringify({ [name]: rows, more }));
    return;
  }
  if (rows.length === 0) {
    console.log(`No ${name}.`);
    return;
  }
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(columns));
  for (const row of rows) console.log(line(columns.map((column) => cell(row[column]))));
  if (more) console.log(`\nMore ${name} follow: ask again with --offset.`);
};
