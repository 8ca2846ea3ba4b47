/**
 * /__preview/<version>/<step id>: what to store and where to go for a step opened directly in development, or the
 * message page naming the versions and steps there are when the address names none of them.
 */
import type { Flow } from '../../engine/flow/definition.ts';
import type { FlowFile } from '../../engine/flow/load.ts';
import { stepPath } from '../../engine/flow/navigation.ts';
import { didYouMean } from '../../engine/flow/suggest.ts';
import { escapeHtml } from '../page/index.ts';
import { previewAnswers } from '../../engine/flow/sample/sample-answers.ts';
import { storedRecord } from '../../engine/flow/sample/stored-record.ts';
import type { DevPreview } from './status.ts';

export const PREVIEW_PREFIX = '/__preview';

export interface VersionFile {
  file: string;
  flow: Flow;
}

export type PreviewAnswer =
  | { kind: 'preview'; preview: DevPreview; unfit: string[] }
  | { kind: 'page'; status: 200 | 404; title: string; html: string };

/** The flow files as versions; files that do not look like a flow (an edit in progress) are left out. */
export function versionsOf(files: readonly FlowFile[]): VersionFile[] {
  return files.flatMap(({ file, json }) => {
    const flow = json as Partial<Flow> | null;
    const looksLikeFlow =
      typeof flow?.version === 'string' &&
      typeof flow.basePath === 'string' &&
      typeof flow.storageKey === 'string' &&
      typeof flow.start === 'string' &&
      typeof flow.steps === 'object' &&
      flow.steps !== null;
    return looksLikeFlow ? [{ file, flow: flow as Flow }] : [];
  });
}

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

function versionList(versions: readonly VersionFile[]): string {
  const items = versions.map(
    ({ file, flow }) =>
      `<li>${link(`${PREVIEW_PREFIX}/${flow.version}`, flow.version)}: ${escapeHtml(file)}, at ${escapeHtml(flow.basePath || '/')}</li>`,
  );
  return `<ul class="fundflow-dev-page__list">${items.join('')}</ul>`;
}

function stepList({ flow }: VersionFile): string {
  const items = Object.entries(flow.steps).map(
    ([id, step]) =>
      `<li>${link(`${PREVIEW_PREFIX}/${flow.version}/${id}`, id)}: ${escapeHtml(String(step.heading ?? ''))} ` +
      `<span class="fundflow-dev-page__path">(${escapeHtml(stepPath(flow, step))})</span></li>`,
  );
  return `<ul class="fundflow-dev-page__list">${items.join('')}</ul>`;
}

const HOW =
  `<p>Open <code>${PREVIEW_PREFIX}/&lt;version&gt;/&lt;step id&gt;</code> to see a step with sample answers in the ` +
  'steps before it.</p>';

/** What /__preview/<rest> answers: `rest` is the path after the prefix, without its leading slash. */
export async function answerPreview(versions: readonly VersionFile[], rest: string): Promise<PreviewAnswer> {
  const segments = rest
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeDecode);
  const names = versions.map(({ flow }) => flow.version);
  if (segments.length === 0) {
    return {
      kind: 'page',
      status: 200,
      title: 'Preview a step',
      html: `${HOW}<h2>Versions</h2>${versionList(versions)}`,
    };
  }
  const [version, ...stepParts] = segments as [string, ...string[]];
  const found = versions.find(({ flow }) => flow.version === version);
  if (found === undefined) {
    return {
      kind: 'page',
      status: 404,
      title: `There is no version "${version}"${didYouMean(version, names)}`,
      html: `${HOW}<h2>The versions are</h2>${versionList(versions)}`,
    };
  }
  if (stepParts.length === 0) {
    return {
      kind: 'page',
      status: 200,
      title: `Preview a step of ${version}`,
      html: `${HOW}<h2>Steps of ${escapeHtml(version)}</h2>${stepList(found)}`,
    };
  }
  const stepId = stepParts.join('/');
  const steps = Object.keys(found.flow.steps);
  if (!Object.hasOwn(found.flow.steps, stepId)) {
    return {
      kind: 'page',
      status: 404,
      title: `${version} has no step "${stepId}"${didYouMean(stepId, steps)}`,
      html: `${HOW}<h2>Steps of ${escapeHtml(version)}</h2>${stepList(found)}`,
    };
  }
  const step = found.flow.steps[stepId]!;
  const { answers, unfit } = await previewAnswers(found.flow, stepId);
  return {
    kind: 'preview',
    preview: {
      storageKey: found.flow.storageKey,
      record: storedRecord(found.flow.storageKey, answers),
      path: stepPath(found.flow, step),
    },
    unfit,
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A small page of its own (the site's page is not involved), styled by the development stylesheet. */
export function messagePage(title: string, html: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/__dev/client.css"></head>` +
    `<body class="fundflow-dev-page"><main><h1>${escapeHtml(title)}</h1>${html}</main></body></html>`
  );
}
