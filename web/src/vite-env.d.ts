/// <reference types="vite/client" />

/** The web build's own version, shown as the 'ui' component in About. */
declare const __HALO_UI_VERSION__: string;
