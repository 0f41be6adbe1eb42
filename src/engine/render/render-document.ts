import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CacheDamaged } from '../base/sealed-file';
import { SiteError, type Problems, type SourceLocation } from '../diagnostics/diagnostic';
import { BodyPending } from '../markdown/pending-body';
import { mapTemplateStack, type TemplateSources } from './template-stacks';

/**
 * What rendering gives for a page that read a Markdown body still on its way (a hub showing
 * its articles' reading time): the page is rendered again once every body is there.
 */
export const BODY_PENDING: unique symbol = Symbol('a Markdown body the page read is still on its way');

/** For what renders once every body is there (the page workers, the error pages): a body it read was not. */
export function everyBodyWasThere(): never {
  throw new Error('a page read a Markdown body that was not there, although every body had arrived');
}

/**
 * A page's HTML from its template, or undefined when the template threw: the error is reported
 * at the template line that threw (its stack mapped to the sources), naming the page. A body
 * read before it arrived unwinds React's render as an exception (`BodyPending`) and becomes
 * `BODY_PENDING` here.
 */
export function renderDocument<P extends object>(
  component: ComponentType<P>,
  props: P,
  /** The URL of the page (or the error page's file) being rendered. */
  page: string,
  templates: TemplateSources,
  problems: Problems,
): string | typeof BODY_PENDING | undefined {
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(createElement(component, props))}`;
  } catch (error) {
    if (error instanceof BodyPending) return BODY_PENDING;
    if (error instanceof CacheDamaged) throw error;
    // So that --verbose shows the template sources' lines too.
    if (error instanceof Error && error.stack) error.stack = mapTemplateStack(error.stack, templates.moduleFile);
    // An error that knows its source (a message in a locale file) points there; others at the template line.
    const where = error instanceof SiteError && error.file ? { file: error.file, line: error.line, column: error.column } : templateFrame(error, templates.files);
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
