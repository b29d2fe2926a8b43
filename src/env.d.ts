declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the first click of an element matching this selector (src/integrations/click-directive). */
    'client:click'?: string;
  }
}
