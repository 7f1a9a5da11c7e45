import type { BenchRun } from '../bench-run.js';
import { peakRssMb, rssMb, sampleRss } from '../process-stats.js';
import type { Figure } from '../report.js';
import { envelopeBody } from '../request-bodies.js';
import { median } from '../statistics.js';
import { TARGETS, atMost, mb, ms, reported } from '../targets.js';
import { completeAndTime, oneSignatureAway } from './completion.js';

/**
 * Sealing through the real service: last signature → Completed for a 10-page and a 200-page envelope
 * (stamp, certificate page, QR code, PAdES seal, in the PDF workers), and the server's peak RSS while
 * the 200-page one seals, sampled every 20 ms.
 */
export const sealing = async (run: BenchRun): Promise<Figure[]> => {
  const { client, server, database } = run;
  const tenPages = await envelopeBody(10);
  const [firstAfterStart] = await completeAndTime(client, server.pid, [await oneSignatureAway(client, tenPages)]);
  const figures: Figure[] = [reported('first completion after start, 10 pages (loads the seal path)', database, ms(firstAfterStart!))];

  const times10: number[] = [];
  for (let index = 0; index < run.options.sealRuns[10]; index += 1) {
    times10.push(...(await completeAndTime(client, server.pid, [await oneSignatureAway(client, tenPages)])));
  }
  figures.push(
    atMost('seal, 10 pages (last signature → Completed)', database, median(times10), TARGETS.seal10PagesMs, ms, spread(times10)),
  );

  const twoHundredPages = await envelopeBody(200);
  const times200: number[] = [];
  const before = rssMb(server.pid);
  let peak = 0;
  for (let index = 0; index < run.options.sealRuns[200]; index += 1) {
    const envelope = await oneSignatureAway(client, twoHundredPages);
    const sampler = sampleRss(server.pid);
    try {
      times200.push(...(await completeAndTime(client, server.pid, [envelope])));
    } finally {
      peak = Math.max(peak, sampler.stop());
    }
  }
  figures.push(
    atMost('seal, 200 pages (last signature → Completed)', database, median(times200), TARGETS.seal200PagesMs, ms, spread(times200)),
    atMost(
      'peak RSS while sealing 200 pages',
      database,
      peak,
      TARGETS.sealPeakRssMb,
      mb,
      `${mb(before)} before; process peak since start ${mb(peakRssMb(server.pid))}`,
    ),
  );
  return figures;
};

const spread = (times: number[]): string => (times.length > 1 ? `median of ${times.length}, max ${ms(Math.max(...times))}` : '1 run');
