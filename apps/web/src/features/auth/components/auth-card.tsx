import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import classes from './auth.module.css';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId: string;
}

/** The sign-in screens' frame: a brand panel beside the form on wide screens, the form alone on a phone. */
export function AuthCard({ title, subtitle, children, testId }: AuthCardProps) {
  return (
    <div className={classes.wrapper}>
      <Paper className={classes.card} withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} data-testid={testId}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {subtitle ? <Text c="gray.7">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </div>
  );
}
