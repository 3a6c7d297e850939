import type { CSSProperties } from 'react';

/** Mantine's default error red is below 4.5:1 on white; forms of this feature use a darker one (axe). */
export const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties;
