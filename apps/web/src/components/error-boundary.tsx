import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RenderErrorNotice } from './render-error-notice.tsx';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a shown error. */
  resetKey?: string;
  onError: (error: Error, info: ErrorInfo) => void;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

export class RenderErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError(error, info);
  }

  override render() {
    return this.state.error ? <RenderErrorNotice /> : this.props.children;
  }
}
