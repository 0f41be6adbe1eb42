/**
 * Served only by `sitegen watch`, never part of a build: reloads the page after each rebuild
 * and shows the build's errors over the page until they are fixed.
 */
const OVERLAY_ID = 'sitegen-dev-overlay';

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

const events = new EventSource('/_sitegen/dev/events');
events.addEventListener('reload', () => location.reload());
events.addEventListener('problems', (event) => showProblems((event as MessageEvent<string>).data));
