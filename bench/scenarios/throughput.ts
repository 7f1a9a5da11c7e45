import type { BenchRun } from '../bench-run.js';
import { startBareServer } from '../child-processes.js';
import { cpuShares, peakRssMb, rssMb, waitUntilIdle } from '../process-stats.js';
import { failedFigure, type Figure } from '../report.js';
import { createWithTemplateTarget, detailsTarget, loadFigure, mb, reported, type MeasuredLoad } from '../targets.js';
import { routesOf } from './routes.js';

/**
 * Requests per second of the bare Fastify route (its own process) and of each Countersign route,
 * one after the other in the same run, so that the ratios compare like with like on a shared
 * machine. Before each run the server is let settle (the previous run's mails are sent).
 */
export const throughput = async (run: BenchRun): Promise<Figure[]> => {
  const seconds = run.options.seconds;
  const figures: Figure[] = [];
  const bareServer = await startBareServer();
  let bare: MeasuredLoad | undefined;
  try {
    const measured = await cpuShares(bareServer.pid, run.load.pid, () =>
      run.load.run({ url: `${bareServer.url}/bare`, connections: 100, seconds }),
    );
    bare = { load: measured.value, cores: measured.cores };
    figures.push(loadFigure('bare Fastify JSON route (own process)', run.database, bare, bare));
  } catch (error) {
    figures.push(failedFigure('bare Fastify JSON route (own process)', run.database, error));
  } finally {
    await bareServer.stop();
  }
  const targets: Record<string, Parameters<typeof loadFigure>[4]> = {
    'GET …/envelopes/{id}/details': detailsTarget,
    'POST …/envelopes/create_with_template (1 document, 2 signers)': createWithTemplateTarget(run.database),
  };
  for (const route of await routesOf(run)) {
    const target = targets[route.name];
    try {
      const settled = await waitUntilIdle(run.server.pid);
      const measured = await cpuShares(run.server.pid, run.load.pid, () => run.load.run({ ...route.job, seconds }));
      const figure = loadFigure(route.name, run.database, { load: measured.value, cores: measured.cores }, bare, target);
      figures.push(
        settled ? figure : { ...figure, result: `${figure.result}; started while the server was still busy with the previous run's jobs` },
      );
    } catch (error) {
      figures.push(failedFigure(route.name, run.database, error, target?.text));
    }
  }
  const settled = await waitUntilIdle(run.server.pid);
  figures.push(
    reported(
      'RSS of the server after the load runs',
      run.database,
      `${mb(rssMb(run.server.pid))}${settled ? ' (settled)' : ' (still busy after 30 s)'}; peak since start ${mb(peakRssMb(run.server.pid))}`,
    ),
  );
  return figures;
};
