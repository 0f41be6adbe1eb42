import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { readSiteDefinition, type PagePlan } from '../../src/engine/index';
import { REPO } from './site';

/** A site as the bundled CLI built it: the real site of this test run (`test/global-setup.ts`), or another. */
export interface RealSite {
  /** The output folder: read it, never change it (copy it first). */
  out: string;
  /** Every output file: text files as strings, others as bytes. */
  files: ReadonlyMap<string, string | Buffer>;
  /** Every page, as the route table plans it; the build's manifest lists the same URLs. */
  pages: readonly PagePlan[];
  id: string;
  release: string;
  timestamp: number;
}

const TEXT = /\.(html|json|xml|txt|css|js|svg|webmanifest)$|(^|\/)_(headers|redirects)$/;
let loading: Promise<RealSite> | undefined;

/** The real site's build, read once per test file's worker. */
export function realSite(): Promise<RealSite> {
  return (loading ??= readBuilt(inject('realSite')));
}

/** A built output folder of the site in `root`, read whole. */
export async function readBuilt(out: string, root = REPO): Promise<RealSite> {
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const names = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')).sort();
  const files = new Map<string, string | Buffer>();
  await Promise.all(names.map(async (name) => files.set(name, TEXT.test(name) ? await readFile(path.join(out, name), 'utf8') : await readFile(path.join(out, name)))));
  const latest = JSON.parse(files.get('_sitegen/builds/latest.json') as string) as { id: string; release: string; timestamp: number };
  const manifest = JSON.parse(files.get(`_sitegen/builds/meta/${latest.release}.json`) as string) as { routes: Record<string, unknown> };
  const definition = await readSiteDefinition({ root });
  if (definition.problems.length > 0) throw new Error(`the site's sources have problems: ${definition.problems.map((problem) => problem.message).join('; ')}`);
  const pages = definition.pages!;
  const planned = pages.map((page) => page.url).sort();
  const built = Object.keys(manifest.routes).sort();
  if (planned.join('\n') !== built.join('\n')) throw new Error(`the build's manifest lists other pages than the route table plans: ${built.length} against ${planned.length}`);
  return { out, files, pages, ...latest };
}
