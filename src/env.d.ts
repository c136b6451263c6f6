/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by the build from TOOLSCOPE_PUBLIC_URL (vite.config.ts): where the Client ID Metadata Document is served. */
  readonly VITE_TOOLSCOPE_CLIENT_METADATA_URL?: string;
}
