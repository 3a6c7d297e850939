import type { DeliveryMatchRule, DeliveryUnmatchedReason } from '@verba/contracts';

export interface MatchSource {
  id: number;
  file_name: string;
}
export interface MatchLanguage {
  id: number;
  iso: string;
}
export interface Pair {
  source_file_id: number;
  language_id: number;
}

export interface Proposal {
  name: string;
  source_file_id: number | null;
  language_id: number | null;
  rule: DeliveryMatchRule | null;
  reason: DeliveryUnmatchedReason | null;
}

const lower = (s: string) => s.toLowerCase();
const stemOf = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);
const extOf = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(name.lastIndexOf('.')) : '');

/**
 * The language a folder name or a name suffix stands for among the task's targets: `es`, `ES`,
 * `es-ES`, `es_ES` are Spanish; a region is matched exactly first (`pt-BR`), then by its language
 * when only one target has it.
 */
export function languageOf(token: string, targets: MatchLanguage[]): MatchLanguage | undefined {
  const tag = lower(token).replace(/_/g, '-');
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,4})?$/.test(tag)) return undefined;
  const exact = targets.find((l) => lower(l.iso) === tag);
  if (exact) return exact;
  const primary = tag.split('-')[0];
  const same = targets.filter((l) => lower(l.iso).split('-')[0] === primary);
  return same.length === 1 ? same[0] : undefined;
}

/** The source file a delivered name stands for: the same name, or the same name with another extension when only one source has it. */
function sourceNamed(name: string, sources: MatchSource[]): MatchSource | undefined {
  const exact = sources.find((s) => lower(s.file_name) === lower(name));
  if (exact) return exact;
  const stem = lower(stemOf(name));
  const same = sources.filter((s) => lower(stemOf(s.file_name)) === stem);
  return same.length === 1 ? same[0] : undefined;
}

/** `guide.es.docx`, `guide_es-ES.docx`, `guide-ca.docx`: the source (`guide.docx`) and the language. */
function bySuffix(base: string, sources: MatchSource[], targets: MatchLanguage[]) {
  const stem = stemOf(base);
  const ext = extOf(base);
  for (let i = 1; i < stem.length - 1; i++) {
    if (!'._-'.includes(stem[i]!)) continue;
    const language = languageOf(stem.slice(i + 1), targets);
    if (!language) continue;
    const source = sourceNamed(stem.slice(0, i) + ext, sources);
    if (source) return { source, language };
  }
  return undefined;
}

const unmatched = (name: string, reason: DeliveryUnmatchedReason): Proposal => ({
  name,
  source_file_id: null,
  language_id: null,
  rule: null,
  reason,
});

/**
 * Proposes a source file and a target language for each delivered file, by
 * 1. a language folder (`es/guide.docx`, the nearest folder that names a target language);
 * 2. a language suffix (`guide.es.docx`, `guide_es-ES.docx`, `guide-ca.docx`);
 * 3. the name alone, when only one target language of that source is still missing (or the task
 *    has one target language).
 * A pair claimed twice keeps its first file; the others are `duplicate`.
 */
export function proposeMatches(
  paths: string[],
  sources: MatchSource[],
  targets: MatchLanguage[],
  delivered: Pair[],
): Proposal[] {
  const key = (p: Pair) => `${p.source_file_id}:${p.language_id}`;
  const claimed = new Set<string>();
  const byName: Array<{ index: number; source: MatchSource }> = [];
  const out: Proposal[] = paths.map((name, index) => {
    const parts = name.split('/').filter(Boolean);
    const base = parts.pop() ?? name;
    const folder = [...parts].reverse().find((p) => languageOf(p, targets));
    const folderLanguage = folder ? languageOf(folder, targets) : undefined;
    const exact = sourceNamed(base, sources);
    const suffix = exact ? undefined : bySuffix(base, sources, targets);
    const source = exact ?? suffix?.source;
    if (!source) return unmatched(name, 'no_source');
    const language = folderLanguage ?? suffix?.language;
    if (!language) {
      byName.push({ index, source });
      return unmatched(name, 'ambiguous_language');
    }
    const pair = { source_file_id: source.id, language_id: language.id };
    if (claimed.has(key(pair))) return unmatched(name, 'duplicate');
    claimed.add(key(pair));
    return { name, ...pair, rule: folderLanguage ? 'folder' : 'suffix', reason: null };
  });
  const done = new Set(delivered.map(key));
  for (const { index, source } of byName) {
    const open = targets.filter((l) => {
      const k = key({ source_file_id: source.id, language_id: l.id });
      return !claimed.has(k) && (targets.length === 1 || !done.has(k));
    });
    if (open.length !== 1) {
      const taken = targets.length === 1 && open.length === 0;
      out[index] = unmatched(paths[index]!, taken ? 'duplicate' : 'ambiguous_language');
      continue;
    }
    const pair = { source_file_id: source.id, language_id: open[0]!.id };
    claimed.add(key(pair));
    out[index] = { name: paths[index]!, ...pair, rule: 'name', reason: null };
  }
  return out;
}
