/**
 * The two files the web build writes for the server (DESIGN §7), in the build's `.vite` folder: the preload plan
 * (`preload-plan.json`, web/build/first-screens.ts) and the pre-rendered first screens (`prerendered.json`,
 * web/build/prerender.ts). The server reads both (server/src/http/single-page-app.ts); their shapes are declared here
 * once for the two sides. Types only: Vite's config loader, which runs the build's side, cannot load shared's
 * TypeScript at run time.
 */
import type { Locale } from '../i18n/locales';

/**
 * The chunks to preload for a first visit, beyond what index.html loads already (the entry and its static imports),
 * then their style sheets (`.css`, which pre-rendered markup needs before it paints): by path (a path as the router
 * has it, a prefix ending in `/*`, or `*` for every other), then by language; file names relative to the build's root.
 */
export interface PreloadPlan {
  screens: Record<string, Partial<Record<Locale, string[]>>>;
}

/** One pre-rendered first screen: the markup of the root element, and the locale files the client loads before it hydrates. */
export interface PrerenderedPage {
  path: string;
  /** The query parameter that selects the variant, and its value (`''`: absent or any value not rendered). */
  param?: string;
  value: string;
  locale: Locale;
  namespaces: string[];
  html: string;
}

export interface PrerenderedFile {
  pages: PrerenderedPage[];
}
