import { CODE_BLOCK_CLASS as CODE_BLOCK, CODE_SCHEMES, codePaletteCss } from '../../shared/code-palette';

/** Whether a page's main content (by its classes, `classesIn`) holds a highlighted code block: only then does it get the copy button's script. */
export function hasCodeBlocks(classes: ReadonlySet<string>): boolean {
  return classes.has(CODE_BLOCK);
}

/**
 * The styles of code blocks: plain ones (no language, or `text`: dark, scrolling sideways) and
 * highlighted ones (the frame, its bar with the language and the copy button, and the token
 * colours of both schemes). Only pages with a `<pre>` carry them, in a `<style>` of their own
 * (hashed into the security policy like every inline style): site.css is at the size up to
 * which it is inlined (INLINE_STYLESHEET_LIMIT), and each byte of it is in every page's first
 * response (docs/performance.md, "Visitors: mobile LCP").
 */
export const CODE_STYLES = [
  `.prose pre{background:#14213d;color:#e9eef8;padding:1rem;border-radius:var(--radius-small);overflow-x:auto}`,
  `.prose pre code{background:none;padding:0;color:inherit}`,
  `.${CODE_BLOCK}{margin:1.5rem 0;border:1px solid var(--line);border-radius:var(--radius-small);background:${CODE_SCHEMES.light.background};color:${CODE_SCHEMES.light.foreground};overflow:hidden}`,
  `.${CODE_BLOCK}__bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;min-height:2.25rem;padding:0.2rem 0.4rem 0.2rem 1rem;border-bottom:1px solid var(--line);font-size:0.8rem;font-weight:600;color:var(--ink-soft)}`,
  `.${CODE_BLOCK}__copy{font:inherit;color:inherit;background:none;border:1px solid var(--line);border-radius:6px;padding:0.2rem 0.6rem;cursor:pointer}`,
  `.${CODE_BLOCK}__copy:hover{color:var(--ink);border-color:currentColor}`,
  // Over the plain block's dark `.prose pre`: the frame gives the colours.
  `.prose .${CODE_BLOCK} pre{margin:0;padding:1rem;background:none;color:inherit;border-radius:0;overflow-x:auto}`,
  codePaletteCss('.hl'),
  `@media (prefers-color-scheme:dark){.prose pre{background:#060b16}.${CODE_BLOCK}{background:${CODE_SCHEMES.dark.background};color:${CODE_SCHEMES.dark.foreground}}}`,
].join('');

/**
 * The copy button, a progressive enhancement of a few hundred bytes with no React: without
 * script the code is there to select. Its texts come from the script element's data attributes
 * (the page's locale); the button says when the code is on the clipboard, and a live region
 * reads that out.
 */
export const COPY_CODE_SCRIPT =
  `(()=>{const t=document.currentScript.dataset;for(const b of document.querySelectorAll('.${CODE_BLOCK}')){` +
  `const k=document.createElement('button');k.type='button';k.className='${CODE_BLOCK}__copy';k.textContent=t.copy;k.setAttribute('aria-live','polite');` +
  `k.addEventListener('click',()=>navigator.clipboard.writeText(b.querySelector('pre').textContent).then(()=>{k.textContent=t.copied;setTimeout(()=>{k.textContent=t.copy},2000)},()=>{}));` +
  `b.firstElementChild.append(k)}})()`;
