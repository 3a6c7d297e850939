import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Group, Text } from '@mantine/core';
import { BRAND } from '../brand.ts';
import classes from './layout.module.css';

export function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : 'currentColor'} />
      <path
        d="M8 9h4.2l3.8 10.6L19.8 9H24l-6 15h-4z"
        fill={inverted ? 'var(--mantine-color-ink-9)' : '#fff'}
      />
    </svg>
  );
}

/** The brand link goes to / (spec part 1 §2). */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={classes.brand} aria-label={t('menu.home', { name: BRAND.name })}>
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={700} fz={20} lh={1} className={classes.brandName}>
          {BRAND.name}
        </Text>
      </Group>
    </Link>
  );
}
