/** subset-font ships no types; the one call fonts-subset.ts makes. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
      /** OpenType feature tags to keep (all of them when absent). */
      keepFeatures?: string[];
      /** Drops the TrueType hinting instructions. */
      noHinting?: boolean;
    },
  ): Promise<Buffer>;
}
