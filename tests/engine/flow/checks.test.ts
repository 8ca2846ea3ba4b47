import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { assertFlowsValid, checkFlows, formatProblem } from '../../../engine/flow/checks.ts';
import { readFlowFiles, readFlowSources } from '../../../engine/flow/load.ts';
import { buildFlowSchema, FLOW_SCHEMA_COMMENT, flowSchemaText } from '../../../engine/flow/schema.ts';
import { editDistance, suggest } from '../../../engine/flow/suggest.ts';
import { builtInPagePaths } from '../../../contracts/public-config.ts';
import { widgets } from '../../../widgets/info.ts';
import {
  badFlow,
  jsonAt,
  validFlow,
  VALID_FLOW_DIR,
  writeBadFlow,
  type BadFlowName,
  type FlowJson,
} from '../../support/bad-flows.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const realFlows = () => readFlowSources(join(ROOT, 'flows'));
const problemsOf = (name: BadFlowName) => checkFlows(badFlow(name), widgets).map(formatProblem);
const at = (name: BadFlowName) => `${name}/business-funding.v2.json`;

describe('the flow files', () => {
  it('are all free of problems', () => {
    const files = realFlows();
    expect(files.map((file) => file.file)).toContain('flows/business-funding.json');
    expect(checkFlows(files, widgets).map(formatProblem)).toEqual([]);
    expect(() => assertFlowsValid(files, widgets)).not.toThrow();
  });

  it('validate against the committed flow.schema.json, as an editor checks them', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'flows/flow.schema.json'), 'utf8')) as object;
    const validate = new Ajv({ allErrors: true }).compile(schema);
    for (const { file, json } of realFlows())
      expect(validate(json), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });
});

describe('each mistake is reported with its file and pointer', () => {
  const cases: [flow: BadFlowName, expected: string][] = [
    ['misspelt-key', '/steps/amount/hedaing: unknown key "hedaing" (did you mean "heading"?)'],
    ['missing-step', '/steps/zip/next: "revenu" is not a step (did you mean "revenue"?)'],
    [
      'unreachable-step',
      '/steps/old-offer: cannot be reached from the start step "start" (lead to it with a "next", or mark it "standalone": true if it has its own link)',
    ],
    ['duplicate-route', '/steps/alternatives/route: the route "revenue" is already used by step "revenue"'],
    [
      'decreasing-progress',
      '/steps/amount/progress: 15 is lower than 20 on "start" which leads here: the bar would go back; make it at least 20, or lower that step\'s',
    ],
    [
      'schema-typo',
      '/steps/amount/schema/properties/amount/minimun: unknown keyword "minimun" (did you mean "minimum"?)',
    ],
    ['unknown-widget', '/steps/amount/ui/amount/widget: unknown widget "slidr" (did you mean "slider"?)'],
    [
      'wrong-type-widget',
      '/steps/start/ui/business_type/widget: "slider" does not serve a string field (it serves integer or number)',
    ],
    [
      'bad-widget-option',
      '/steps/amount/ui/amount/options/maxLable: "slider" has no option "maxLable" (did you mean "maxLabel"?)',
    ],
    [
      'errors-keyword',
      '/steps/amount/errors/amount/maximun: the field has no "maximun" rule (did you mean "maximum"?)',
    ],
    [
      'display-widget-for-field',
      '/steps/amount/ui/amount/widget: "offers" is a display widget: it shows content and collects no field; use it under "display"',
    ],
    [
      'unknown-action',
      '/steps/amount/action: "submit-leed" is not an action (did you mean "submit-lead"?) (actions: full-name, submit-lead)',
    ],
    [
      'layout-not-object',
      '/steps/amount/layout/widget: "slider" shows one field or content; "layout" takes a widget that shows several fields (address-then-phone)',
    ],
    [
      'unknown-placeholder',
      '/steps/amount/errors/amount/maximum: "{limt}" is not filled in by the "maximum" rule (did you mean "{limit}"?)',
    ],
  ];

  it.each(cases)('%s', (name, expected) => {
    expect(problemsOf(name)).toEqual([`${at(name)} ${expected}`]);
  });

  it('the bad flows differ from a flow without problems by their one mistake', () => {
    expect(checkFlows(readFlowFiles(VALID_FLOW_DIR, 'valid'), widgets).map(formatProblem)).toEqual([]);
  });

  it('reports every problem of a file at once', () => {
    expect(problemsOf('several-mistakes')).toEqual(
      [
        '/messages/minLenght: "minLenght" is not a validation rule or engine message (did you mean "minLength"?)',
        '/steps/start/progress: expected a whole number, found the text "ten": Percent shown by the progress bar.',
        '/steps/amount/ui/amount/widget: unknown widget "slidr" (did you mean "slider"?)',
        '/steps/zip/next: "revenu" is not a step (did you mean "revenue"?)',
        '/steps/revenue/next/0/when/properties/revenue/maximun: unknown keyword "maximun" (did you mean "maximum"?)',
        '/steps/alternatives/display/options: "offers" needs the option "offers": add it to "options" (The products to suggest, in the order shown, each with a link to the partner who offers it.)',
        '/steps/alternatives/display/options: "offers" needs the option "newTab": add it to "options" (Read by screen readers after each link text, never shown: the links open a new tab, e.g. "(opens in a new tab)".)',
      ].map((line) => `${at('several-mistakes')} ${line}`),
    );
  });

  it('reports versions that claim the same base path and storage', () => {
    const dir = 'duplicate-base-path';
    expect(problemsOf('duplicate-base-path')).toEqual([
      `${dir}/business-funding.v3.json /basePath: "/v2" is already the basePath of ${dir}/business-funding.v2.json: give this file its own, e.g. "/v3"`,
      `${dir}/business-funding.v3.json /storageKey: "business-funding.v2" is already the storageKey of ${dir}/business-funding.v2.json: give this file its own, e.g. "business-funding-v3"`,
    ]);
  });

  it('gives the build one error listing every problem', () => {
    expect(() => assertFlowsValid(badFlow('missing-step'), widgets)).toThrow(
      `${at('missing-step')} /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)\nflows: 1 problem in 1 file`,
    );
  });
});

