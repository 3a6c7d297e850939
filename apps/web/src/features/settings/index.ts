// The settings feature's public API: other features and src/app import only this file.
export { useTranslationTypes } from './api/settings.ts';
export { NextTaskIdForm } from './components/next-task-id-form.tsx';
export { TranslationTypesSection } from './components/translation-types-section.tsx';
