/** The brand lives in lib/ so that features (the quote form's privacy link) can read it too. */
export * from '../lib/brand.ts';
