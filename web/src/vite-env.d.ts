/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The show's external website; /logout ends there (SPEC 2). */
  readonly VITE_SHOW_WEBSITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
