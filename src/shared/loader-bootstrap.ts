/**
 * The inline module every page starts its loader with. It imports the loader once the first
 * contentful paint has been shown (the `paint` performance entry arrives after the frame is
 * presented), so neither the loader's request nor its work (the consent banner, island
 * scheduling) comes before the page is seen: on a slow phone they would delay it. Waiting for
 * the next animation frame is not enough: its callbacks run before that frame is painted.
 * Browsers without paint timing wait for a frame; a hidden page (a background tab) paints
 * nothing and imports at once; if no contentful paint comes in 3 s, it imports anyway.
 */
export function loaderBootstrap(loaderUrl: string): string {
  return (
    `let started=0;const go=()=>started++||import(${JSON.stringify(loaderUrl).replace(/</g, '\\u003C')}),` +
    `P=globalThis.PerformanceObserver;` +
    `if(document.visibilityState!=="visible")go();` +
    `else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.includes("paint")){` +
    `new P((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true});` +
    `setTimeout(go,3000)}` +
    `else requestAnimationFrame(()=>setTimeout(go))`
  );
}
