import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Badge, Checkbox, Code, Stack, TextInput } from '@mantine/core';
import { IconLanguage, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { useLanguages } from '../api/get-languages.ts';
import { useSetLanguageSource } from '../api/set-language-source.ts';

export default function LanguagesPage() {
  const { t } = useTranslation('languages');
  const me = useAuthStore((state) => state.user);
  const canManage = userCan(me, 'languages:manage');
  const [iso, setIso] = useState('');
  const [debounced] = useDebouncedValue(iso.trim(), 300);
  const languages = useLanguages(debounced);
  const setSource = useSetLanguageSource();

  return (
    <div data-testid="languages-page">
      <PageHeader title={t('title')} description={canManage ? t('description') : t('descriptionReadOnly')} />
      <Stack gap="md">
        <TextInput
          label={t('filter')}
          placeholder={t('filterPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={iso}
          onChange={(event) => setIso(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
          data-testid="languages-filter"
        />
        <PagedTable
          caption={t('title')}
          rows={languages.data}
          rowKey={(language) => language.id}
          rowTestId={(language) => `language-${language.iso_code}`}
          loading={languages.isPending}
          loadingLabel={t('states.loading', { ns: 'common' })}
          total={languages.data ? t('total', { count: languages.data.length }) : null}
          testId="languages-table"
          empty={
            <EmptyState
              icon={<IconLanguage size={30} aria-hidden />}
              title={t('emptyTitle')}
              description={t('empty')}
              testId="languages-empty"
            />
          }
          columns={[
            { key: 'iso', header: t('columns.iso'), render: (language) => <Code>{language.iso_code}</Code> },
            { key: 'name', header: t('columns.name'), render: (language) => language.name },
            {
              key: 'source',
              header: t('columns.source'),
              align: 'center',
              render: (language) =>
                canManage ? (
                  <Checkbox
                    aria-label={t('setSource', { name: language.name })}
                    checked={language.is_source}
                    disabled={setSource.isPending && setSource.variables?.id === language.id}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setSource.mutate(
                        { id: language.id, is_source: checked },
                        {
                          onSuccess: () =>
                            notifications.show({
                              color: 'green',
                              title: t('savedTitle'),
                              message: checked
                                ? t('savedSource', { name: language.name })
                                : t('savedNotSource', { name: language.name }),
                            }),
                        },
                      );
                    }}
                    styles={{ body: { justifyContent: 'center' } }}
                    data-testid={`language-source-${language.iso_code}`}
                  />
                ) : language.is_source ? (
                  <Badge variant="light">{t('source')}</Badge>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Stack>
    </div>
  );
}
