import { describe, expect, it } from 'vitest';
import { languageInSentence } from './language-in-sentence.ts';

describe('a language name inside a sentence', () => {
  it('stays capitalised in English', () => {
    expect(languageInSentence('es', 'Spanish', 'en')).toBe('Spanish');
  });

  it('is lowercase in Spanish ("al español")', () => {
    expect(`al ${languageInSentence('es', 'Español', 'es')}`).toBe('al español');
    expect(languageInSentence('fr', 'Francés', 'es')).toBe('francés');
  });

  it('comes with "a" and its article in Catalan, elided or contracted ("cap a l\'espanyol", "cap al francès")', () => {
    expect(`cap ${languageInSentence('es', 'Espanyol', 'ca')}`).toBe("cap a l'espanyol");
    expect(languageInSentence('it', 'Italià', 'ca')).toBe("a l'italià");
    expect(languageInSentence('fr', 'Francès', 'ca')).toBe('al francès');
  });

  it('falls back to the stored name for a code the browser does not know', () => {
    expect(languageInSentence('zz-unknown', 'Klingon', 'es')).toBe('klingon');
  });
});
