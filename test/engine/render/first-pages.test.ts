import { readFile } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { OutputFiles } from '../../../src/engine/base/output-paths';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import type { PagePlan } from '../../../src/engine/plan/plan-pages';
import { BuildSuperseded, firstInOrder, withFirstPages, type FirstPages } from '../../../src/engine/render/first-pages';
import type { PageSink } from '../../../src/engine/render/render-input';

const plan = (outputPath: string) => ({ outputPath }) as PagePlan;
const pages = ['index.html', 'about/index.html', 'hu/rolunk/index.html', 'blog/index.html'].map(plan);

/** A sink that keeps what it was given, in order. */
function keeping() {
  const got: string[] = [];
  const sink: PageSink = { page: (page) => void got.push(page.outputPath), unchanged: (page) => void got.push(`=${page.outputPath}`), allow() {} };
  return { got, sink };
}

describe('the pages in view, first', () => {
  it('puts the named pages in front and keeps the others in their order', () => {
    const order = firstInOrder(pages, new Set(['blog/index.html', 'about/index.html']));
    expect(order.map((page) => page.outputPath)).toEqual(['about/index.html', 'blog/index.html', 'index.html', 'hu/rolunk/index.html']);
    expect(firstInOrder(pages, new Set(['no/such/index.html']))).toBe(pages);
    expect(firstInOrder(pages, new Set())).toBe(pages);
  });

  it('hands over the first pages once all went through, once, with what each was', async () => {
    const { got, sink } = keeping();
    const ready: OutputFiles[] = [];
    const first: FirstPages = { paths: new Set(['about/index.html', 'hu/rolunk/index.html']), ready: (files) => void ready.push(files) };
    const wrapped = withFirstPages(sink, pages, first, new Problems());
    await wrapped.page(pages[1]!, '<p>about</p>');
    expect(ready).toHaveLength(0);
    await wrapped.unchanged(pages[2]!, 'abc');
    expect(ready).toHaveLength(1);
    // A page the output held as it is comes without its bytes: the served copy stays.
    expect([...ready[0]!]).toEqual([['about/index.html', '<p>about</p>']]);
    await wrapped.page(pages[0]!, '<p>home</p>');
    await wrapped.page(pages[3]!, '<p>blog</p>');
    expect(ready).toHaveLength(1);
    expect(got).toEqual(['about/index.html', '=hu/rolunk/index.html', 'index.html', 'blog/index.html']);
  });

  it('hands over nothing when a problem was found by then', async () => {
    const problems = new Problems();
    problems.add('templates/render', 'a template threw');
    let called = false;
    const wrapped = withFirstPages(keeping().sink, pages, { paths: new Set(['index.html']), ready: () => void (called = true) }, problems);
    await wrapped.page(pages[0]!, '<p>home</p>');
    expect(called).toBe(false);
  });

  it('stops between later pages once a newer edit waits, and not before the first pages are handed over', async () => {
    let waiting = true;
    const { got, sink } = keeping();
    const wrapped = withFirstPages(sink, pages, { paths: new Set(['index.html']), ready() {}, superseded: () => waiting }, new Problems());
    // Before the pages in view are handed over, the build goes on whatever waits.
    await wrapped.page(pages[1]!, '<p>about</p>');
    await wrapped.page(pages[0]!, '<p>home</p>');
    waiting = false;
    // Long pages: the thread is let go (and the question asked) once 10 ms went by.
    const slow = async (page: PagePlan) => {
      const until = performance.now() + 12;
      while (performance.now() < until);
      await wrapped.page(page, '<p>slow</p>');
    };
    await slow(pages[2]!);
    waiting = true;
    await expect(slow(pages[3]!)).rejects.toBeInstanceOf(BuildSuperseded);
    expect(got).toEqual(['about/index.html', 'index.html', 'hu/rolunk/index.html', 'blog/index.html']);
  });

  it('answers a request that waited for the pages in view before the build goes on, also when it runs from an I/O callback', async () => {
    const order: string[] = [];
    const server = createServer((request, response) => {
      order.push('request answered');
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      const answered = new Promise((resolve) => socket.once('data', resolve));
      const wrapped = withFirstPages(keeping().sink, pages, { paths: new Set(['index.html']), ready() {} }, new Problems());
      // A build resumes from I/O callbacks (a worker's message, a file read): there, a single
      // setImmediate runs before the loop polls the sockets again.
      await new Promise<void>((resolve, reject) =>
        readFile(import.meta.filename, () => {
          // The request is in the server's socket while the page in view renders.
          socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
          const until = performance.now() + 20;
          while (performance.now() < until);
          Promise.resolve(wrapped.page(pages[0]!, '<p>home</p>'))
            .then(() => order.push('rest of the build'))
            .then(() => resolve(), reject);
        }),
      );
      await answered;
      expect(order).toEqual(['request answered', 'rest of the build']);
    } finally {
      socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
