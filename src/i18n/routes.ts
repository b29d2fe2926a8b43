/**
 * One route file serves both languages: it lives under `src/pages/[...locale]/`, and its
 * getStaticPaths starts from `localePaths()`. The rest parameter is empty for Arabic (the default
 * locale, at the root: /blog) and "en" for English (/en/blog), matching `i18n.routing` in
 * astro.config.ts. Pages keep their props typed with `InferGetStaticPropsType`.
 */
import { defaultLang, languages, type Lang } from './index.ts';

export interface LocaleRoute {
  params: { locale: string | undefined };
  props: { lang: Lang };
}

/** One path per language: `{ params: { locale }, props: { lang } }`. */
export function localePaths(): LocaleRoute[] {
  return languages.map((lang) => ({
    params: { locale: lang === defaultLang ? undefined : lang },
    props: { lang },
  }));
}
