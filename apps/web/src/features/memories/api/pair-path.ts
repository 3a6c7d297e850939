/** Where one language pair of a customer's memory is deleted and exported. */
export const pairPath = (customerId: number, pair: { source_lang: string; target_lang: string }) =>
  `/customers/${customerId}/memories/${encodeURIComponent(pair.source_lang)}/${encodeURIComponent(pair.target_lang)}`;
