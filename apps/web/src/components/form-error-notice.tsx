import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form's or modal's refusal that no field shows (the server's message), above its buttons. */
export function FormErrorNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      data-testid="form-error"
    >
      {message}
    </Alert>
  );
}
