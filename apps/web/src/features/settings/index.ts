// The settings feature's public API: other features and src/app import only this file.
export { getTranslationTypesQueryOptions, useTranslationTypes } from './api/get-translation-types.ts';
export { NextTaskIdForm } from './components/next-task-id-form.tsx';
export { TranslationTypesSection } from './components/translation-types-section.tsx';
