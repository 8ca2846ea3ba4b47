/** A flow's steps in flow order, each a link naming its id and heading ("amount: How much do you need?"). */
import { Link } from 'react-router-dom';
import { stepLabel, stepsInFlowOrder } from './flow-steps.ts';

export interface StepListProps {
  flow: Record<string, unknown>;
  /** The address a step's link opens. */
  stepPage: (stepId: string) => string;
}

export function StepList({ flow, stepPage }: StepListProps) {
  return (
    <ol className="flows-steps">
      {stepsInFlowOrder(flow).map((step) => (
        <li key={step.id}>
          <Link to={stepPage(step.id)}>{stepLabel(step)}</Link>
        </li>
      ))}
    </ol>
  );
}
