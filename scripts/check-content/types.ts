/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/** The checker's shared types: options, problems, entries and where they came from. */
import type { Document, LineCounter } from 'yaml';

/** Where content lives unless `--dir` says otherwise (the loaders in src/content.config.ts use it). */
export const DEFAULT_CONTENT_DIR = 'content';

export interface Options {
  /** The content directory to check. */
  dir: string;
  /** Illustrations referred to by `image:` fields. */
  illustrations: string;
  /** Files served as they are (body images such as /images/x.jpg). */
  publicDir: string;
  /** Page routes (the non-content URLs a body may link to). */
  pagesDir: string;
  /** Treat today as this date (drafts and scheduling). */
  now: Date;
}

export interface Problem {
  file: string;
  line?: number | undefined;
  message: string;
}

/* ------------------------------------------------------------------------------------------ */
/* Loading the collection definitions                                                         */

export type Path = (string | number)[];

export interface Source {
  /** Path shown to the editor (relative to the repository or the working directory). */
  shown: string;
  doc: Document;
  lines: LineCounter;
  /** Lines before the YAML starts (the `---` of MDX front matter). */
  offset: number;
}

export interface Entry {
  collection: string;
  /** Entry id: file name without extension, "ar/<slug>" for articles, or the `id:` of list items. */
  id: string;
  data: Record<string, any>;
  source: Source;
  /** Where the entry sits inside its YAML document (list index for single-file collections). */
  at: Path;
  /** MDX body, for articles. */
  body?: { text: string; firstLine: number } | undefined;
  /** Drafts and scheduled entries are left out of production builds. */
  unpublished: boolean;
}

/** Records a problem at a file (or a parsed source) and line. */
export type Report = (source: Source | string, line: number | undefined, message: string) => void;

/** What every rule gets: the entries read, the options, and where to report. */
export interface Context {
  entries: Entry[];
  options: Options;
  report: Report;
  /** A file's path as the editor is shown it. */
  shown: (file: string) => string;
  byCollection: (name: string) => Entry[];
}
