import type { Command } from '../command.js';

export const serve: Command = {
  usage: 'countersign serve   (configured by environment variables: docs/operations/configuration.md)',
  options: {},
  run: async () => {
    await import('../../main.js');
    // Keeps running until SIGINT/SIGTERM; main.ts exits the process then.
    return new Promise<number>(() => undefined);
  },
};
