// The memories feature's public API: other features and src/app import only this file.
export { CustomerMemories } from './components/customer-memories.tsx';
export { CompanyMemories } from './components/company-memories.tsx';
