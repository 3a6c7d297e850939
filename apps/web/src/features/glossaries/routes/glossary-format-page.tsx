import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Anchor,
  Button,
  Code,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { GLOSSARY_LIMITS, GLOSSARY_TYPES, type GlossaryType } from '@verba/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { downloadTemplate, exampleCsv, GLOSSARY_EXAMPLES } from '../lib/templates.ts';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Example({ type }: { type: GlossaryType }) {
  const { t } = useTranslation('glossaries');
  const [header, ...rows] = GLOSSARY_EXAMPLES[type];
  return (
    <Section title={t(`guide.example${type}`)} testId={`glossary-example-${type}`}>
      <Text fz="sm">{t(`guide.example${type}Intro`)}</Text>
      <TableScrollRegion label={t(`guide.example${type}`)}>
        <Table withTableBorder withColumnBorders fz="sm">
          <Table.Thead>
            <Table.Tr>
              {header!.map((cell) => (
                <Table.Th key={cell}>{cell}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row[0]}>
                {row.map((cell, index) => (
                  <Table.Td key={index}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      <Text fz="sm" fw={500}>
        {t('guide.asText')}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {exampleCsv(type)}
      </Code>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => downloadTemplate(type)}
          data-testid={`glossary-template-${type}`}
        >
          {t(`guide.template${type}`)}
        </Button>
      </Group>
    </Section>
  );
}

/** How a glossary CSV is laid out: columns, header, delimiters, encodings, examples, templates. */
export default function GlossaryFormatPage() {
  const { t } = useTranslation('glossaries');
  const locale = useUiLocale();
  const limits = {
    rows: GLOSSARY_LIMITS.maxRows.toLocaleString(locale),
    mb: GLOSSARY_LIMITS.maxBytes / (1024 * 1024),
    listed: GLOSSARY_LIMITS.maxListedErrors,
  };
  return (
    <div data-testid="glossary-format-page">
      <PageHeader
        title={t('guide.title')}
        description={t('guide.description')}
        actions={
          <Anchor component={Link} to="/glossaries" data-testid="glossary-format-back">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {t('guide.back')}
            </Group>
          </Anchor>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title={t('guide.columnsTitle')} testId="glossary-guide-columns">
            <List size="sm" spacing="xs">
              <List.Item>{t('guide.columns1')}</List.Item>
              <List.Item>{t('guide.columns2')}</List.Item>
            </List>
          </Section>
          <Section title={t('guide.headerTitle')} testId="glossary-guide-header">
            <List size="sm" spacing="xs">
              <List.Item>{t('guide.header1')}</List.Item>
              <List.Item>{t('guide.header2')}</List.Item>
            </List>
          </Section>
          <Section title={t('guide.delimitersTitle')} testId="glossary-guide-delimiters">
            <List size="sm" spacing="xs">
              <List.Item>{t('guide.delimiters')}</List.Item>
              <List.Item>{t('guide.quotes')}</List.Item>
            </List>
          </Section>
          <Section title={t('guide.encodingsTitle')} testId="glossary-guide-encodings">
            <List size="sm" spacing="xs">
              <List.Item>{t('guide.encodings')}</List.Item>
              <List.Item>{t('guide.limits', limits)}</List.Item>
              <List.Item>{t('guide.checks', limits)}</List.Item>
            </List>
          </Section>
        </SimpleGrid>
        {GLOSSARY_TYPES.map((type) => (
          <Example key={type} type={type} />
        ))}
      </Stack>
    </div>
  );
}
