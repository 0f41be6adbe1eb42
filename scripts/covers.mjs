// `npm run covers`: draws the site's cover artwork (public/images/covers/*.svg, 1200x675) and
// the home illustration (public/images/hero.svg, 1200x900) from the motifs below. The output is
// committed; run this again after changing a motif. Deterministic: same script, same bytes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const C = { ink: '#14213d', ink2: '#1f3358', teal: '#0b6e63', teal2: '#4fd1bd', mint: '#e1f2ee', rust: '#c8553d', sand: '#f2a93b', paper: '#f3f5f9', white: '#ffffff', sky: '#8fb8de' };

/** Background schemes by kind of page: a gradient and the colours of its marks. */
const SCHEMES = {
  service: [C.ink, '#0f3d52'],
  case: ['#0a4f48', C.ink],
  article: ['#1d2f52', '#2b2350'],
  grant: ['#14305f', C.ink],
};

const r = (x, y, w, h, fill, rx = 14, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra}/>`;
const c = (x, y, radius, fill, extra = '') => `<circle cx="${x}" cy="${y}" r="${radius}" fill="${fill}"${extra}/>`;
const line = (d, stroke, width = 6, extra = '') => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;

/** A window or card: a panel with a title bar. */
function panel(x, y, w, h, accent = C.teal2) {
  return r(x, y, w, h, C.white, 18) + r(x, y, w, 44, C.paper, 18) + r(x, y + 26, w, 18, C.paper, 0) + c(x + 26, y + 22, 7, C.rust) + c(x + 48, y + 22, 7, C.sand) + c(x + 70, y + 22, 7, accent);
}
const bars = (x, y, widths, fill = '#d5dbe7', gap = 26) => widths.map((w, i) => r(x, y + i * gap, w, 12, fill, 6)).join('');
const check = (x, y, size = 28, fill = C.teal) => c(x, y, size, fill) + line(`M${x - size * 0.42} ${y}l${size * 0.3} ${size * 0.3} ${size * 0.55}-${size * 0.6}`, C.white, size * 0.2);

const MOTIFS = {
  servers: () => [0, 1, 2].map((i) => r(640, 170 + i * 120, 380, 96, C.white, 16) + bars(680, 200 + i * 120, [160, 110], '#d5dbe7') + c(960, 218 + i * 120, 10, i === 1 ? C.sand : C.teal2) + c(930, 218 + i * 120, 10, C.teal2)).join('') + shield(1040, 470),
  board: () => panel(560, 150, 520, 380) + [0, 1, 2].map((col) => [0, 1, 2].slice(0, 3 - (col === 2 ? 1 : 0)).map((row) => r(584 + col * 164, 214 + row * 96, 148, 80, col === 2 ? C.mint : C.paper, 10) + bars(600 + col * 164, 234 + row * 96, [100, 70], col === 2 ? '#9fd9cd' : '#cfd6e3', 24)).join('')).join('') + check(1060, 520, 34),
  network: () => {
    const nodes = [[820, 340], [640, 220], [650, 470], [1000, 200], [1010, 480], [840, 130], [860, 560]];
    return nodes.slice(1).map(([x, y]) => line(`M820 340L${x} ${y}`, C.teal2, 5, ' opacity=".8"')).join('') + nodes.slice(1).map(([x, y], i) => r(x - 56, y - 34, 112, 68, C.white, 14) + r(x - 36, y - 8, i % 2 ? 72 : 52, 14, i % 3 === 0 ? C.rust : C.teal, 7)).join('') + c(820, 340, 62, C.teal2) + c(820, 340, 34, C.ink);
  },
  devices: () => panel(540, 150, 460, 330) + r(570, 214, 400, 110, C.mint, 12) + bars(570, 350, [300, 360, 240]) + r(910, 260, 190, 330, C.ink2, 28) + r(924, 290, 162, 270, C.white, 16) + r(940, 310, 130, 70, C.mint, 10) + bars(940, 400, [120, 90, 110], '#d5dbe7', 24) + c(1005, 575, 8, C.white),
  portal: () => panel(540, 140, 540, 400) + c(640, 250, 46, C.mint) + c(640, 238, 18, C.teal) + line('M612 276a30 22 0 0 1 56 0', C.teal, 8) + bars(710, 226, [260, 180]) + [0, 1, 2].map((i) => r(570, 330 + i * 64, 480, 48, C.paper, 10) + check(600, 354 + i * 64, 14, i === 2 ? C.sand : C.teal) + r(630, 348 + i * 64, 200 + i * 40, 12, '#cfd6e3', 6)).join(''),
  energy: () => r(560, 430, 520, 12, C.teal2, 6) + [0, 1, 2].map((i) => `<g transform="translate(${590 + i * 160} 300) skewX(-12)">${r(0, 0, 130, 120, '#2f5fa8', 8)}${line('M0 40h130M0 80h130M43 0v120M86 0v120', '#8fb8de', 3)}</g>`).join('') + line('M1010 430V150', C.white, 10) + `<g transform="translate(1010 150)">${[0, 120, 240].map((a) => `<path transform="rotate(${a})" d="M0 0c10-40 10-90 0-120-10 30-10 80 0 120z" fill="${C.white}"/>`).join('')}${c(0, 0, 12, C.sand)}</g>`,
  quote: () => panel(560, 140, 380, 420, C.sand) + bars(590, 210, [250, 300, 220, 280, 180]) + r(590, 360, 320, 2, '#d5dbe7', 1) + bars(590, 390, [120, 160], '#d5dbe7') + r(760, 470, 150, 56, C.teal, 12) + r(900, 330, 220, 150, C.white, 30) + line('M930 440v-40l30-40h100l30 40v40', C.ink, 8) + c(960, 450, 18, C.ink) + c(1060, 450, 18, C.ink) + line('M1130 250v60m-20-30h40', C.sand, 8),
  modules: () => [[600, 170, C.white], [760, 170, C.mint], [920, 170, C.white], [600, 330, C.mint], [760, 330, C.teal2], [920, 330, C.white], [680, 490, C.white], [840, 490, C.sand]].map(([x, y, f]) => r(x, y, 140, 140, f, 22) + bars(x + 24, y + 30, [92, 60], f === C.white ? '#d5dbe7' : 'rgba(20,33,61,.25)', 24)).join(''),
  policy: () => [...Array(12)].map((_, i) => { const a = (i * Math.PI) / 6; return star(830 + 190 * Math.cos(a), 340 + 190 * Math.sin(a), 22); }).join('') + `<path d="M850 190l-90 170h70l-40 140 120-190h-74l50-120z" fill="${C.sand}"/>`,
  turbines: () => c(1010, 190, 70, C.sand, ' opacity=".9"') + [[700, 1], [880, 0.8]].map(([x, s]) => `<g transform="translate(${x} ${560 - 380 * s})">${line(`M0 0V${380 * s}`, C.white, 10 * s)}${[0, 120, 240].map((a) => `<path transform="rotate(${a + 20})" d="M0 0c${14 * s}-${50 * s} ${12 * s}-${120 * s} 0-${150 * s}-${12 * s} ${40 * s}-${14 * s} ${100 * s} 0 ${150 * s}z" fill="${C.white}"/>`).join('')}${c(0, 0, 12 * s, C.teal2)}</g>`).join('') + r(560, 560, 560, 14, C.teal2, 7),
  finance: () => panel(560, 150, 330, 410, C.sand) + bars(590, 220, [200, 250, 160]) + [0, 1, 2].map((i) => r(590, 330 + i * 50, 270, 34, C.paper, 8) + r(800, 340 + i * 50, 44, 14, C.teal, 7)).join('') + line('M910 300h120m-30-30l30 30-30 30', C.teal2, 10) + c(1060, 450, 70, C.sand) + c(1060, 450, 46, 'none', ` stroke="${C.ink}" stroke-width="8"`) + line('M1060 425v50M1045 450h30', C.ink, 8),
  calendar: (variant) => panel(560, 140, 500, 420) + [...Array(5)].map((_, col) => [...Array(4)].map((__, row) => r(590 + col * 92, 210 + row * 82, 78, 66, col < 4 ? (variant ? C.mint : C.paper) : C.sand, 10)).join('')).join('') + [...Array(4)].map((_, col) => check(629 + col * 92, 243 + (variant ? 164 : 82), 16)).join(''),
  chat: (variant) => `<path d="M580 180h300a24 24 0 0 1 24 24v140a24 24 0 0 1-24 24H680l-60 50v-50h-40a24 24 0 0 1-24-24V204a24 24 0 0 1 24-24z" fill="${C.white}"/>` + bars(600, 220, variant ? [240, 200, 260] : [260, 180, 220]) + `<path d="M1080 300H800a24 24 0 0 0-24 24v130a24 24 0 0 0 24 24h190l60 50v-50h30a24 24 0 0 0 24-24V324a24 24 0 0 0-24-24z" fill="${variant ? C.sand : C.teal2}"/>` + bars(810, 340, variant ? [220, 180, 140] : [200, 240, 160], 'rgba(20,33,61,.35)'),
  leaf: () => r(640, 220, 260, 260, C.ink2, 30, ` stroke="${C.teal2}" stroke-width="6"`) + [0, 1, 2, 3].map((i) => line(`M${680 + i * 60} 220v-40M${680 + i * 60} 480v40M640 ${260 + i * 60}h-40M900 ${260 + i * 60}h40`, C.teal2, 6)).join('') + `<path d="M1060 180c-160 0-260 90-260 220 0 40 12 74 30 100 150-20 250-140 230-320z" fill="${C.teal2}"/>` + line('M830 500c60-90 130-170 200-260', C.ink, 8),
  cloud: () => `<path d="M700 420h330a90 90 0 0 0 0-180 130 130 0 0 0-250-20 100 100 0 0 0-80 200z" fill="${C.white}"/>` + line('M860 420v80m-120-80v60m240-60v60', C.teal2, 8) + [700, 860, 1020].map((x, i) => r(x - 60, 500 - (i === 1 ? 0 : 20), 120, 60, C.ink2, 12, ` stroke="${C.teal2}" stroke-width="4"`) + c(x + 30, 530 - (i === 1 ? 0 : 20), 8, C.sand)).join('') + check(860, 320, 40),
  workplace: () => r(600, 200, 420, 270, C.white, 18) + r(622, 222, 376, 226, C.mint, 8) + r(560, 470, 500, 30, C.sky, 14) + [[700, 320], [810, 300], [920, 320]].map(([x, y], i) => c(x, y, 30, [C.teal, C.rust, C.ink2][i]) + line(`M${x - 44} ${y + 90}a44 44 0 0 1 88 0`, [C.teal, C.rust, C.ink2][i], 14)).join(''),
  globe: () => c(830, 350, 190, C.ink2, ` stroke="${C.teal2}" stroke-width="6"`) + line('M640 350h380M830 160v380M700 220c80 60 180 60 260 0M700 480c80-60 180-60 260 0', C.teal2, 4, ' opacity=".7"') + line('M830 160c-90 100-90 280 0 380M830 160c90 100 90 280 0 380', C.teal2, 4, ' opacity=".7"') + [[760, 300], [900, 250], [960, 400]].map(([x, y], i) => `<path d="M${x} ${y}c0-22 18-36 36-36s36 14 36 36c0 28-36 60-36 60s-36-32-36-60z" transform="translate(-36 -60)" fill="${[C.sand, C.rust, C.white][i]}"/>`).join('') + line('M724 240c60-60 140-60 176 10', C.sand, 5, ' stroke-dasharray="4 14"'),
};

function shield(x, y) {
  return `<path d="M${x} ${y - 90}l80 30v50c0 60-40 96-80 110-40-14-80-50-80-110v-50z" fill="${C.teal2}"/>` + line(`M${x - 30} ${y}l22 22 40-44`, C.ink, 12);
}

function star(x, y, radius) {
  const points = [...Array(10)].map((_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 ? radius * 0.45 : radius;
    return `${(x + d * Math.cos(a)).toFixed(1)},${(y + d * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${C.sand}"/>`;
}

/** The shared composition: gradient, a dot grid, two soft circles, the motif on the right, a rust rule. */
function cover(scheme, motif, variant = 0) {
  const [from, to] = SCHEMES[scheme];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<pattern id="d" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#fff" opacity=".09"/></pattern></defs>` +
    `<rect width="1200" height="675" fill="url(#b)"/><rect width="1200" height="675" fill="url(#d)"/>` +
    c(180 + variant * 60, 520, 300, C.teal2, ' opacity=".12"') + c(1080, 80, 220, C.sand, ' opacity=".08"') +
    r(80, 96, 90, 10, C.rust, 5) + bars(80, 140, [300, 240, 270], 'rgba(255,255,255,.16)', 34) +
    MOTIFS[motif](variant) +
    `</svg>`
  );
}

