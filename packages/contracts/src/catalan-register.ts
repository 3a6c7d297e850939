/**
 * The portal speaks Catalan in the formal vostè register: commands in the third person singular
 * ("Desi", "Afegeixi", "Cancel·li la tasca", "Torni-ho a provar"), sentences with "vostè" and
 * "el seu / la seva". These patterns catch the other registers a translation slips into: tu
 * ("Desa", "Segueix-la", "el teu"), vosaltres ("Deseu", "Passeu-lo", "el vostre") and a bare
 * infinitive as a command ("Tornar a encarregar").
 */

/** Informal (tu) imperatives that open a command. "Cerca" and "Rectifica" are left out: a noun, a label. */
const TU_COMMANDS = new Set(
  (
    'Accepta Activa Adjunta Afegeix Amaga Anul·la Assigna Baixa Cancel·la Canvia Comparteix Comprova ' +
    'Configura Confirma Consulta Continua Converteix Copia Crea Defineix Deixa Demana Desa Desactiva ' +
    'Descarrega Desplega Dona Edita Elimina Emet Entra Envia Escriu Escull Esborra Exporta Fes Filtra ' +
    'Habilita Importa Inicia Introdueix Lliura Marca Mostra Obre Omple Ordena Paga Passa Posa Pregunta ' +
    'Prova Puja Reactiva Recalcula Reenvia Restableix Revisa Revoca Salta Segueix Selecciona Tanca Torna ' +
    'Treu Tria Ves Vés Verifica'
  ).split(' '),
);

/** Words ending in -eu / -iu that are not vosaltres imperatives, as a message may open with them. */
const NOT_VOSALTRES = new Set(
  'actiu arxiu correu definitiu dispositiu festiu inactiu meu motiu negatiu nou objectiu positiu preu seu'.split(
    ' ',
  ),
);

/** Infinitives a command must not be left in ("Desar", "Tornar a encarregar"). */
const INFINITIVE = /^\p{Lu}\p{Ll}*(ar|ir)$/u;
const INFINITIVE_RE = new Set(['Emetre', 'Treure', 'Veure', 'Fer']);
const NOT_INFINITIVE = new Set(['Auxiliar', 'Familiar', 'Particular', 'Popular', 'Similar', 'Titular']);

const PATTERNS: RegExp[] = [
  /(?<![\p{L}'’-])(?:vostr[eao]s?|vosaltres|vós)(?![\p{L}])/giu,
  /(?<![\p{L}'’-])us(?![\p{L}'’-])/gu,
  /\p{L}+-vos\b/gu,
  /\p{L}+(?:eu|iu)-(?:lo|la|los|les|ho|hi|ne|nos|me|li)(?![\p{L}])/gu,
  /(?<![\p{L}'’-])(?:tu|teu|teus|teva|teves)(?![\p{L}'’-])/giu,
  /(?<![\p{L}])t['’]\p{L}+/giu,
  /\p{L}+(?:-te|['’]t)(?![\p{L}])/gu,
  /\p{L}+(?:a|eix)-(?:lo|la|los|les|ho|hi|ne|nos|me|li)(?![\p{L}])/gu,
];

/** The words of `text` that open a sentence: the first one, and any after ". ", ": ", "; ", "? " or "! ". */
function sentenceOpeners(text: string): string[] {
  return text
    .split(/(?:^|[.:;?!]\s+)/u)
    .map((part) => /^[«"“(]?([\p{L}·]+)/u.exec(part)?.[1])
    .filter((word): word is string => Boolean(word));
}

/**
 * The words of a Catalan catalogue `text` in a register other than vostè, e.g. `['Deseu']` for
 * "Deseu els canvis"; none for "Desi els canvis". Placeholders (`{{name}}`) are ignored.
 */
export function catalanRegisterSlips(text: string): string[] {
  const plain = text.replace(/\{\{[^}]*\}\}/g, '');
  const slips = PATTERNS.flatMap((pattern) => [...plain.matchAll(pattern)].map((match) => match[0]));
  for (const word of sentenceOpeners(plain)) {
    const lower = word.toLowerCase();
    if (slips.some((slip) => slip.startsWith(`${word}-`))) continue;
    if (TU_COMMANDS.has(word)) slips.push(word);
    else if (/^\p{Lu}/u.test(word) && /(eu|iu)$/.test(lower) && !NOT_VOSALTRES.has(lower)) slips.push(word);
    else if ((INFINITIVE.test(word) && !NOT_INFINITIVE.has(word)) || INFINITIVE_RE.has(word))
      slips.push(word);
  }
  return [...new Set(slips)];
}
