/**
 * The inline module every page starts its loader with: it imports the loader after the first
 * frame is painted, so neither the loader's request nor its work (the consent banner, island
 * scheduling) comes before the page is shown. A hidden page (a background tab) paints no
 * frame: it imports at once.
 */
export function loaderBootstrap(loaderUrl: string): string {
  return (
    `const go=()=>import(${JSON.stringify(loaderUrl).replace(/</g, '\\u003C')});` +
    `document.visibilityState==="visible"?requestAnimationFrame(()=>setTimeout(go)):go()`
  );
}
