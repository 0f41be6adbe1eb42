/**
 * Served only by `sitegen watch`, never part of a build: reloads the page after each rebuild,
 * shows the build's errors over the page until they are fixed, lists its warnings in a corner,
 * and styles the marker the dev server puts on a page whose translation is outdated. Styles are
 * set through the DOM: the page's Content-Security-Policy allows no inline style attribute.
 */
const OVERLAY_ID = 'sitegen-dev-overlay';
const WARNINGS_ID = 'sitegen-dev-warnings';
const MARKER_ID = 'sitegen-dev-marker';

function showProblems(text: string): void {
  let overlay = document.getElementById(OVERLAY_ID);
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = OVERLAY_ID;
    overlay.setAttribute('role', 'alert');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgb(20 24 35 / 94%);color:#ffd7d2;' +
      'font:14px/1.5 ui-monospace,monospace;padding:2rem;white-space:pre-wrap';
    document.body.append(overlay);
  }
  overlay.textContent = `sitegen: the last edit broke the build; the page shows the last good build.\n\n${text}`;
}

/** The build's warnings in a panel at the bottom, which a click on it folds away. */
function showWarnings(text: string): void {
  let panel = document.getElementById(WARNINGS_ID);
  if (!panel) {
    panel = document.createElement('div');
    panel.id = WARNINGS_ID;
    panel.setAttribute('role', 'status');
    panel.style.cssText =
      'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483646;max-height:30vh;overflow:auto;background:rgb(43 33 0 / 95%);' +
      'color:#ffe9a8;font:13px/1.5 ui-monospace,monospace;padding:.75rem 1rem;border-radius:.5rem;white-space:pre-wrap;cursor:pointer';
    panel.title = 'sitegen watch: click to fold';
    panel.addEventListener('click', () => {
      panel!.style.maxHeight = panel!.style.maxHeight === '1.5em' ? '30vh' : '1.5em';
    });
    document.body.append(panel);
  }
  const count = text.split('\n').filter((line) => !line.startsWith('  ')).length;
  panel.textContent = `sitegen: ${count} warning${count === 1 ? '' : 's'}\n${text}`;
}

function styleMarker(): void {
  const marker = document.getElementById(MARKER_ID);
  if (!marker) return;
  marker.style.cssText =
    'position:sticky;top:0;z-index:2147483646;background:#ffd23f;color:#1d1a05;font:600 14px/1.4 system-ui,sans-serif;' +
    'padding:.6rem 1rem;border-bottom:3px solid #b38600;text-align:center';
}

styleMarker();
// The page names itself: a rebuild renders the pages open in a browser first and serves them at once.
const events = new EventSource(`/_sitegen/dev/events?page=${encodeURIComponent(location.pathname)}`);
events.addEventListener('reload', () => location.reload());
events.addEventListener('problems', (event) => showProblems((event as MessageEvent<string>).data));
events.addEventListener('warnings', (event) => showWarnings((event as MessageEvent<string>).data));
