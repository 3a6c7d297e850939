import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import formClasses from './forms.module.css';

/**
 * The filters of a list screen: what is being typed (`draft`) apart from what the list shows (`filters`), applied
 * together and back to page 1. `normalise` tidies the draft when it is applied (e.g. trims a typed address).
 */
export function useListFilters<F extends { [K in keyof F]: string }>(
  none: F,
  normalise: (draft: F) => F = (d) => d,
) {
  const [draft, setDraft] = useState(none);
  const [filters, setFilters] = useState(none);
  const [page, setPage] = useState(1);
  return {
    draft,
    filters,
    page,
    setPage,
    /** Whether any filter is applied (the empty list then says "nothing matches"). */
    filtered: Object.values(filters).some(Boolean),
    /** A field's change handler; a cleared select (null) is no filter. */
    set: (key: keyof F) => (value: string | null) =>
      setDraft((current) => ({ ...current, [key]: value ?? '' })),
    apply: (event: FormEvent) => {
      event.preventDefault();
      setFilters(normalise(draft));
      setPage(1);
    },
    clear: () => {
      setDraft(none);
      setFilters(none);
      setPage(1);
    },
  };
}

interface FilterBarProps {
  onApply: (event: FormEvent) => void;
  onClear: () => void;
  applyLabel: string;
  clearLabel: string;
  applyTestId?: string;
  /** Columns of the fields' grid (one on a phone, two from sm, `lg` from lg). */
  lg: number;
  /** The fields. */
  children: ReactNode;
  /** Buttons before "clear" (an export of the filtered rows). */
  extra?: ReactNode;
}

/** A list screen's filter form: the fields in a grid, then clear and apply at its foot (Enter applies too). */
export function FilterBar({
  onApply,
  onClear,
  applyLabel,
  clearLabel,
  applyTestId,
  lg,
  children,
  extra,
}: FilterBarProps) {
  const cols: SimpleGridProps['cols'] = { base: 1, sm: 2, lg };
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      onSubmit={onApply}
      noValidate
      className={formClasses.form}
    >
      <SimpleGrid cols={cols} spacing="md">
        {children}
      </SimpleGrid>
      <Group justify="flex-end" mt="md" gap="sm">
        {extra}
        <Button variant="default" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={onClear}>
          {clearLabel}
        </Button>
        <Button type="submit" leftSection={<IconFilter size={18} aria-hidden />} data-testid={applyTestId}>
          {applyLabel}
        </Button>
      </Group>
    </Paper>
  );
}
