/** /admin/flows: every flow version, the drafts being edited, the split test's weights. */
import { PageHeading } from '../PageHeading.tsx';
import type { FlowsPageProps } from './flows-page-props.ts';

export function FlowsPage({ productName }: FlowsPageProps) {
  return <PageHeading title="Flows" productName={productName} />;
}
