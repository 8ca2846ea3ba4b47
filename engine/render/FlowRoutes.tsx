/**
 * The routes of every flow version, generated from the flow files, and the site's own `pages`; any other path renders
 * `notFound`.
 */
import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { CompiledFlow } from '../flow/compiled.ts';
import { stepPath } from '../flow/navigation.ts';
import { StepScreen } from './StepScreen.tsx';
import { BackToStartListener } from './back-to-start.tsx';

/** Lets the site put content around a step (its shell, or the landing page under the first question). */
export type StepLayout = (screen: ReactNode, where: { flow: CompiledFlow['flow']; stepId: string }) => ReactNode;

/** A page of the site's own at a path no flow takes (the flow checks refuse a route that would). */
export interface SitePage {
  path: string;
  element: ReactNode;
}

export function FlowRoutes({
  flows,
  layout,
  pages = [],
  notFound,
}: {
  flows: readonly CompiledFlow[];
  layout: StepLayout;
  pages?: readonly SitePage[];
  notFound: ReactNode;
}) {
  return (
    <BackToStartListener>
      <Routes>
        {flows.flatMap((compiled) =>
          Object.entries(compiled.flow.steps).map(([stepId, step]) => {
            const path = stepPath(compiled.flow, step);
            return (
              <Route
                key={path}
                path={path}
                element={
                  // A later step opened before its validators arrived shows nothing until they have: the layout
                  // around it would otherwise be drawn first and pushed down when the step appears.
                  <Suspense fallback={null}>
                    {layout(<StepScreen key={path} compiled={compiled} stepId={stepId} />, {
                      flow: compiled.flow,
                      stepId,
                    })}
                  </Suspense>
                }
              />
            );
          }),
        )}
        {pages.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
        <Route path="*" element={notFound} />
      </Routes>
    </BackToStartListener>
  );
}
