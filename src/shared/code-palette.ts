import githubDark from '@shikijs/themes/github-dark-default';
import githubLight from '@shikijs/themes/github-light-default';

/**
 * The colours of highlighted code (docs/content.md, "Code blocks"): GitHub's light theme, and its
 * dark theme under `prefers-color-scheme: dark`, as classes rather than inline styles, so the
 * security policy needs no `'unsafe-hashes'` for thousands of `style` attributes and a page's
 * HTML stays small. The engine names a token's colours by class (`codeClasses`), the templates
 * write the rules (`codePaletteCss`); both read this one table.
 */
export interface CodeScheme {
  /** The name Shiki knows the theme by. */
  theme: string;
  /** The block's background: the page's own panel colour, which every token is checked against. */
  background: string;
  foreground: string;
  /** Each colour the theme gives a token, in the theme's order, made readable on `background`. */
  colors: readonly string[];
  /** The class prefix of this scheme's colours (`l3`, `d7`). */
  prefix: string;
}

/** The class of the frame around a highlighted block; the templates look for it to add the block's styles and copy script. */
export const CODE_BLOCK_CLASS = 'code-block';

/** WCAG AA for normal text: every token of a code block is read as text. */
export const CODE_CONTRAST = 4.5;

type Theme = { name: string; colors?: Record<string, string>; tokenColors?: Array<{ settings?: { foreground?: string } }> };

function schemeOf(theme: Theme, background: string, prefix: string): CodeScheme {
  const foreground = readable(theme.colors?.['editor.foreground'] ?? '#000000', background);
  return { theme: theme.name, background, foreground, colors: listedColors(theme).map((color) => readable(color, background)), prefix };
}

/** The token colours a theme lists, each once, in its order. */
function listedColors(theme: Theme): string[] {
  return [...new Set((theme.tokenColors ?? []).flatMap((rule) => (rule.settings?.foreground ? [normalize(rule.settings.foreground)] : [])))];
}

// The backgrounds are site.css's `--paper-soft` (light) and the dark band (`--band`), as before highlighting.
export const CODE_SCHEMES = {
  light: schemeOf(githubLight as Theme, '#f3f5f9', 'l'),
  dark: schemeOf(githubDark as Theme, '#060b16', 'd'),
} as const;

export type CodeSchemeName = keyof typeof CODE_SCHEMES;

/** Where each theme's colours sit in its list, by the colour as the theme writes it. */
const INDEX = Object.fromEntries(
  Object.entries({ light: githubLight, dark: githubDark }).map(([name, theme]) => [name, new Map(listedColors(theme as Theme).map((color, index) => [color, index]))]),
) as Record<CodeSchemeName, Map<string, number>>;

/** Shiki's `fontStyle` bits. */
const FONT_STYLES: ReadonlyArray<[bit: number, className: string, css: string]> = [
  [1, 'i', 'font-style:italic'],
  [2, 'b', 'font-weight:700'],
  [4, 'u', 'text-decoration:underline'],
];

export interface TokenStyle {
  color?: string;
  fontStyle?: number;
}

/**
 * The classes of a token coloured `light` and `dark`: none for a scheme's plain foreground,
 * `l<n>`/`d<n>` for a colour of the theme's list. A colour not in the list (a theme that computes
 * one) gets no class and shows in the plain foreground: readable, never unstyled by surprise,
 * and the tests highlight every language of the site's content to find any.
 */
export function codeClasses(light: TokenStyle, dark: TokenStyle): string[] {
  const classes: string[] = [];
  for (const [name, style] of [['light', light], ['dark', dark]] as const) {
    const index = style.color === undefined ? undefined : INDEX[name].get(normalize(style.color));
    if (index !== undefined && CODE_SCHEMES[name].colors[index] !== CODE_SCHEMES[name].foreground) classes.push(`${CODE_SCHEMES[name].prefix}${index}`);
  }
  for (const [bit, className] of FONT_STYLES) if (((light.fontStyle ?? 0) & bit) !== 0) classes.push(className);
  return classes;
}

/** Whether a class is one `codeClasses` gives (the sanitizer lets only these through). */
export const CODE_TOKEN_CLASS = /^(?:[ld]\d{1,3}|[ibu])$/;

/** The rules for the token classes under `scope`: light first, dark in its media query. */
export function codePaletteCss(scope: string): string {
  const rules = (scheme: CodeScheme) => scheme.colors.map((color, index) => `${scope} .${scheme.prefix}${index}{color:${color}}`).join('');
  const fonts = FONT_STYLES.map(([, className, css]) => `${scope} .${className}{${css}}`).join('');
  return `${rules(CODE_SCHEMES.light)}${fonts}@media (prefers-color-scheme:dark){${rules(CODE_SCHEMES.dark)}}`;
}

function normalize(color: string): string {
  const hex = color.toLowerCase();
  // #rrggbbaa: the alpha of a token colour is dropped, as on a solid background it only fades it.
  return hex.length === 9 ? hex.slice(0, 7) : hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

/** The WCAG contrast of two `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * `color`, moved towards black or white (whichever is away from the background) just far
 * enough to reach `CODE_CONTRAST`: GitHub's themes are near it, but their colours for invalid
 * code are drawn for a red background Shiki does not paint.
 */
function readable(color: string, background: string): string {
  const start = normalize(color);
  const target = luminance(background) > 0.5 ? 0 : 255;
  for (let step = 0; step <= 20; step++) {
    const mixed = `#${[1, 3, 5]
      .map((offset) => Math.round(parseInt(start.slice(offset, offset + 2), 16) + ((target - parseInt(start.slice(offset, offset + 2), 16)) * step) / 20))
      .map((value) => value.toString(16).padStart(2, '0'))
      .join('')}`;
    if (contrast(mixed, background) >= CODE_CONTRAST) return mixed;
  }
  return target === 0 ? '#000000' : '#ffffff';
}
