/**
 * A Mermaid diagram of one flow version: every step with its route, progress and heading, every "next" and branch
 * with its condition in words. Code hosts render Mermaid blocks, so flows/README.md shows each version's shape; for a
 * version that extends another, the steps it adds or changes are shaded and the links it sets drawn thick.
 */
import type { Flow, Step } from './definition.ts';
import type { OverlayChanges } from './overlay.ts';
import { stepPath } from './navigation.ts';
import type { JsonObject } from './schema.ts';

/** Mermaid node ids: letters, digits and "_" only, so a step id like "loan-purpose" is never read as an arrow. */
function nodeId(stepId: string): string {
  return `s_${stepId.replace(/-/g, '_')}`;
}

/** Text inside a quoted Mermaid label: its own quotes and markup characters as entities. */
function label(text: string): string {
  return text.replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;');
}

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A branch condition in words: "credit_score is Poor (639 or less)", "amount is one of 10000, 20000". Conditions
 * beyond a field's `const`/`enum` are shown as their JSON, shortened.
 */
export function describeCondition(when: JsonObject): string {
  const properties = when.properties as Record<string, JsonObject> | undefined;
  const keys = Object.keys(when).filter((key) => key !== 'required' && key !== 'type');
  if (properties !== undefined && keys.length === 1) {
    const parts = Object.entries(properties).map(([field, rule]) => {
      const ruleKeys = Object.keys(rule);
      if (ruleKeys.length === 1 && 'const' in rule) return `${field} is ${valueText(rule.const)}`;
      if (ruleKeys.length === 1 && Array.isArray(rule.enum))
        return `${field} is one of ${rule.enum.map(valueText).join(', ')}`;
      return undefined;
    });
    if (parts.every((part) => part !== undefined)) return parts.join(' and ');
  }
  const json = JSON.stringify(when);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

function stepLabel(flow: Flow, stepId: string, step: Step): string {
  const lines = [`<b>${stepId}</b>`, `${stepPath(flow, step)} · ${step.progress}%`, label(step.heading)];
  if (step.action !== undefined) lines.push(`runs ${step.action}`);
  if (step.standalone === true) lines.push('own link');
  return lines.join('<br/>');
}

/** The flow as a Mermaid flowchart, top to bottom; a fenced block of it goes into Markdown as is. */
export function flowGraph(flow: Flow, changes?: OverlayChanges): string {
  const changed = new Set(changes?.steps.filter((step) => step.change !== 'removed').map((step) => step.id));
  const newLinks = new Set(
    changes?.steps
      .filter((step) => step.change === 'added' || step.keys.some(({ key, removed }) => key === 'next' && !removed))
      .map((step) => step.id),
  );
  const lines = ['flowchart TD'];
  for (const [stepId, step] of Object.entries(flow.steps)) {
    const text = `"${stepLabel(flow, stepId, step)}"`;
    lines.push(`  ${nodeId(stepId)}${step.end === true ? `([${text}])` : `[${text}]`}`);
  }
  for (const [stepId, step] of Object.entries(flow.steps)) {
    const arrow = newLinks.has(stepId) ? '==>' : '-->';
    if (typeof step.next === 'string') lines.push(`  ${nodeId(stepId)} ${arrow} ${nodeId(step.next)}`);
    else if (Array.isArray(step.next)) {
      for (const branch of step.next) {
        const condition = branch.when === undefined ? 'otherwise' : describeCondition(branch.when as JsonObject);
        lines.push(`  ${nodeId(stepId)} ${arrow}|"${label(condition)}"| ${nodeId(branch.goto)}`);
      }
    }
  }
  // The start step stands out, so a reader knows where a visitor arrives.
  lines.push(`  style ${nodeId(flow.start)} stroke-width:3px`);
  if (changed.size > 0) {
    lines.push('  classDef changed fill:#fff3c4,stroke:#b45309');
    lines.push(`  class ${[...changed].map(nodeId).join(',')} changed`);
  }
  return lines.join('\n');
}

const code = (text: string) => `\`${text}\``;
const keyList = (keys: readonly { key: string; removed: boolean }[]) =>
  keys.map(({ key, removed }) => (removed ? `removes ${code(key)}` : code(key))).join(', ');

/** What a version changes from the file it extends, in a line: settings, then each step with the keys it writes. */
export function describeChanges(changes: OverlayChanges): string {
  const parts = [
    ...(changes.settings.length > 0 ? [keyList(changes.settings)] : []),
    ...changes.steps.map(({ id, change, keys }) =>
      change === 'changed' ? `step ${code(id)}: ${keyList(keys)}` : `step ${code(id)} ${change}`,
    ),
  ];
  const base = changes.base.slice(changes.base.lastIndexOf('/') + 1);
  return `Extends ${code(base)} and changes ${parts.length > 0 ? parts.join('; ') : 'nothing'}.`;
}
