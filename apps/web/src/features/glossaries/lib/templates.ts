import { csvLine, toCsv, type GlossaryType } from '@verba/contracts';

/**
 * The example of each glossary type on the format guide, and the template a client downloads:
 * UTF-8 with a BOM (so spreadsheet programs read the accents), comma-separated, CRLF line ends.
 */
export const GLOSSARY_EXAMPLES: Record<GlossaryType, string[][]> = {
  '1': [
    ['source', 'target', 'note'],
    ['invoice', 'factura', ''],
    ['purchase order', 'orden de compra', 'Not "pedido"'],
    ['Acme Portal', 'Acme Portal', 'Product name, never translated'],
  ],
  '2': [
    ['en', 'es', 'ca'],
    ['invoice', 'factura', 'factura'],
    ['due date', 'fecha de vencimiento', 'data de venciment'],
    ['sign in, log in', 'iniciar sesión', 'iniciar la sessió'],
  ],
};

export const exampleCsv = (type: GlossaryType): string => GLOSSARY_EXAMPLES[type].map(csvLine).join('');

/** Saves the template of a type as `glossary-template-type-N.csv`. */
export function downloadTemplate(type: GlossaryType): void {
  const blob = new Blob([toCsv(GLOSSARY_EXAMPLES[type])], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `glossary-template-type-${type}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