const COVERS = {
  'service-it-outsourcing': ['service', 'servers'],
  'service-clickup-onboarding': ['service', 'board'],
  'service-software-integrations': ['service', 'network'],
  'service-web-and-mobile': ['service', 'devices'],
  'case-customer-portal': ['case', 'portal'],
  'case-producer-plants': ['case', 'energy'],
  'case-electric-vehicle-quote': ['case', 'quote'],
  'article-clickup-as-erp': ['article', 'modules'],
  'article-eu-energy-policy': ['article', 'policy'],
  'article-future-energy-supply': ['article', 'turbines'],
  'article-finance-automation': ['article', 'finance'],
  'article-four-day-week-1': ['article', 'calendar', 0],
  'article-four-day-week-2': ['article', 'calendar', 1],
  'article-slack-vs-mattermost-1': ['article', 'chat', 0],
  'article-slack-vs-mattermost-2': ['article', 'chat', 1],
  'article-sustainable-it': ['article', 'leaf'],
  'grant-cloud-infrastructure': ['grant', 'cloud'],
  'grant-digital-workplace': ['grant', 'workplace'],
  'grant-export-market': ['grant', 'globe'],
};

const dir = path.join(repo, 'public/images/covers');
mkdirSync(dir, { recursive: true });
for (const [name, [scheme, motif, variant]] of Object.entries(COVERS)) {
  writeFileSync(path.join(dir, `${name}.svg`), `${cover(scheme, motif, variant)}\n`);
}

