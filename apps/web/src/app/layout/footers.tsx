import { useTranslation } from 'react-i18next';
import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { BRAND } from '../brand.ts';
import { useEffectiveLocale } from '../../lib/locale.ts';
import { LogoMark } from './logo.tsx';
import classes from './layout.module.css';

function CityLinks({ className }: { className?: string }) {
  return (
    <>
      {BRAND.cities.map((city) => (
        <Anchor key={city.name} href={city.url} className={className} target="_blank" rel="noreferrer">
          {city.name}
        </Anchor>
      ))}
    </>
  );
}

export function ShortFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer} data-testid="short-footer">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          © {year} {BRAND.name}. {t('footer.rights')}
        </Text>
        <Group gap="md" component="nav" aria-label={t('footer.offices')}>
          <CityLinks className={classes.footerLink} />
        </Group>
      </Group>
    </footer>
  );
}

/** The public quote pages' footer: share, follow us, offices and legal links in the current language. */
export function ExtendedFooter() {
  const { t } = useTranslation();
  const locale = useEffectiveLocale();
  const year = new Date().getFullYear();
  const pageUrl = typeof window === 'undefined' ? BRAND.website : window.location.href;
  const legal = [
    { key: 'legalNotice', href: BRAND.legal.legalNotice[locale] },
    { key: 'cookies', href: BRAND.legal.cookies[locale] },
    { key: 'privacy', href: BRAND.legal.privacy[locale] },
    { key: 'accessibility', href: BRAND.legal.accessibility[locale] },
    { key: 'security', href: BRAND.legal.security[locale] },
  ] as const;
  const share = [
    { name: 'LinkedIn', href: BRAND.share.linkedin(pageUrl) },
    { name: 'X', href: BRAND.share.x(pageUrl) },
    { name: t('footer.shareByEmail'), href: BRAND.share.email(pageUrl, t('footer.shareSubject')) },
  ];
  return (
    <footer className={classes.extendedFooter} data-testid="extended-footer">
      <Container size="lg" px={0}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Group gap={10} c="white">
              <LogoMark size={28} inverted />
              <Text fw={700} fz="lg" c="white">
                {BRAND.name}
              </Text>
            </Group>
            <Text size="sm">{t('footer.pitch')}</Text>
          </Stack>
          <nav aria-label={t('footer.offices')}>
            <div className={classes.extendedFooterTitle}>{t('footer.offices')}</div>
            <Stack gap={6}>
              <CityLinks className={classes.extendedFooterLink} />
            </Stack>
          </nav>
          <nav aria-label={t('footer.followUs')}>
            <div className={classes.extendedFooterTitle}>{t('footer.followUs')}</div>
            <Stack gap={6}>
              {BRAND.followUs.map((network) => (
                <Anchor
                  key={network.name}
                  href={network.url}
                  className={classes.extendedFooterLink}
                  target="_blank"
                  rel="noreferrer"
                >
                  {network.name}
                </Anchor>
              ))}
            </Stack>
          </nav>
          <nav aria-label={t('footer.share')}>
            <div className={classes.extendedFooterTitle}>{t('footer.share')}</div>
            <Stack gap={6}>
              {share.map((link) => (
                <Anchor
                  key={link.name}
                  href={link.href}
                  className={classes.extendedFooterLink}
                  target="_blank"
                  rel="noreferrer"
                >
                  {link.name}
                </Anchor>
              ))}
            </Stack>
          </nav>
        </SimpleGrid>
        <Group justify="space-between" className={classes.extendedFooterBottom} gap="sm">
          <Text size="xs" c="ink.1">
            © {year} {BRAND.name}. {t('footer.rights')}
          </Text>
          <Group gap="md" component="nav" aria-label={t('footer.legal')}>
            {legal.map((link) => (
              <Anchor
                key={link.key}
                href={link.href}
                className={classes.extendedFooterLink}
                hrefLang={locale}
              >
                {t(`footer.legalLinks.${link.key}`)}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
