import { describe, expect, it } from 'vitest';
import { renderLogDescription } from './log-messages.ts';

/** A number next to a noun takes the noun's plural form ("1 archivo", not "1 archivos"). */
describe('action log descriptions with a number', () => {
  it('choose the singular or the plural from the value the writer stored', () => {
    const created = (files: number) =>
      renderLogDescription('es', 'tasks.created', { code: 'T-7', description: 'Manual', files });
    expect(created(1)).toBe('Tarea T-7 «Manual» creada con 1 archivo');
    expect(created(3)).toBe('Tarea T-7 «Manual» creada con 3 archivos');
    expect(renderLogDescription('ca', 'invoices.exported', { count: 1, from: '-', to: '-' })).toBe(
      '1 factura exportada (del - al -)',
    );
    expect(renderLogDescription('en', 'glossaries.uploaded', { file: 'g.csv', type: 'TB', terms: 1 })).toBe(
      'Uploaded glossary g.csv (type TB, 1 term)',
    );
  });

  it('give a second number in the sentence its own form', () => {
    expect(renderLogDescription('es', 'tasks.edited', { code: 'T-7', added: 2, removed: 1 })).toBe(
      'Tarea T-7 editada: 2 archivos añadidos, 1 eliminado',
    );
    expect(
      renderLogDescription('ca', 'rates.imported', { count: 3, file: 'r.xlsx', created: 1, updated: 2 }),
    ).toBe('Importades 3 tarifes generals de r.xlsx (1 creada, 2 actualitzades)');
    expect(
      renderLogDescription('en', 'tasks.delivered_batch_learned', { code: 'T-7', files: 1, units: 1 }),
    ).toBe('Task T-7: delivered 1 file (1 unit to the memory)');
  });

  it('read a number stored as text (older rows) the same way', () => {
    expect(
      renderLogDescription('es', 'memories.deleted', {
        name: 'Acme',
        source: 'en',
        target: 'es',
        units: '1',
      }),
    ).toBe('Memoria en>es de Acme eliminada (1 unidad)');
  });
});
