/** Visually hidden, still read out: table captions and icon-only column headers. */
export const hidden = { position: 'absolute', left: -10000 } as const;
