/**
 * Styles of parts that only some pages have: the home pages' hero, the cards (home pages and
 * hubs), the page header, the sidebars and key facts (every page but the home pages), wide
 * tables, the article layout, the job postings, the contact and offer forms. Each goes into the
 * head of a page whose main content holds the part, in a `<style>` of its own (hashed into the
 * security policy like every inline style), and not into the stylesheet every page inlines.
 *
 * Why: a page whose HTML, with its response headers, fits the first TCP round trip (about
 * 14.6 KB: ten segments of the initial congestion window) paints a round trip earlier on a new
 * connection. The home page was 240 bytes past it once the search box was in the header; these
 * parts are 5 KB of CSS it never used (docs/performance.md, "The first round trip"). The page
 * header and sidebars followed when the font loading script took the Hungarian home past it
 * again, the hero and the cards for the German service pages (docs/performance.md, "Visitors:
 * mobile LCP"). A part costs every response a hash in its policy (55 bytes): one used by most
 * pages stays in site.css.
 */
import { CHOICE_CONTROL_STYLES } from '../../shared/control-styles';

interface PartStyles {
  /** The classes of the part's elements: a page whose main content has an element with one of them gets the styles. */
  classNames: readonly string[];
  css: string;
}

/** A part's CSS, minified (`minifiedCss`). */
function css(strings: TemplateStringsArray): string {
  return minifiedCss(strings.join(''));
}

/**
 * Minified by hand, as the stylesheet is by esbuild: comments out, whitespace runs to one space,
 * and none where CSS needs none: around braces, semicolons and commas, after a property's colon,
 * around a selector's `>`, `+` and `~`, in a media query's `(min-width: 60rem)`; a block's last
 * semicolon and a decimal's leading zero go too. Quoted strings stay as written, and so do the
 * spaces a value needs (`calc(1rem + 2px)`) and a selector's before a colon (`a :hover` is not
 * `a:hover`). A test checks that esbuild reads each part the same before and after.
 */
export function minifiedCss(source: string): string {
  const quoted: string[] = [];
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/"[^"]*"|'[^']*'/g, (string) => `\0${quoted.push(string) - 1}\0`)
    .replace(/\s+/g, ' ');
  // For each open block: whether it holds declarations (a rule's) or rules (an at-rule's, `@media`).
  const blocks: boolean[] = [];
  let out = '';
  for (const [, statement = '', token = ''] of text.matchAll(/([^{};]*)([{};]|$)/g)) {
    const part = statement.trim();
    if (token === '{') {
      blocks.push(!part.startsWith('@'));
      out += blocks.at(-1) ? squeezeSelector(part) : squeezeAtRule(part);
    } else {
      out += blocks.at(-1) ? squeezeDeclaration(part) : squeezeAtRule(part);
      if (token === '}') blocks.pop();
    }
    out += token;
  }
  return out.replace(/;}/g, '}').replace(/\0(\d+)\0/g, (_, index: string) => quoted[Number(index)]!);
}

