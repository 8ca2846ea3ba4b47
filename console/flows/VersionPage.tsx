/** /admin/flows/versions/<name>: one version, its steps in flow order, and what can be done with it. */
import { PageHeading } from '../PageHeading.tsx';
import type { FlowsPageProps } from './flows-page-props.ts';

export function VersionPage({ productName, name }: FlowsPageProps & { name: string }) {
  return <PageHeading title={name} productName={productName} />;
}
