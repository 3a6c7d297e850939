// The rates feature's public API: other features and src/app import only this file.
export { CustomerRateSections } from './components/customer-rate-sections.tsx';
export { HolidaysEditor } from './components/holidays-editor.tsx';
export { PayableGridEditor } from './components/payable-grid-form.tsx';
