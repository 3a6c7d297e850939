import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, List, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockOff,
  IconFileSearch,
  IconInfoCircle,
  IconListCheck,
  IconPlugConnectedX,
  IconUserOff,
} from '@tabler/icons-react';
import { formFailure } from '../form-errors.ts';
import { FormErrorNotice } from '../form-error-notice.tsx';
import { MessageModal } from './message-modal.tsx';
import type { ModalPropsByType } from './modal-store.ts';

export interface RegistryModalProps<P> {
  props: P;
  onClose: () => void;
}

export function ConfirmModal({ props, onClose }: RegistryModalProps<ModalPropsByType['confirm']>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await props.onConfirm();
      onClose();
    } catch (error) {
      // Stays open: a refusal the call handles is shown here; any other failure was told globally.
      setNotice(formFailure(error, []).notice);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={props.title} centered radius="md" data-testid="modal-confirm">
      <Stack gap="lg">
        <Text>{props.message}</Text>
        <FormErrorNotice message={notice} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="modal-confirm-dismiss">
            {props.cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button color={props.danger ? 'red.9' : undefined} loading={busy} onClick={() => void confirm()}>
            {props.confirmLabel ?? t('actions.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function AlertModal({ props, onClose }: RegistryModalProps<ModalPropsByType['alert']>) {
  const { t } = useTranslation();
  return (
    <MessageModal
      opened
      onClose={onClose}
      title={props.title}
      icon={<IconAlertTriangle size={20} />}
      color="red"
      actionLabel={t('actions.close')}
      testId="modal-alert"
    >
      <Text>{props.message}</Text>
    </MessageModal>
  );
}

export function LoadingModal({ props, onClose }: RegistryModalProps<ModalPropsByType['loading']>) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="xs"
      title={t('modals.loading.title')}
      data-testid="modal-loading"
    >
      <Group gap="md" wrap="nowrap" role="status">
        <Loader size="sm" />
        <Text>{props.message ?? t('modals.loading.message')}</Text>
      </Group>
    </Modal>
  );
}

export function FilesLoadingModal({ props, onClose }: RegistryModalProps<ModalPropsByType['filesLoading']>) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('modals.filesLoading.title')}
      data-testid="modal-files-loading"
    >
      <Stack gap="sm" role="status">
        <Text>{props.message ?? t('modals.filesLoading.message')}</Text>
        {props.progress === undefined ? (
          <Loader size="sm" type="dots" />
        ) : (
          <Progress value={props.progress} aria-label={t('modals.filesLoading.title')} animated />
        )}
        {props.fileNames?.length ? (
          <List size="sm" c="dimmed">
            {props.fileNames.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Modal>
  );
}

export function ConnectionErrorModal({ onClose }: RegistryModalProps<ModalPropsByType['connectionError']>) {
  const { t } = useTranslation();
  return (
    <MessageModal
      opened
      onClose={onClose}
      title={t('modals.connectionError.title')}
      icon={<IconPlugConnectedX size={20} />}
      color="orange"
      actionLabel={t('actions.close')}
      testId="modal-connection-error"
    >
      <Text>{t('errors.serverNotResponding')}</Text>
    </MessageModal>
  );
}

export function SessionExpiredModal({
  props,
  onClose,
}: RegistryModalProps<ModalPropsByType['sessionExpired']>) {
  const { t } = useTranslation();
  return (
    <MessageModal
      opened
      onClose={onClose}
      title={t('modals.sessionExpired.title')}
      icon={<IconClockOff size={20} />}
      color="blue"
      actionLabel={t('actions.login')}
      onAction={() => {
        onClose();
        props.onLogin();
      }}
      dismissable={false}
      testId="modal-session-expired"
    >
      <Text>{t('errors.sessionExpired')}</Text>
    </MessageModal>
  );
}

export function NotFoundModal({ props, onClose }: RegistryModalProps<ModalPropsByType['notFound']>) {
  const { t } = useTranslation();
  return (
    <MessageModal
      opened
      onClose={onClose}
      title={t('modals.notFound.title')}
      icon={<IconFileSearch size={20} />}
      color="gray"
      actionLabel={t('actions.close')}
      testId="modal-not-found"
    >
      <Text>{props.message || t('errors.elementNotFound')}</Text>
    </MessageModal>
  );
}

export function InactiveUserModal({ props, onClose }: RegistryModalProps<ModalPropsByType['inactiveUser']>) {
  const { t } = useTranslation();
  return (
    <MessageModal
      opened
      onClose={onClose}
      title={t('errors.userDisabled')}
      icon={<IconUserOff size={20} />}
      color="red"
      actionLabel={t('actions.close')}
      testId="modal-inactive-user"
    >
      <Text>{props.message || t('errors.userDisabledDetail')}</Text>
    </MessageModal>
  );
}

export function ValidationErrorsModal({
  props,
  onClose,
}: RegistryModalProps<ModalPropsByType['validationErrors']>) {
  const { t } = useTranslation();
  return (
    <MessageModal
      opened
      onClose={onClose}
      title={props.title ?? t('errors.incorrectInformation')}
      icon={<IconListCheck size={20} />}
      color="red"
      actionLabel={t('actions.close')}
      testId="modal-validation-errors"
    >
      {props.intro ? <Text mb="sm">{props.intro}</Text> : null}
      <List spacing="xs">
        {props.messages.map((message, index) => (
          <List.Item key={`${index}-${message}`}>{message}</List.Item>
        ))}
      </List>
    </MessageModal>
  );
}

export function InfoModal({ props, onClose }: RegistryModalProps<ModalPropsByType['info']>) {
  const { t } = useTranslation();
  return (
    <MessageModal
      opened
      onClose={onClose}
      title={props.title}
      icon={<IconInfoCircle size={20} />}
      color="blue"
      actionLabel={t('actions.close')}
      testId="modal-info"
    >
      <Text style={{ whiteSpace: 'pre-line' }}>{props.body}</Text>
    </MessageModal>
  );
}
