import { Component, type ReactNode } from 'react';
import { GENERAL_ERROR_TEXT } from '../../api/gateway.ts';
import { Alert } from '../../ui/Alert.tsx';

/** @xstate/react 6 throws when an actor fails unexpectedly: show the general error text instead of a blank page. */
export class FlowErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Alert tone="error">{GENERAL_ERROR_TEXT}</Alert> : this.props.children;
  }
}
