import { useTranslation } from 'react-i18next';
import { Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { RateDto } from '@verba/contracts';
import { Money } from '../../../components/money.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTranslationTypes } from '../../settings/index.ts';
import { pricesPerType } from '../lib/rate-rules.ts';

/** "Rate info": what a word costs in each translation type for this pair (r1 × percent / 100). */
export function RateInfoModal({ rate, onClose }: { rate: RateDto; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const locale = useUiLocale();
  const types = useTranslationTypes();
  const prices = types.data ? pricesPerType(rate.r1, types.data, locale) : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('info.title', {
        source: rate.source_language.name,
        target: rate.target_language.name,
      })}
      centered
      radius="md"
      data-testid="modal-rate-info"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('info.base')} <Money amount={rate.r1} fractionDigits={4} />
          {' · '}
          {t('info.hour')} <Money amount={rate.r2} />
        </Text>
        {prices ? (
          <Table verticalSpacing="xs" data-testid="rate-info-prices">
            <caption style={{ captionSide: 'top', textAlign: 'start' }}>
              <Text span size="sm" c="gray.7">
                {t('info.caption')}
              </Text>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('info.type')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('info.percent')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('info.price')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prices.map((price) => (
                <Table.Tr key={price.id} data-testid={`rate-info-type-${price.id}`}>
                  <Table.Th scope="row" fw={500}>
                    {price.name}
                  </Table.Th>
                  <Table.Td ta="right">{formatNumber(price.percent, locale)} %</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    <Money amount={price.price} fractionDigits={4} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Center py="md" role="status" aria-label={t('states.loading', { ns: 'common' })}>
            <Loader size="sm" />
          </Center>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('actions.close', { ns: 'common' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
