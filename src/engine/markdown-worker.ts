/** Worker thread entry (bundled as lib/markdown-worker.js): parses, then renders, Markdown it is sent. */
import { parentPort } from 'node:worker_threads';
import { inThreadStage, type LinkData, type MarkdownJob } from './markdown-jobs';

const stage = inThreadStage();

type Message = { type: 'parse'; jobs: MarkdownJob[] } | { type: 'render'; keys: string[]; links: LinkData };

parentPort!.on('message', async (message: Message) => {
  if (message.type === 'parse') stage.parse(message.jobs);
  else parentPort!.postMessage(await stage.render(message.keys, message.links));
});
