/**
 * Worker thread entry (bundled as lib/markdown-worker.js): parses, then renders, the Markdown
 * it is sent; then reads rendered pages for what their security policy must allow.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { inlineSourcesOf } from '../artifacts/inline-sources';
import { inThreadStage } from '../markdown/in-thread-stage';
import type { JobResult } from '../markdown/markdown-stage';
import { receivedJobs } from './file-jobs';
import { RESULTS_PER_MESSAGE, type WorkerReply, type WorkerRequest } from './markdown-workers';
import { readAheadInTurns } from './markdown-read-ahead';
import type { MarkdownWorkerData } from './markdown-worker-start';

// The worker reads ahead a body at a time; the build's requests are answered in between.
const { readAhead: contentDir } = workerData as MarkdownWorkerData;
const reading = contentDir ? readAheadInTurns(contentDir) : undefined;
const stage = inThreadStage(reading?.ahead, reading?.stop);

const reply = (message: WorkerReply) => parentPort!.postMessage(message);

// The first use of Intl in a process sets up ICU's locale data, once for all its threads:
// about 12 ms. Done here, while this worker waits for its first bodies, it is off the main
// thread's way to its first page (the messages' formats, the dates).
setImmediate(() => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(0));

parentPort!.on('message', async (request: WorkerRequest) => {
  if (request.type === 'parse') stage.parse(receivedJobs(request.jobs));
  else if (request.type === 'render') {
    let batch: JobResult[] = [];
    // Each result goes out as it is done; none is kept here (tens of thousands on a large site).
    await stage.renderEach(request.keys, request.links, (_, result) => {
      batch.push(result);
      if (batch.length < RESULTS_PER_MESSAGE) return;
      reply({ type: 'rendered', results: batch, done: false });
      batch = [];
    });
    reply({ type: 'rendered', results: batch, done: true });
  }
  else reply({ type: 'scanned', id: request.id, sources: inlineSourcesOf(request.html) });
});
