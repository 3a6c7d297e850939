/** Escapes LIKE wildcards so a user's text matches literally. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for a "contains" filter, with the user's wildcards taken literally. */
export const containsPattern = (value: string): string => `%${escapeLike(value)}%`;
