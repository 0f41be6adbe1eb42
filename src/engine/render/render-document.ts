import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CacheDamaged } from '../base/sealed-file';
import { SiteError, type Problems, type SourceLocation } from '../diagnostics/diagnostic';
import { BodyPending } from '../markdown/content';

/**
 * A page's HTML from its template, or undefined when the template threw: the error is reported
 * at the template line that threw (source maps are on), naming the page.
 */
export function renderDocument<P extends object>(
  component: ComponentType<P>,
  props: P,
  /** The URL of the page (or the error page's file) being rendered. */
  page: string,
  templateFiles: readonly string[],
  problems: Problems,
): string | undefined {
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(createElement(component, props))}`;
  } catch (error) {
    if (error instanceof BodyPending || error instanceof CacheDamaged) throw error;
    // An error that knows its source (a message in a locale file) points there; others at the template line.
    const where = error instanceof SiteError && error.file ? { file: error.file, line: error.line, column: error.column } : templateFrame(error, templateFiles);
    const hint = error instanceof SiteError ? error.hint : undefined;
    const code = error instanceof SiteError ? error.code : 'templates/render';
    problems.add(code, (error as Error)?.message ?? String(error), { ...where, hint, cause: error, pages: [page] });
    return undefined;
  }
}

/** The innermost stack frame in a template source file. */
function templateFrame(error: unknown, templateFiles: readonly string[]): Partial<SourceLocation> {
  return templateFrameIn((error as Error)?.stack ?? '', templateFiles);
}

/** The innermost frame of `stack` in a template source file. */
export function templateFrameIn(stack: string, templateFiles: readonly string[]): Partial<SourceLocation> {
  for (const match of stack.matchAll(/\(?(?:file:\/\/)?(\/[^():\s]+):(\d+):(\d+)\)?$/gm)) {
    const [, file, line, column] = match;
    if (file && templateFiles.includes(file)) return { file, line: Number(line), column: Number(column) };
  }
  return {};
}