describe('more mistakes, checked in memory', () => {
  const base = validFlow;
  const check = (change: (flow: FlowJson) => void) => {
    const flow = base();
    change(flow);
    return checkFlows([{ file: 'f.json', json: flow }], widgets).map(formatProblem);
  };

  it('explains wrong types and patterns with the field description and how to write the value', () => {
    expect(check((flow) => (jsonAt(flow, 'steps', 'zip').next = 5))[0]).toBe(
      'f.json /steps/zip/next: expected text or a list, found the number 5: Where Next leads: a step id, or an ordered list of branches.',
    );
    expect(check((flow) => (jsonAt(flow, 'steps', 'zip').progress = '30'))).toEqual([
      'f.json /steps/zip/progress: expected a whole number, found the text "30" (write it without quotes: 30): Percent shown by the progress bar.',
    ]);
    expect(check((flow) => (jsonAt(flow, 'steps', 'zip').route = 'Zip Code'))).toEqual([
      'f.json /steps/zip/route: "Zip Code" is not allowed (did you mean "zip-code"?): The path segment after the flow\'s basePath: "" for the start, otherwise lower case words joined by "-".',
    ]);
    expect(check((flow) => delete jsonAt(flow, 'steps', 'zip').heading)).toEqual([
      'f.json /steps/zip: "heading" is missing: add it (The question or title of the step.)',
    ]);
  });

  it("refuses an offer's link that is not an https address, and an offer id the reports cannot take", () => {
    const offerAt = '/steps/alternatives/display/options/offers/0';
    const withOffer = (change: Record<string, unknown>) =>
      check((flow) => Object.assign(jsonAt(flow, 'steps', 'alternatives', 'display', 'options', 'offers', 0), change));
    const urlRule =
      "The partner's page the link opens in a new tab, exactly as written: an https:// address with its tracking " +
      'parameters, e.g. "https://partners.example.com/personal-loans?utm_source=fundflow".';
    expect(withOffer({ url: 'http://partners.example.com/loans?utm_source=fundflow' })).toEqual([
      `f.json ${offerAt}/url: "http://partners.example.com/loans?utm_source=fundflow" is not allowed: ${urlRule}`,
    ]);
    expect(withOffer({ url: 'https://partners example.com/loans' })).toEqual([
      `f.json ${offerAt}/url: "https://partners example.com/loans" is not allowed: ${urlRule}`,
    ]);
    expect(withOffer({ url: 'javascript:alert(1)' })).toHaveLength(1);
    expect(withOffer({ url: 'https://partners.example.com:8443/loans?a=1#top' })).toEqual([]);
    expect(withOffer({ id: 'personal loans' })).toEqual([
      `f.json ${offerAt}/id: "personal loans" is not allowed (did you mean "personal-loans"?): A name for the offer in ` +
        'the reports, kept when its texts change: letters, digits, "-" and "_", at most 64, e.g. "personal-loans".',
    ]);
  });

  it('lists the valid names when a misspelt one is not close to any', () => {
    const steps = Object.keys(jsonAt(base(), 'steps')).join(', ');
    expect(check((flow) => (jsonAt(flow, 'steps', 'zip').next = 'income'))[0]).toBe(
      `f.json /steps/zip/next: "income" is not a step (steps: ${steps})`,
    );
  });

  it('finds the step or field a shortened or misspelt name stands for by its last words', () => {
    const withLongId = (flow: FlowJson) => {
      const steps = jsonAt(flow, 'steps');
      steps['average-monthly-revenue'] = steps.revenue;
      delete steps.revenue;
      for (const id of Object.keys(steps)) {
        const step = jsonAt(steps, id);
        if (step.next === 'revenue') step.next = 'average-monthly-revenue';
        if (Array.isArray(step.next))
          for (const branch of (step.next as unknown[]).map((item) => jsonAt(item)))
            if (branch.goto === 'revenue') branch.goto = 'average-monthly-revenue';
      }
    };
    expect(
      check((flow) => {
        withLongId(flow);
        jsonAt(flow, 'steps', 'zip').next = 'revenue';
      }),
    ).toEqual(['f.json /steps/zip/next: "revenue" is not a step (did you mean "average-monthly-revenue"?)']);
  });

  it('says whether an error text names a rule the field lacks or no rule at all', () => {
    expect(check((flow) => (jsonAt(flow, 'steps', 'zip').errors = { zip: { minimum: 'Too small' } }))[0]).toMatch(
      /\/steps\/zip\/errors\/zip\/minimum: the field has no "minimum" rule, so this text is never shown: add the rule to the field's schema or remove the text \(its rules: /,
    );
    expect(check((flow) => (jsonAt(flow, 'steps', 'zip').errors = { zip: { minimun: 'Too small' } }))[0]).toMatch(
      /"minimun" is not a validation rule \(did you mean "minimum"\? then add that rule to the field's schema too\): write a text for one of the field's rules/,
    );
  });

  it('checks step schemas as ajv strict mode does, every problem at its pointer', () => {
    expect(
      check((flow) => {
        jsonAt(flow, 'steps', 'amount', 'schema', 'properties', 'amount').maxLength = 7;
        jsonAt(flow, 'steps', 'zip', 'schema', 'properties', 'zip').format = 'emial';
        jsonAt(flow, 'steps', 'amount', 'schema').required = ['amont'];
      }),
    ).toEqual([
      'f.json /steps/amount/schema/required/0: "amont" is not a field of this step (did you mean "amount"?)',
      'f.json /steps/amount/schema/properties/amount/maxLength: "maxLength" does not apply to type "integer" (it is a rule for type "string")',
      'f.json /steps/zip/schema/properties/zip/format: unknown format "emial" (did you mean "email"?)',
    ]);
    const withFormat = base();
    const zip = jsonAt(withFormat, 'steps', 'zip', 'schema', 'properties', 'zip');
    zip.format = 'zip';
    expect(checkFlows([{ file: 'f.json', json: withFormat }], widgets, { formats: { zip: /^\d{5}$/ } })).toEqual([]);
    zip.format = 'zpi';
    expect(
      checkFlows([{ file: 'f.json', json: withFormat }], widgets, { formats: { zip: /^\d{5}$/ } }).map(formatProblem),
    ).toEqual(['f.json /steps/zip/schema/properties/zip/format: unknown format "zpi" (did you mean "zip"?)']);
  });

  it('checks the shape of steps and their links', () => {
    expect(
      check((flow) => {
        jsonAt(flow, 'steps', 'amount').display = {
          widget: 'offers',
          options: jsonAt(flow, 'steps', 'alternatives', 'display', 'options'),
        };
        jsonAt(flow, 'steps', 'alternatives', 'display').widget = 'slider';
        jsonAt(flow, 'steps', 'revenue', 'next', 0, 'when').properties = { revenu: { type: 'integer' } };
        flow.start = 'strat';
      }),
    ).toEqual([
      'f.json /start: "strat" is not a step (did you mean "start"?)',
      'f.json /steps/amount/display: a step shows fields ("schema") or content ("display"), not both',
      'f.json /steps/revenue/next/0/when/properties/revenu: "revenu" is not a field of any step (did you mean "revenue"?)',
      'f.json /steps/alternatives/display/widget: "slider" shows a field: use it under "ui"; "display" takes a display widget (offers, thank-you, searching-timeline)',
    ]);
    expect(check((flow) => delete jsonAt(flow, 'steps', 'amount').next)).toEqual([
      'f.json /steps/amount: a step with fields needs a "next" or an "action"',
      'f.json /steps/zip: cannot be reached from the start step "start", and so neither can "revenue", "alternatives" and "thank-you" after it (lead to it with a "next", or mark it "standalone": true if it has its own link)',
    ]);
    expect(check((flow) => (jsonAt(flow, 'steps', 'amount').standalone = true))).toEqual([]);
  });

  it("keeps routes off the paths the site serves its own pages at, under the main version's base path", () => {
    const reservedPaths = builtInPagePaths();
    const withRoute = (basePath: string) => {
      const flow = base();
      flow.basePath = basePath;
      jsonAt(flow, 'steps', 'zip').route = 'do-not-sell';
      return checkFlows([{ file: 'f.json', json: flow }], widgets, { reservedPaths }).map(formatProblem);
    };
    expect(withRoute('')).toEqual([
      'f.json /steps/zip/route: the path "/do-not-sell" is the site\'s built-in "Do Not Sell My Information" page: choose another route',
    ]);
    expect(withRoute('/v2')).toEqual([]);
  });

  it('checks the placeholders of flow-wide messages', () => {
    expect(check((flow) => (jsonAt(flow, 'messages').required = 'Please fill in {field}'))).toEqual([
      'f.json /messages/required: "{field}" is not filled in by the "required" rule (it fills {missingProperty})',
    ]);
  });
});

describe('flow.schema.json', () => {
  it('is current (as npm run flows:schema -- --check verifies)', () => {
    expect(readFileSync(join(ROOT, 'flows/flow.schema.json'), 'utf8')).toBe(flowSchemaText(widgets));
  });

  it('names the registered widgets and checks their options', () => {
    const schema = buildFlowSchema(widgets);
    expect(schema.$comment).toBe(FLOW_SCHEMA_COMMENT);
    const step = jsonAt(Object.values(jsonAt(schema, 'properties', 'steps', 'patternProperties'))[0]);
    const ui = jsonAt(step, 'properties', 'ui', 'patternProperties', '^.*$');
    expect(jsonAt(ui, 'properties', 'widget').enum).toEqual(
      widgets.filter((w) => w.serves.kind !== 'display').map((w) => w.name),
    );
    expect(jsonAt(step, 'properties', 'display', 'properties', 'widget').enum).toEqual(
      widgets.filter((w) => w.serves.kind === 'display').map((w) => w.name),
    );

    const validate = new Ajv({ allErrors: true }).compile(schema);
    const flow = badFlow('bad-widget-option')[0]!.json;
    expect(validate(flow)).toBe(false);
    expect(validate.errors?.map((error) => [error.instancePath, error.params])).toContainEqual([
      '/steps/amount/ui/amount/options',
      { additionalProperty: 'maxLable' },
    ]);
  });
});

describe('flow.schema.json for a version that extends another', () => {
  const validate = new Ajv({ allErrors: true }).compile(
    JSON.parse(readFileSync(join(ROOT, 'flows/flow.schema.json'), 'utf8')) as object,
  );
  const overlay = (steps: FlowJson) => ({ extends: 'business-funding.json', version: 'v9', steps });
  const errorsOf = (json: unknown) => {
    validate(json);
    return (validate.errors ?? []).map((error) => [error.instancePath, error.keyword]);
  };

  it('takes only what differs, and null to remove a step or an optional key', () => {
    expect(errorsOf(overlay({ amount: { heading: 'How much?' }, alternatives: null, zip: { help: null } }))).toEqual(
      [],
    );
  });

  it('still checks the keys and values it names', () => {
    expect(errorsOf(overlay({ amount: { hedaing: 'How much?' } }))).toContainEqual([
      '/steps/amount',
      'additionalProperties',
    ]);
    expect(errorsOf(overlay({ amount: { progress: 'ten' } }))).toContainEqual(['/steps/amount/progress', 'type']);
    expect(errorsOf(overlay({ amount: { heading: null } }))).toContainEqual(['/steps/amount/heading', 'type']);
  });

  it('asks a file without "extends" for the whole flow', () => {
    const { start: _start, ...withoutStart } = validFlow();
    expect(errorsOf(withoutStart)).toContainEqual(['', 'required']);
  });
});

describe('did you mean', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('hedaing', 'heading')).toBe(1);
    expect(editDistance('revenu', 'revenue')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests only close names', () => {
    expect(suggest('minimun', ['maximum', 'minimum', 'minLength'])).toBe('minimum');
    expect(suggest('slidr', ['choice', 'slider'])).toBe('slider');
    expect(suggest('Heading', ['heading'])).toBe('heading');
    expect(suggest('colour', ['route', 'progress'])).toBeUndefined();
  });
});