// The home illustration: the services together (a board, a network, a device, a checklist), 1200x900.
const hero =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 900" width="1200" height="900">` +
  `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.ink}"/><stop offset="1" stop-color="#0f4a52"/></linearGradient>` +
  `<pattern id="d" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#fff" opacity=".09"/></pattern></defs>` +
  r(0, 0, 1200, 900, 'url(#b)', 36) + r(0, 0, 1200, 900, 'url(#d)', 36) + c(980, 160, 260, C.sand, ' opacity=".08"') + c(200, 760, 320, C.teal2, ' opacity=".12"') +
  `<g transform="translate(-440 -40)">${MOTIFS.board()}</g>` +
  `<g transform="translate(260 360) scale(.7)">${MOTIFS.network()}</g>` +
  panel(120, 520, 400, 300, C.sand) + [0, 1, 2].map((i) => check(170, 610 + i * 64, 18, i === 2 ? C.sand : C.teal) + r(204, 602 + i * 64, 220 - i * 30, 14, '#cfd6e3', 7)).join('') +
  r(120, 90, 90, 12, C.rust, 6) +
  `</svg>`;
writeFileSync(path.join(repo, 'public/images/hero.svg'), `${hero}\n`);
console.log(`${Object.keys(COVERS).length} covers in ${path.relative(repo, dir)}, and public/images/hero.svg`);
