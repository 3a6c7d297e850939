import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';

/** `/quote/registered`: the request arrived; the link to the quote goes by mail. */
export default function QuoteRegisteredPage() {
  const { t } = useTranslation(['common', 'quotes']);
  return (
    <div data-testid="screen-quotes.registered">
      <EmptyState
        headingLevel={1}
        icon={<IconMailCheck size={36} aria-hidden />}
        title={t('screens.quotes.registered.title')}
        description={t('screens.quotes.registered.description')}
        testId="quote-registered"
      >
        <Text size="sm" c="gray.7">
          {t('quotes:registered.mail')}
        </Text>
        <Button component={Link} to="/">
          {t('quotes:registered.home')}
        </Button>
      </EmptyState>
    </div>
  );
}