describe('the command line tools', () => {
  // As package.json runs them: widget components import their stylesheets, which the tools load as empty modules.
  const tsx = (...args: string[]) =>
    spawnSync('npx', ['tsx', '--import', './tools/css-as-empty-module.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

  it('flows:check fails on a broken flow folder and names the problem', () => {
    const written = writeBadFlow('missing-step');
    const result = tsx('tools/flows-check.ts', written.dir);
    written.remove();
    const file = `${relative(ROOT, written.dir)}/business-funding.v2.json`;
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      `${file} /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)\nflows: 1 problem in 1 file\n`,
    );
  }, 60_000);

  it('flows:check checks a version that extends another as resolved, naming the file that wrote the mistake', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fundflow-overlay-check-'));
    try {
      writeFileSync(join(dir, 'business-funding.v2.json'), JSON.stringify(validFlow()));
      const overlay = {
        extends: 'business-funding.v2.json',
        version: 'v3',
        basePath: '/v3',
        storageKey: 'business-funding.v3',
        steps: { zip: { next: 'revenu' } },
      };
      writeFileSync(join(dir, 'business-funding.v3.json'), JSON.stringify(overlay));
      const result = tsx('tools/flows-check.ts', dir);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe(
        `${relative(ROOT, dir)}/business-funding.v3.json /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)\nflows: 1 problem in 1 file\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('flows:check passes the real flows', () => {
    const result = tsx('tools/flows-check.ts');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^flows: \d+ files OK\n$/);
  }, 60_000);

  it('flows:schema --check passes while the committed file is current', () => {
    const result = tsx('tools/flow-schema.ts', '--check');
    expect(result.status).toBe(0);
  }, 60_000);
});

describe('the recipes of flows/README.md', () => {
  const v1 = () =>
    structuredClone(realFlows().find(({ file }) => file === 'flows/business-funding.json')!.json) as FlowJson;
  const check = (flow: FlowJson) =>
    checkFlows([{ file: 'flows/business-funding.json', json: flow }], widgets).map(formatProblem);

  /** "Change the order of steps": ask loan-timing before loan-purpose by changing three "next" values. */
  const reorder = (flow: FlowJson) => {
    jsonAt(flow, 'steps', 'amount').next = 'loan-timing';
    jsonAt(flow, 'steps', 'loan-timing').next = 'loan-purpose';
    jsonAt(flow, 'steps', 'loan-purpose').next = 'average-monthly-revenue';
  };

  it('reordering two steps and swapping their progress passes the checks', () => {
    const flow = v1();
    reorder(flow);
    const timing = jsonAt(flow, 'steps', 'loan-timing');
    const purpose = jsonAt(flow, 'steps', 'loan-purpose');
    [timing.progress, purpose.progress] = [purpose.progress, timing.progress];
    expect(check(flow)).toEqual([]);
  });

  it('reordering without swapping the progress is caught, with what to change', () => {
    const flow = v1();
    reorder(flow);
    expect(check(flow)).toEqual([
      'flows/business-funding.json /steps/loan-purpose/progress: 25 is lower than 34 on "loan-timing" which leads here: the bar would go back; make it at least 34, or lower that step\'s',
    ]);
  });

  it('forgetting one of the three "next" values is caught as a step no one reaches', () => {
    const flow = v1();
    reorder(flow);
    jsonAt(flow, 'steps', 'loan-purpose').next = 'loan-timing';
    expect(check(flow).join('\n')).toMatch(
      /\/steps\/average-monthly-revenue: cannot be reached from the start step "start"/,
    );
  });
});
