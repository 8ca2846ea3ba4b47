/** The generated parts of the marketer guide: the reference, the flow diagrams and the markers that hold them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/flow/definition.ts';
import { describeChanges, describeCondition, flowGraph } from '../../engine/flow/graph.ts';
import { readFlowFiles, readFlowSources } from '../../engine/flow/load.ts';
import { resolveFlows } from '../../engine/flow/overlay.ts';
import { flowReference } from '../../engine/flow/reference.ts';
import { ENGINE_MESSAGES } from '../../engine/messages.ts';
import { actions } from '../../engine/actions/index.ts';
import { ACTION_SUMMARIES } from '../../engine/actions/summaries.ts';
import { emptySection, withSections } from '../../tools/generated-sections.ts';
import { FLOWS_README, graphSection, readmeWith, referenceSection } from '../../tools/flows-readme.ts';
import { widgets } from '../../widgets/info.ts';

const FLOWS_DIR = join(import.meta.dirname, '../../flows');
/** A version as the page shows it: one that extends another, resolved. */
const flowFile = (name: string) => readFlowFiles(FLOWS_DIR).find(({ file }) => file === `flows/${name}`)!.json as Flow;

describe('generated sections of a Markdown file', () => {
  const section = { name: 'table', command: 'npm run make-table', content: '| a |' };

  it('puts the content between its markers and keeps the writing around them', () => {
    const text = `# Guide\n\nHand-written.\n\n${emptySection(section)}\n\nMore prose.\n`;
    const written = withSections(text, [section], 'docs/guide.md');
    expect(written).toContain('Hand-written.');
    expect(written).toContain('More prose.');
    expect(written).toContain(
      'npm run make-table writes this part; do not edit it -->\n\n| a |\n\n<!-- END GENERATED table -->',
    );
  });

  it('replaces a stale part instead of adding a second one', () => {
    const once = withSections(emptySection(section), [section], 'docs/guide.md');
    const twice = withSections(once, [{ ...section, content: '| b |' }], 'docs/guide.md');
    expect(twice).toContain('| b |');
    expect(twice).not.toContain('| a |');
  });

  it('names the file and shows the markers to put back when one was removed', () => {
    expect(() => withSections('# Guide\n<!-- END GENERATED table -->\n', [section], 'docs/guide.md')).toThrow(
      /docs\/guide\.md: the markers of the generated part "table" are missing[\s\S]*<!-- BEGIN GENERATED table: npm run make-table/,
    );
  });
});

describe('the reference', () => {
  const reference = flowReference(widgets, Object.keys(actions), ACTION_SUMMARIES);

  it('describes every widget with its summary and every one of its options', () => {
    for (const widget of widgets) {
      expect(reference).toContain(`### \`${widget.name}\``);
      expect(reference).toContain(widget.summary);
      const options = Object.keys(widget.options.properties ?? {});
      for (const option of options) expect(reference).toContain(`| \`${option}\` |`);
    }
  });

  it('lists every message key with the engine text used when the flow has none', () => {
    for (const key of Object.keys(ENGINE_MESSAGES)) expect(reference).toContain(`| \`${key}\` |`);
    expect(reference).toMatch(
      /\| `minLength` \| a field breaks its `minLength` rule \| `\{limit\}` \| Please enter at least \{limit\} characters \|/,
    );
  });

  it('lists the flow-level and step-level keys with whether they are required', () => {
    expect(reference).toMatch(/\| `storageKey` \| yes \| text \| The browser storage key/);
    expect(reference).toMatch(/\| `progress` \| yes \| whole number 0 to 100 \| Percent shown by the progress bar/);
    expect(reference).toMatch(/\| `standalone` \| no \| `true` or `false` \|/);
  });

  it('lists every action, and refuses one without a sentence for the guide', () => {
    for (const name of Object.keys(actions)) expect(reference).toContain(`| \`${name}\` | ${ACTION_SUMMARIES[name]} |`);
    expect(() => flowReference(widgets, ['send-fax'], ACTION_SUMMARIES)).toThrow(
      'add a sentence for the action "send-fax"',
    );
  });
});

describe('the flow diagrams', () => {
  it('draws a branch with its condition and the catch-all as "otherwise" (v3)', () => {
    const graph = flowGraph(flowFile('business-funding.v3.json'));
    expect(graph).toContain('s_credit_score -->|"credit_score is Poor (639 or less)"| s_alternatives');
    expect(graph).toContain('s_credit_score -->|"otherwise"| s_about_business');
  });

  it('shows each step with its address, progress and heading, the action it runs and a standalone step as having its own link (v1)', () => {
    const graph = flowGraph(flowFile('business-funding.json'));
    expect(graph).toContain('s_amount["<b>amount</b><br/>/amount · 20%<br/>How much do you need?"]');
    expect(graph).toMatch(/s_phone\[".*runs submit-lead"\]/);
    expect(graph).toMatch(/s_alternatives\[".*own link"\]/);
    expect(graph).toMatch(/s_thank_you\(\[".*"\]\)/);
    expect(graph).not.toMatch(/--> s_alternatives/);
  });

  it('keeps quotes and angle brackets of a heading from breaking the diagram', () => {
    const flow = flowFile('business-funding.json');
    const steps = { ...flow.steps, amount: { ...flow.steps.amount!, heading: 'The "best" <rate>' } };
    expect(flowGraph({ ...flow, steps })).toContain('The #quot;best#quot; #lt;rate#gt;');
  });

  it('marks what a version that extends another changes: its steps shaded, the links it sets thick (v3)', () => {
    const v3 = resolveFlows(readFlowSources(FLOWS_DIR)).flows.find(({ file }) => file.endsWith('.v3.json'))!;
    expect(describeChanges(v3.changes!)).toBe(
      'Extends `business-funding.json` and changes `version`, `basePath`, `storageKey`; step `credit-score`: `next`; ' +
        'step `alternatives`: removes `standalone`.',
    );
    const graph = flowGraph(v3.json as Flow, v3.changes);
    expect(graph).toContain('s_credit_score ==>|"otherwise"| s_about_business');
    expect(graph).toContain('s_amount --> s_loan_purpose');
    expect(graph).toContain('class s_credit_score,s_alternatives changed');
    expect(flowGraph(flowFile('business-funding.json'))).not.toContain('changed');
  });

  it('puts conditions it cannot say in words as their JSON', () => {
    expect(describeCondition({ properties: { amount: { minimum: 50000 } }, required: ['amount'] })).toBe(
      '{"properties":{"amount":{"minimum":50000}},"required":["amount"]}',
    );
    expect(describeCondition({ properties: { loan_timing: { enum: ['Within a week', 'Within 2 weeks'] } } })).toBe(
      'loan_timing is one of Within a week, Within 2 weeks',
    );
  });
});

describe('flows/README.md', () => {
  it('holds the current reference and diagrams (npm run flows:schema rewrites them)', () => {
    expect(readFileSync(FLOWS_README, 'utf8')).toBe(readmeWith([referenceSection(), graphSection()]));
  });
});
