import { create } from 'zustand';

/** Every modal type the registry knows, with the props each one opens with. */
export interface ModalPropsByType {
  confirm: {
    title: string;
    message: string;
    confirmLabel?: string;
    /** the button that closes without acting, named for what it keeps ("Keep the task") */
    cancelLabel?: string;
    danger?: boolean;
    onConfirm: () => void | Promise<void>;
  };
  alert: { title: string; message: string };
  loading: { message?: string };
  filesLoading: { message?: string; progress?: number; fileNames?: string[] };
  changePassword: Record<string, never>;
  connectionError: Record<string, never>;
  sessionExpired: { onLogin: () => void };
  notFound: { message?: string };
  inactiveUser: { message?: string };
  validationErrors: { messages: string[]; intro?: string; title?: string };
  info: { title: string; body: string };
}

export type ModalType = keyof ModalPropsByType;

type OpenModals = { [K in ModalType]?: ModalPropsByType[K] };

interface ModalState {
  open: OpenModals;
  openModal: <K extends ModalType>(type: K, props: ModalPropsByType[K]) => void;
  closeModal: (type: ModalType) => void;
  toggleModal: <K extends ModalType>(type: K, props: ModalPropsByType[K]) => void;
  closeAll: () => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  open: {},
  openModal: (type, props) => set((state) => ({ open: { ...state.open, [type]: props } })),
  closeModal: (type) =>
    set((state) => {
      const next = { ...state.open };
      delete next[type];
      return { open: next };
    }),
  toggleModal: (type, props) =>
    set((state) => {
      const next = { ...state.open };
      if (type in next) delete next[type];
      else next[type] = props;
      return { open: next };
    }),
  closeAll: () => set({ open: {} }),
}));

/** Outside React (API client, session handling). */
export const modals = {
  open: <K extends ModalType>(type: K, props: ModalPropsByType[K]) =>
    useModalStore.getState().openModal(type, props),
  close: (type: ModalType) => useModalStore.getState().closeModal(type),
  toggle: <K extends ModalType>(type: K, props: ModalPropsByType[K]) =>
    useModalStore.getState().toggleModal(type, props),
  closeAll: () => useModalStore.getState().closeAll(),
  isOpen: (type: ModalType) => type in useModalStore.getState().open,
};
