import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languageInSentence } from '../../../lib/language-in-sentence.ts';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { PRICE_LINES } from '@verba/contracts/pricing';
import { Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useTask } from '../api/get-task.ts';
import { useTaskPrice } from '../api/get-task-price.ts';
import type { PriceSummary, TaskDetail } from '../api/types.ts';
import { useNumber } from '../lib/use-number.ts';
import { InfoButton } from '../components/info-button.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { QuoteSummary } from '../components/quote-summary.tsx';

const hidden = { position: 'absolute', left: -10000 } as const;

/** Payable words (band words × grid %) are shown with one decimal everywhere. */
const PAYABLE_DIGITS = 1;

export default function TaskQuotePage() {
  const { t } = useTranslation('tasks');
  const id = Number(useParams().id);
  const task = useTask(id);
  const calculating = task.data?.state === 'CALCULATING';
  const price = useTaskPrice(id, Boolean(task.data) && !calculating);
  if (!task.data) return <PageLoader />;
  return (
    <div data-testid="task-quote-page">
      <PageHeader
        title={t('quote.title', { code: task.data.code || task.data.id })}
        description={task.data.description}
        actions={
          <Button
            variant="default"
            component={Link}
            to={`/tasks/${id}`}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('quote.back')}
          </Button>
        }
      />
      {calculating ? (
        <Alert color="cyan" title={t('detail.analysis.title')}>
          {t('detail.analysis.body', { count: task.data.source_files.length })}
        </Alert>
      ) : !price.data ? (
        <PageLoader />
      ) : (
        <Stack gap="lg">
          {price.data.map((summary) => (
            <LanguageQuote key={summary.targetLanguageId} task={task.data} summary={summary} />
          ))}
          <QuoteSummary task={task.data} />
        </Stack>
      )}
    </div>
  );
}

function LanguageQuote({ task, summary }: { task: TaskDetail; summary: PriceSummary }) {
  const { t } = useTranslation('tasks');
  const number = useNumber();
  const locale = useUiLocale();
  const target = task.target_languages.find(
    (item) => item.target_language_id === summary.targetLanguageId,
  )?.target_language;
  const language = target ? target.name : String(summary.targetLanguageId);
  const inSentence = target ? languageInSentence(target.iso_code, target.name, locale) : language;
  const missing = summary.rateMissing === true;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" data-testid="language-quote">
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap={4}>
          <Title order={2} fz="lg">
            {t('quote.languageTitle', { source: task.source_language.name, target: language })}
          </Title>
          <InfoButton section="quote" />
        </Group>
        <Text fz="xl" fw={700} data-testid="language-total">
          {missing ? t('quote.toConfirm') : <Money amount={summary.total} />}
        </Text>
      </Group>
      {missing ? (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} mb="md" data-testid="rate-missing">
          {t('quote.rateMissing')}
        </Alert>
      ) : null}
      <TableScrollRegion label={t('quote.caption', { language: inSentence })}>
        <Table verticalSpacing="xs" data-testid="bands-table">
          <caption style={hidden}>{t('quote.caption', { language: inSentence })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('quote.band')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('quote.words')}
              </Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                {t('quote.payable')}
              </Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                {t('quote.pricePerWord')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('quote.lineTotal')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PRICE_LINES.map((band) => {
              const line = summary[band.key];
              return (
                <Table.Tr key={band.key} data-testid={`band-${band.key}`}>
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {t(`bands.${band.key}`)}
                  </Table.Th>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {number(line?.wordCount)}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {line ? `${number(line.payablePercent)} %` : '—'}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {missing || !line ? '—' : <Money amount={line.pricePerWord} fractionDigits={4} />}
                  </Table.Td>
                  <Table.Td ta="right">{missing || !line ? '—' : <Money amount={line.total} />}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('quote.total')}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {number(summary.wordCount)}
              </Table.Td>
              <Table.Td colSpan={2} visibleFrom="sm" />
              <Table.Td ta="right" fw={700}>
                {missing ? '—' : <Money amount={summary.total} />}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableScrollRegion>
      <Text size="xs" c="gray.7" ta="right" mt={4} data-testid="payable-words">
        {t('quote.payableWords', { words: formatDecimal(summary.payableWords, locale, PAYABLE_DIGITS) })}
      </Text>
      {!missing && summary.minimum?.applied ? (
        <Group gap="xs" mt="sm">
          <Badge
            variant="light"
            color="grape"
            styles={{ label: { color: 'var(--mantine-color-grape-9)' } }}
            radius="sm"
          >
            {summary.isPriceByHour ? t('quote.minimumByHour') : t('quote.minimum')}
          </Badge>
          <Text size="sm" c="gray.7">
            {t('quote.minimumNote')} <Money amount={summary.minimum.adjustment} />
          </Text>
        </Group>
      ) : null}
    </Paper>
  );
}
