import { createFileRoute } from '@tanstack/react-router';
import { FlowUnavailable } from '../shell/FlowUnavailable.tsx';

export const Route = createFileRoute('/transfer')({
  component: () => <FlowUnavailable title="Transfer or Request Prescriptions" />,
});