const squeezeSelector = (selector: string) => selector.replace(/ ?([,>+~]) ?/g, '$1');
const squeezeAtRule = (prelude: string) => prelude.replace(/ ?, ?/g, ',').replace(/\( ?([\w-]+) ?: ?/g, '($1:');
/** `property: value`; a custom property is kept as written (its value is text until used). */
function squeezeDeclaration(declaration: string): string {
  const [, property = '', value = declaration] = /^([\w-]+) ?: ?([\s\S]*)$/.exec(declaration) ?? [];
  if (!property || property.startsWith('--')) return declaration;
  return `${property}:${value
    .replace(/ ?, ?/g, ',')
    .replace(/ !important/g, '!important')
    .replace(/(^|[ ,(])0\.(\d)/g, '$1.$2')}`;
}

const PARTS: readonly PartStyles[] = [
  {
    // The home pages and hubs: cards, in a grid of as many columns as its count needs
    // (CardGrid), never an empty column, the whole card the title's link target; and the home
    // pages' hero (lead, actions, illustration: one column until a wide screen gives two) and
    // the heads and tinted bands of their sections. One part: a part costs every response a
    // hash in its policy, the hero's styles a hub a few hundred bytes. A hub's introduction too
    // (a hub with no cards yet has it).
    classNames: ['hero', 'card-grid', 'card', 'hub-intro'],
    css: css`
      .card-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.5rem; }
      @media (min-width: 40rem) { .card-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } .card-grid--1 { grid-template-columns: minmax(0, 1fr); } }
      @media (min-width: 64rem) {
        .card-grid--3, .card-grid--5, .card-grid--6, .card-grid--7, .card-grid--9 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
        .card-grid--4, .card-grid--8 { grid-template-columns: repeat(4, minmax(0, 1fr)); }
        .card-grid--wide.card-grid--4 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
      }
      .card { position: relative; display: flex; flex-direction: column; gap: 0.55rem; border: 1px solid var(--line); border-radius: var(--radius); background: var(--paper); box-shadow: var(--shadow); overflow: hidden; }
      .card__cover { display: block; width: 100%; border-bottom: 1px solid var(--line); }
      .card__body { display: flex; flex-direction: column; gap: 0.55rem; flex: 1; padding: 1.25rem 1.4rem 1.4rem; }
      .card__title { margin: 0; font-size: var(--step-1); }
      .card__title a { color: var(--ink); text-decoration: none; }
      .card__title a::after { content: ''; position: absolute; inset: 0; border-radius: var(--radius); }
      .card__meta { margin: 0; color: var(--ink-soft); font-size: 0.9rem; }
      .card__summary { margin: 0; color: var(--ink-soft); flex: 1; }
      .card__more { position: relative; z-index: 1; align-self: start; font-weight: 700; text-decoration: none; display: inline-flex; align-items: center; gap: 0.3rem; }
      .hero { background: linear-gradient(180deg, var(--paper-soft), var(--paper)); padding-block: clamp(2.5rem, 6vw, 5.5rem) clamp(2.5rem, 5vw, 4.5rem); border-bottom: 1px solid var(--line); }
      .hero__inner { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2.5rem; align-items: center; }
      .hero h1 { font-size: var(--step-4); max-width: 18ch; margin-bottom: 0.45em; }
      .hero__lead { font-size: var(--step-1); color: var(--ink-soft); max-width: 40rem; margin: 0; }
      .hero__text { max-width: 40rem; margin-top: 1rem; color: var(--ink-soft); }
      .hero__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.75rem 0 0; }
      .hero__art { width: 100%; max-width: 34rem; justify-self: center; border-radius: var(--radius); }
      @media (min-width: 64rem) { .hero__inner { grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); } }
      /* Phones: the lead says it; the longer paragraph waits for wider screens, so the actions stay in the first screen. */
      @media (max-width: 40rem) { .hero__art { max-width: 22rem; } .hero__text { display: none; } }
      .section__head { display: flex; justify-content: space-between; align-items: end; gap: 0.5rem 1.5rem; flex-wrap: wrap; margin-bottom: 1.75rem; }
      .section__head h2 { margin: 0; }
      .section--tint { background: var(--paper-soft); border-block: 1px solid var(--line); }
      .hub-intro { margin-bottom: var(--space-4); }
    `,
  },
  {
    // The page header of every page but the home pages: breadcrumbs, title, lead; the page's
    // cover beside it on wide screens. Top-aligned: text painted before the cover arrives stays
    // where it is when the cover comes. (Its one-column grid is site.css's.)
    classNames: ['page-header'],
    css: css`
      .page-header { background: var(--paper-soft); border-bottom: 1px solid var(--line); padding-block: 2rem 2.5rem; }
      .page-header__grid { gap: 2rem; align-items: start; }
      @media (min-width: 60rem) { .page-header--cover .page-header__grid { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); } }
      .page-header h1 { max-width: 24ch; }
      .page-header__lead { font-size: var(--step-1); color: var(--ink-soft); max-width: 44rem; margin: 0; }
      .page-header__cover { width: 100%; border-radius: var(--radius); box-shadow: var(--shadow); }
      .breadcrumbs ol { display: flex; flex-wrap: wrap; gap: 0.4rem; list-style: none; padding: 0; margin: 0 0 1.25rem; font-size: 0.92rem; color: var(--ink-soft); }
      .breadcrumbs li + li::before { content: '/'; margin-right: 0.4rem; color: var(--ink-soft); }
    `,
  },
  {
    // Two columns, the content and a sidebar (the about page's and the privacy policy's hold
    // their contents); the panels and key facts of services, case studies and grants; the
    // contact details; the tag chips.
    classNames: ['layout', 'layout__aside', 'panel', 'facts', 'facts__steps', 'contact-details', 'steps', 'faq', 'results', 'quote', 'funding', 'funding__block', 'chips'],
    css: css`
      .layout { gap: 2.5rem; padding-block: var(--space-5); }
      @media (min-width: 62rem) {
        .layout { grid-template-columns: minmax(0, 1fr) 21rem; gap: 4rem; }
        .layout--contents { grid-template-columns: 15rem minmax(0, 1fr); }
        .layout__aside { position: sticky; top: 6rem; align-self: start; }
      }
      .layout__aside, .funding { gap: 1.5rem; align-content: start; }
      .panel { background: var(--paper-soft); border: 1px solid var(--line); border-radius: var(--radius); padding: 1.5rem; }
      .panel h2 { font-size: var(--step-1); margin-bottom: 0.75rem; }
      .panel p { margin: 0 0 1rem; }
      .panel--accent { background: var(--band); border-color: var(--band); color: #fff; }
      .panel--accent h2 { color: #fff; }
      .panel--accent p { color: var(--band-text); }
      .panel--accent .button { width: 100%; }
      .steps, .faq, .results, .quote { margin-top: var(--space-4); }
      .facts h2, .contact-details h2 { font-size: var(--step-1); }
      .facts dl, .contact-details dl { margin: 0; }
      .facts dt, .contact-details dt { font-size: 0.8rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em; color: var(--ink-soft); margin-top: 0.9rem; }
      .facts dd, .contact-details dd { margin: 0.15rem 0 0; font-weight: 600; }
      .facts--grid dl { display: grid; gap: 1rem 2rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr)); }
      .facts--grid dt { margin-top: 0; }
      .results ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr)); }
      .results li { border-left: 4px solid var(--signal); background: var(--paper-warm); padding: 1rem 1.25rem; border-radius: 0 var(--radius-small) var(--radius-small) 0; font-weight: 600; }
      .quote { margin-inline: 0; padding: 1.75rem; border-radius: var(--radius); background: var(--accent-soft); }
      .quote blockquote { margin: 0; font-size: var(--step-1); font-weight: 600; line-height: 1.45; }
      .quote blockquote p { margin: 0; }
      .quote figcaption { margin-top: 0.9rem; color: var(--ink-soft); }
      .funding__block { display: block; width: 100%; max-width: 30rem; background: #fff; border-radius: var(--radius-small); border: 1px solid var(--line); }
      .chips { display: flex; flex-wrap: wrap; gap: 0.35rem; list-style: none; margin: 0.35rem 0 0; padding: 0; }
      .chips li { background: var(--paper); border: 1px solid var(--line); border-radius: 999px; padding: 0.1rem 0.6rem; font-size: 0.88rem; font-weight: 600; }
      .facts__steps { margin: 0.25rem 0 0; padding-left: 1.2rem; font-weight: 500; }
    `,
  },
  {
    // Wide tables scroll inside their box; shadows at the edges show there is more (the box is
    // focusable, so a keyboard scrolls it too). Markdown.tsx wraps every table.
    classNames: ['table-scroll'],
    css: css`
      .table-scroll {
        margin-block: 1.5rem; max-width: 100%; overflow-x: auto; border: 1px solid var(--line); border-radius: var(--radius-small);
        background:
          linear-gradient(to right, var(--paper) 30%, transparent) left / 2.5rem 100% no-repeat local,
          linear-gradient(to left, var(--paper) 30%, transparent) right / 2.5rem 100% no-repeat local,
          radial-gradient(farthest-side at 0 50%, rgb(20 33 61 / 22%), transparent) left / 0.9rem 100% no-repeat scroll,
          radial-gradient(farthest-side at 100% 50%, rgb(20 33 61 / 22%), transparent) right / 0.9rem 100% no-repeat scroll;
      }
      .table-scroll table { border-collapse: collapse; width: 100%; min-width: 32rem; font-size: 0.95rem; }
      .table-scroll th, .table-scroll td { border-bottom: 1px solid var(--line); padding: 0.6rem 0.85rem; text-align: left; vertical-align: top; min-width: 8rem; }
      .table-scroll th { background: var(--paper-soft); font-weight: 700; }
      .table-scroll__hint { display: none; margin: -1rem 0 1.5rem; font-size: 0.85rem; color: var(--ink-soft); }
      @media (max-width: 44rem) { .table-scroll__hint { display: block; } }
    `,
  },
  {
    // An article: its meta line, the contents beside the text on wide screens, its tags; and
    // Markdown's task lists, which articles have (a page of another kind with one gets this part).
    // The contents' own styles are here, not with the sidebars': an article has no sidebar, and
    // the sidebars' other rules were 2.2 KB of the 5 KB of part styles it carried. The other
    // pages with contents (the about page, the privacy policy) get both parts: a part of its
    // own would cost every response a hash.
    classNames: ['article-layout', 'contains-task-list', 'toc'],
    css: css`
      .toc { font-size: 0.95rem; }
      .toc h2 { font-size: var(--step--1); text-transform: uppercase; letter-spacing: 0.08em; color: var(--signal); margin-bottom: 0.75rem; }
      .toc ol { list-style: none; margin: 0; padding: 0; border-left: 2px solid var(--line); }
      .toc li a { display: block; padding: 0.3rem 0 0.3rem 0.9rem; margin-left: -2px; border-left: 2px solid transparent; color: var(--ink-soft); text-decoration: none; }
      @media (max-width: 61.99rem) { .toc { border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem 1.25rem; background: var(--paper-soft); } }
      .prose .contains-task-list { list-style: none; padding-left: 0.25rem; }
      .article-meta { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; color: var(--ink-soft); font-size: 0.95rem; margin: 1.25rem 0 0; }
      .article-layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2rem; padding-block: var(--space-5); }
      @media (min-width: 62rem) {
        .article-layout { grid-template-columns: 15rem minmax(0, 44rem); gap: 4rem; justify-content: center; }
        .article-layout .toc { position: sticky; top: 6rem; align-self: start; }
      }
      .tags { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; padding: 0; margin: 2.5rem 0 0; }
      .tags li { background: var(--accent-soft); color: var(--accent-strong); padding: 0.2rem 0.75rem; border-radius: 999px; font-size: 0.9rem; font-weight: 600; }
    `,
  },
  {
    // The open positions: the career page's cards, and a position's own page.
    classNames: ['positions', 'position'],
    css: css`
      .positions { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.5rem; }
      .position { border: 1px solid var(--line); border-radius: var(--radius); padding: clamp(1.25rem, 3vw, 2rem); box-shadow: var(--shadow); background: var(--paper); }
      .position__meta { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; color: var(--ink-soft); font-size: 0.95rem; }
      .position__lists h2 { font-size: 1.05rem; margin: 1.2rem 0 0.4rem; }
      .position__lists { display: grid; gap: 0 2rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); margin-bottom: 1.25rem; }
      .apply > summary { display: inline-block; list-style: none; cursor: pointer; }
      .apply > summary::-webkit-details-marker { display: none; }
      .apply[open] > summary { margin-bottom: 1rem; }
    `,
  },
  {
    // The contact and offer forms (islands, rendered into the page): fields, errors and the
    // select's chevron, the hidden field bots fill in, the button while sending; and the check
    // boxes and radio buttons, drawn (shared with the consent settings: control-styles.ts); and
    // the text beside the form on the contact and offer pages.
    classNames: ['form'],
    css:
      minifiedCss(CHOICE_CONTROL_STYLES) +
      css`
      .field--trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
      .form .button[disabled] { opacity: 0.7; cursor: progress; }
      .form, #form { scroll-margin-top: 6rem; }
      .form { margin-top: 0; padding: clamp(1.25rem, 3vw, 2rem); border: 1px solid var(--line); border-radius: var(--radius); background: var(--paper); box-shadow: var(--shadow); }
      .form h2 { font-size: var(--step-2); }
      .form__row { display: grid; gap: 0 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr)); }
      .field { margin: 0 0 1.1rem; border: 0; padding: 0; min-width: 0; }
      .field label, .field legend { display: block; font-weight: 650; margin-bottom: 0.35rem; padding: 0; }
      .field__optional { font-weight: 400; color: var(--ink-soft); font-size: 0.9rem; }
      .field :is(input:not([type=checkbox], [type=radio]), textarea, select) {
        width: 100%; font: inherit; padding: 0.7rem 0.85rem; border: 1.5px solid var(--field-line); border-radius: var(--radius-small); background: var(--field-bg); color: var(--ink);
      }
      .field textarea { min-height: 9rem; resize: vertical; }
      .field :is(input:not([type=checkbox], [type=radio]), textarea, select):focus-visible { outline: none; border-color: var(--accent); box-shadow: 0 0 0 3px var(--focus); }
      /* A select with its own chevron (two gradients: no image, nothing for the policy to allow). */
      .form .field select {
        appearance: none; padding-right: 2.5rem; cursor: pointer;
        background-image: linear-gradient(45deg, transparent 50%, var(--ink-soft) 50%), linear-gradient(135deg, var(--ink-soft) 50%, transparent 50%);
        background-position: right 1.15rem center, right 0.8rem center; background-size: 0.35rem 0.35rem, 0.35rem 0.35rem; background-repeat: no-repeat;
      }
      .field [aria-invalid='true'] { border-color: var(--error); box-shadow: 0 0 0 1px var(--error); }
      .field__error, .form__general { color: var(--error); font-size: 0.92rem; margin: 0.35rem 0 0; }
      .form__general { margin-bottom: 1rem; font-weight: 600; }
      .field__choice { display: flex !important; gap: 0.65rem; align-items: center; font-weight: 500 !important; padding: 0.35rem 0; cursor: pointer; }
      .field--check { display: grid; grid-template-columns: auto 1fr; gap: 0 0.7rem; align-items: start; }
      .field--check label { font-weight: 400; }
      .field--check .field__error { grid-column: 2; }
      .form__noscript { padding: 0.85rem 1rem; border-left: 4px solid var(--accent); background: var(--accent-soft); margin: 0 0 1rem; }
      .form__progress { display: flex; gap: 0.75rem; align-items: center; margin: 0 0 1rem; }
      .prose--aside { font-size: 0.98rem; }
      .prose--aside h2 { font-size: var(--step-1); margin-top: 1.5em; }
    `,
  },
];

/** The styles of the parts a page's rendered main content holds (by its classes, `classesIn`), in a fixed order. */
export function partStylesOf(classes: ReadonlySet<string>): string[] {
  return PARTS.filter((part) => part.classNames.some((name) => classes.has(name))).map((part) => part.css);
}
