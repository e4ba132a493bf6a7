/**
 * The registry of where each namespace's texts come from, per language. Both the English loaders
 * (index.ts) and the other languages' chunk (otherLanguages.ts) register into it, so neither of
 * those imports the other's code.
 */
type Messages = Record<string, unknown>;
export type Loader = () => Promise<Messages>;

/**
 * Where a locale file's texts go: `features/<feature>/locales/<lang>.json` → namespace `<feature>`,
 * `features/<feature>/locales/<part>/<lang>.json` → `<feature><Part>`; undefined for other paths.
 */
export function namespaceOf(path: string): { namespace: string; language: string } | undefined {
  const flat = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
  if (flat?.[1] && flat[2]) return { namespace: flat[1], language: flat[2] };
  const part = /features\/([^/]+)\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!part?.[1] || !part[2] || !part[3]) return undefined;
  const namespace = `${part[1]}${part[2].charAt(0).toUpperCase()}${part[2].slice(1)}`;
  return { namespace, language: part[3] };
}

/** namespace → language → loader */
const loaders = new Map<string, Map<string, Loader>>();
/** Registers where a namespace's texts for one language come from. */
export function registerLoader(namespace: string, language: string, loader: Loader): void {
  let byLanguage = loaders.get(namespace);
  if (!byLanguage) {
    byLanguage = new Map<string, Loader>();
    loaders.set(namespace, byLanguage);
  }
  byLanguage.set(language, loader);
}

/** Where `namespace`'s texts in `language` come from, if anything registered them. */
export function loaderFor(namespace: string, language: string): Loader | undefined {
  return loaders.get(namespace)?.get(language);
}

/** Every namespace with texts registered in `language`. */
export function namespacesIn(language: string): string[] {
  return [...loaders.entries()]
    .filter(([, byLanguage]) => byLanguage.has(language))
    .map(([namespace]) => namespace);
}
