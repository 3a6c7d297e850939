// The languages feature's public API: other features and src/app import only this file.
export { useLanguages } from './api/get-languages.ts';
