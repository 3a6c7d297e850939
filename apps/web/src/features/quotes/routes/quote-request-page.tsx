import { useTranslation } from 'react-i18next';
import { Box } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { QuoteForm } from '../components/quote-form.tsx';

export default function QuoteRequestPage() {
  const { t } = useTranslation();
  return (
    <Box maw={960} mx="auto" w="100%" data-testid="screen-quotes.request">
      <PageHeader
        title={t('screens.quotes.request.title')}
        description={t('screens.quotes.request.description')}
      />
      <QuoteForm />
    </Box>
  );
}
