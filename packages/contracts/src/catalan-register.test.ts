import { describe, expect, it } from 'vitest';
import { catalanRegisterSlips } from './catalan-register.ts';
import validationCa from './i18n/ca/validation.json' with { type: 'json' };

/** Every text of a catalogue with its dotted key. */
const texts = (node: unknown, key = ''): Array<[string, string]> =>
  typeof node === 'string'
    ? [[key, node]]
    : Object.entries(node as object).flatMap(([part, child]) => texts(child, key ? `${key}.${part}` : part));

describe('the vostè register of Catalan', () => {
  it.each([
    'Desi els canvis',
    'Afegeixi un concepte',
    'Cancel·li la tasca',
    'Tanqui la sessió',
    'Vol cancel·lar «{{name}}»? La podrà reactivar més tard.',
    'Torni-ho a provar més tard.',
    'Torni a encarregar-la',
    'Comprovi-ho i pugi els fitxers.',
    'La seva referència: {{reference}}',
    'Hem rebut la seva sol·licitud i ens posarem en contacte amb vostè aviat.',
    'Correu electrònic',
    'Preu per paraula (r1)',
    'Motiu de la rectificació',
    'Cerca',
    'Rectifica la factura',
    "No s'ha pogut eliminar-lo: vegi'n el motiu.",
    'crea usuaris nous',
    'Titular de la targeta',
    'Registre d’activitat',
  ])('accepts "%s"', (text) => expect(catalanRegisterSlips(text)).toEqual([]));

  it.each([
    ['Deseu els canvis', ['Deseu']],
    ['Afegiu un usuari', ['Afegiu']],
    ['Passeu-lo a un altre departament.', ['Passeu-lo']],
    ['El vostre número de comanda', ['vostre']],
    ['Trieu què us arriba per correu.', ['us', 'Trieu']],
    ['Desa', ['Desa']],
    ['Revisi el formulari. Torna-ho a provar.', ['Torna-ho']],
    ['Marca-ho tot com a llegit', ['Marca-ho']],
    ['Obre la tasca', ['Obre']],
    ["S'ha creat un compte per a tu.", ['tu']],
    ['Encara no pertanys al teu departament.', ['teu']],
    ["T'enviarem un correu.", ["T'enviarem"]],
    ['Tornar a encarregar', ['Tornar']],
    ['Emetre la factura', ['Emetre']],
    ['Lliurar {{count}} fitxers', ['Lliurar']],
  ])('flags "%s"', (text, slips) => expect(catalanRegisterSlips(text)).toEqual(slips));

  it('the validation messages speak vostè', () => {
    const slips = texts(validationCa).filter(([, text]) => catalanRegisterSlips(text).length > 0);
    expect(slips).toEqual([]);
  });
});
