import { SiteError, type Problems, type SourceLocation } from '../diagnostics/diagnostic';

/** The codes of `<img>` problems a page reports by image URL, to be placed at a source line here. */
export const IMAGE_PROBLEM_CODES: ReadonlySet<string> = new Set(['images/missing', 'images/unreadable']);

/**
 * Places each image problem a page reported (`placeImages`, on whichever thread rendered it) at
 * the line that names the image: in the page's own content file (a Markdown image or a front
 * matter `cover`), else in a template. `sourcesOf(page)` lists the files to look in, in that
 * order; `read` gives a file's text. A problem whose image no file names stays with its page.
 */
export function locateImageProblems(problems: Problems, sourcesOf: (page: string) => readonly string[], read: (file: string) => string | undefined): void {
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, read(file));
    return texts.get(file);
  };
  problems.errors.forEach((error, index) => {
    if (!IMAGE_PROBLEM_CODES.has(error.code) || error.file !== undefined || error.url !== undefined || error.subject === undefined) return;
    const page = error.pages[0];
    const files = page === undefined ? [] : sourcesOf(page);
    for (const file of files) {
      const text = textOf(file);
      const where = text === undefined ? undefined : mentionIn(text, error.subject, file);
      if (!where) continue;
      problems.errors[index] = new SiteError(error.code, error.message, { ...where, hint: error.hint, pages: error.pages, subject: error.subject });
      return;
    }
    // Named nowhere we can see (built from parts at run time): reported at the page.
    problems.errors[index] = new SiteError(error.code, error.message, { url: page, hint: error.hint, pages: error.pages, subject: error.subject });
  });
}

/** The first place `src` (as written, or percent-encoded) is named in `text`, as a whole path. */
function mentionIn(text: string, src: string, file: string): SourceLocation | undefined {
  for (const written of new Set([src, encodeURI(src)])) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(written, from);
      if (at < 0) break;
      from = at + 1;
      // Part of a longer path (`/images/a.png` inside `/images/a.png.bak` or `/x/images/a.png`) is no mention.
      const before = text[at - 1];
      const after = text[at + written.length];
      if ((before && /[\w./-]/.test(before)) || (after && /[\w.-]/.test(after))) continue;
      const lines = text.slice(0, at).split('\n');
      return { file, line: lines.length, column: lines.at(-1)!.length + 1 };
    }
  }
  return undefined;
}
