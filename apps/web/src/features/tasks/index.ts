/** What other features may use of the tasks feature (the public quote form and the guest's task). */
export { FilePicker } from './components/form/file-picker.tsx';
export { addFiles, type PendingFile } from './lib/file-rules.ts';
export { submitGatewayForm } from './lib/submit-gateway-form.ts';
export { useSourceLanguages } from './api/get-source-languages.ts';
export { useTargetLanguages } from './api/get-target-languages.ts';
export { ERROR_CONTRAST } from './lib/error-contrast.ts';
