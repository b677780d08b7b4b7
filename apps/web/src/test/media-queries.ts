// jsdom has no media queries. These make window.matchMedia answer as a given screen would, and put jsdom's back:
// the files of a worker share one window, and a query left matching would put the next file's screens in another
// layout.
const jsdomMatchMedia = window.matchMedia;

/** Every media query answers `matches(query)` until restoreMediaQueries(). */
export function answerMediaQueries(matches: (query: string) => boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

export function restoreMediaQueries(): void {
  window.matchMedia = jsdomMatchMedia;
}
