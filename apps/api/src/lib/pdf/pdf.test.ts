import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  drawFooters,
  drawHeader,
  drawTotals,
  moneyIn,
  negated,
  openPdf,
  tableRow,
  type Column,
} from './index.ts';

const textOf = (pdf: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verba-pdf-')), 'doc.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('lib/pdf', () => {
  it('draws a letterhead, a table over pages, totals and numbered footers', async () => {
    const brand = { name: 'Verba', address: 'Passeig de Gràcia 1, Barcelona' };
    const { doc, bytes } = openPdf({ locale: 'es', title: 'Factura F-1', author: brand.name, subject: 'x' });
    const money = moneyIn('es');
    drawHeader(doc, brand, 'Factura F-1', [['Fecha', '24/11/2026']]);
    const columns: Column[] = [
      { width: 300, align: 'left' },
      { width: 195, align: 'right' },
    ];
    for (let i = 1; i <= 60; i++) tableRow(doc, columns, [`Línea ${i} l·l`, money(`${i}000.5`)]);
    drawTotals(
      doc,
      [['Descuento', money(negated('10.00'))]],
      ['Total', money('1234.5')],
      ['A pagar', money('0')],
    );
    drawFooters(doc, brand, (page, pages) => `Página ${page} de ${pages}`);
    doc.end();
    const text = textOf(await bytes);
    expect(text).toContain('Factura F-1');
    expect(text).toMatch(/Fecha: 24\/11\/2026/);
    expect(text).toMatch(/Línea 60 l·l\s+60.000,50 €/);
    expect(text).toMatch(/Descuento\s+-10,00 €/);
    expect(text).toMatch(/Total\s+1.234,50 €/);
    expect(text).toMatch(/A pagar\s+0,00 €/);
    expect(text).toContain('Página 1 de 2');
    expect(text).toContain('Página 2 de 2');
    expect(text).toContain('Verba · Passeig de Gràcia 1, Barcelona');
  });
});
