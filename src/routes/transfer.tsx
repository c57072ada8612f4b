import { createFileRoute } from '@tanstack/react-router';
import { MemberFlowRoute } from '../flows/member/MemberFlowPage.tsx';

// The online transfer tool starts the same member flow (and is where Cancel Request returns).
export const Route = createFileRoute('/transfer')({
  component: () => <MemberFlowRoute title="Transfer or Request Prescriptions" />,
});
