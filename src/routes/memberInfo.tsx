import { createFileRoute } from '@tanstack/react-router';
import { FlowUnavailable } from '../shell/FlowUnavailable.tsx';

export const Route = createFileRoute('/memberInfo')({
  component: () => <FlowUnavailable title="Transfer Your Prescriptions" />,
});
