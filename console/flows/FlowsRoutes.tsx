/**
 * The Flows pages under /admin/flows, relative to it: the list of versions and drafts, a version's page, and the
 * editor's pages (console/flows/editor/). One table of routes, so each part adds its lines here.
 */
import { Route, Routes, useParams } from 'react-router-dom';
import { PageHeading } from '../PageHeading.tsx';
import { FlowsPage } from './FlowsPage.tsx';
import { VersionPage } from './VersionPage.tsx';
import type { FlowsPageProps } from './flows-page-props.ts';
import { DraftRoute, StepEditorRoute } from './editor/editor-routes.tsx';

export function FlowsRoutes(props: FlowsPageProps) {
  return (
    <Routes>
      <Route index element={<FlowsPage {...props} />} />
      <Route path="versions/:name" element={<VersionRoute {...props} />} />
      <Route path="versions/:name/steps/:stepId" element={<StepEditorRoute {...props} />} />
      <Route path="drafts/:id" element={<DraftRoute {...props} />} />
      <Route path="drafts/:id/steps/:stepId" element={<StepEditorRoute {...props} />} />
      <Route path="*" element={<PageHeading title="No such page" productName={props.productName} />} />
    </Routes>
  );
}

function VersionRoute(props: FlowsPageProps) {
  const name = useParams().name ?? '';
  // Keyed by name: another version's page starts afresh, with nothing of the last one's state.
  return <VersionPage key={name} {...props} name={name} />;
}
