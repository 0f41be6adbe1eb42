import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The template sources a render error is located in: the TSX files, and the module bundled from them. */
export interface TemplateSources {
  files: readonly string[];
  /** The bundled templates module, whose inline source map leads back to `files`. */
  moduleFile: string;
}

/** By module file: what finds its frames in a stack, and its source map once one was needed. */
const mappers = new Map<string, { frames: RegExp; map?: SourceMap | undefined; read: boolean }>();

/**
 * `stack` with each frame in the bundled templates module pointed at its template source line,
 * through the module's inline source map, read when a template first throws. Node's own source
 * maps (`process.setSourceMapsEnabled`) would map them too, but read and index the map of every
 * module loaded after they are turned on, in every build: the templates module's, each chunk of
 * the engine loaded later (docs/performance.md, "After the pages: the wait for Pagefind").
 */
export function mapTemplateStack(stack: string, moduleFile: string): string {
  let mapper = mappers.get(moduleFile);
  if (!mapper) {
    mapper = { frames: new RegExp(`(?:${escapeRegExp(pathToFileURL(moduleFile).href)}|${escapeRegExp(moduleFile)}):(\\d+):(\\d+)`, 'g'), read: false };
    mappers.set(moduleFile, mapper);
  }
  const found = mapper;
  return stack.replace(found.frames, (frame, line: string, column: string) => {
    if (!found.read) [found.map, found.read] = [inlineSourceMap(moduleFile), true];
    const entry = found.map?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) return frame;
    const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(moduleFile), entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

function inlineSourceMap(moduleFile: string): SourceMap | undefined {
  const data = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(readFileSync(moduleFile, 'utf8'))?.[1];
  return data ? new SourceMap(JSON.parse(Buffer.from(data, 'base64').toString('utf8'))) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
