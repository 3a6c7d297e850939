import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Button, FileButton } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { downloadRates, downloadRatesTemplate } from '../api/download-rates.ts';
import { importRates } from '../api/import-rates.ts';
import type { RateOwner } from '../api/rate-owner.ts';
import { importReportLines, namesRows } from '../lib/rate-rules.ts';

interface RateExcelActionsProps {
  owner: RateOwner;
  /** Import and template (VERBA_ADMIN); without it only the export. */
  canImport: boolean;
}

/**
 * Excel for a rate list: import an .xlsx or .xls (all or nothing; a file with bad rows opens a report
 * naming each row), download the empty template, export the list as excel.xlsx.
 */
export function RateExcelActions({ owner, canImport }: RateExcelActionsProps) {
  const { t } = useTranslation('rates');
  const client = useQueryClient();
  const openModal = useModalStore((state) => state.openModal);
  const [uploading, setUploading] = useState(false);

  const importFile = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const result = await importRates(owner, file);
      notifications.show({ color: 'green', title: t('excel.importedTitle'), message: result.message });
      await client.invalidateQueries({ queryKey: QUERY_ROOTS.rates });
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      if (namesRows(body?.errors))
        openModal('validationErrors', {
          title: t('excel.failedTitle'),
          intro: body?.message,
          messages: importReportLines(body?.errors, (row) => t('excel.row', { row })),
        });
      else
        notifications.show({
          color: 'red',
          title: t('excel.failedTitle'),
          message: importReportLines(body?.errors, String).join(' ') || body?.message || t('excel.failed'),
        });
    } finally {
      setUploading(false);
    }
  };

  const download = (saving: Promise<void>) => {
    saving.catch(() => {
      // the global failure table already told the user
    });
  };

  return (
    <>
      {canImport ? (
        <>
          <FileButton
            onChange={(file) => void importFile(file)}
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            disabled={uploading}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={18} aria-hidden />}
                loading={uploading}
                disabled={uploading}
                data-testid="rates-import"
              >
                {t('excel.import')}
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            onClick={() => download(downloadRatesTemplate())}
            data-testid="rates-template"
          >
            {t('excel.template')}
          </Button>
        </>
      ) : null}
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => download(downloadRates(owner))}
        data-testid="rates-export"
      >
        {t('excel.export')}
      </Button>
    </>
  );
}
