import { createFileRoute } from '@tanstack/react-router';
import { FlowUnavailable } from '../shell/FlowUnavailable.tsx';

export const Route = createFileRoute('/autorefill/$linkId')({
  component: () => <FlowUnavailable title="Auto Refill" />,
});
