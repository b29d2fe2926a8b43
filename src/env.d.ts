// Our hydration directives (src/integrations/client-directives).
declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the first click of an element matching this selector. */
    'client:click'?: string;
    /** Hydrate once the page has loaded and the browser is idle. */
    'client:afterload'?: boolean;
    /** Hydrate on the first touch, or after the load when a draft under this key prefix is kept. */
    'client:interact'?: string;
  }
}
