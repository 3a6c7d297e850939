import type { ComponentType } from 'react';
import { useModalStore, type ModalPropsByType, type ModalType } from '../components/modals/modal-store.ts';
import {
  AlertModal,
  ConfirmModal,
  ConnectionErrorModal,
  FilesLoadingModal,
  InactiveUserModal,
  InfoModal,
  LoadingModal,
  NotFoundModal,
  SessionExpiredModal,
  ValidationErrorsModal,
  type RegistryModalProps,
} from '../components/modals/registry-modals.tsx';
import { ChangePasswordModal } from '../features/account/index.ts';

type Registry = { [K in ModalType]: ComponentType<RegistryModalProps<ModalPropsByType[K]>> };

/** The one registry of modal types (spec part 1 §2, "Modals"). Later issues add their types here. */
const REGISTRY: Registry = {
  confirm: ConfirmModal,
  alert: AlertModal,
  loading: LoadingModal,
  filesLoading: FilesLoadingModal,
  changePassword: ({ onClose }) => <ChangePasswordModal onClose={onClose} />,
  connectionError: ConnectionErrorModal,
  sessionExpired: SessionExpiredModal,
  notFound: NotFoundModal,
  inactiveUser: InactiveUserModal,
  validationErrors: ValidationErrorsModal,
  info: InfoModal,
};

export function ModalHost() {
  const open = useModalStore((state) => state.open);
  const closeModal = useModalStore((state) => state.closeModal);
  return (
    <>
      {(Object.keys(open) as ModalType[]).map((type) => {
        const Component = REGISTRY[type] as ComponentType<RegistryModalProps<unknown>>;
        return <Component key={type} props={open[type]} onClose={() => closeModal(type)} />;
      })}
    </>
  );
}
