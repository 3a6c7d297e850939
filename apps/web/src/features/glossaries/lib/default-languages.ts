/** Spec part 1 §2: both languages default to English, or to the first language when English is missing. */
export function defaultLanguage(languages: Array<{ id: number; iso_code: string }>): number | null {
  return (languages.find((l) => l.iso_code === 'en') ?? languages[0])?.id ?? null;
}
