/** Worker thread entry (bundled as lib/markdown-worker.js): renders the Markdown jobs it is sent. */
import { parentPort } from 'node:worker_threads';
import { createMarkdownRenderer } from './markdown';
import { runMarkdownJobs, type LinkData, type MarkdownJob } from './markdown-jobs';

const render = createMarkdownRenderer();

parentPort!.on('message', ({ jobs, links }: { jobs: MarkdownJob[]; links: LinkData }) => {
  parentPort!.postMessage(runMarkdownJobs(render, jobs, links));
});
