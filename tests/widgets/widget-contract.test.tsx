/**
 * The contract every registered widget keeps, run over widgets/info.ts (each widget with its description): a new
 * widget is checked as soon as it is listed there, and the page's list, widgets/index.ts, must hold the same widgets.
 * Each check (tests/support/widget-contract-checks.tsx) answers a message naming the widget and what is wrong;
 * tests/widgets/widget-contract/ shows that each one catches a widget that breaks it.
 */
import { describe, it } from 'vitest';
import { widgets } from '../../widgets/info.ts';
import { widgets as pageWidgets } from '../../widgets/index.ts';
import {
  checkDisplay,
  checkErrorWiring,
  checkListsAgree,
  checkNameAndSummary,
  checkNamedControl,
  checkObjectErrorWiring,
  checkObjectKeepsAnswers,
  checkObjectNamedControls,
  checkObjectSamples,
  checkOptionsSchema,
  checkValueType,
  objectsRenderedBy,
  type Failure,
} from '../support/widget-contract-checks.tsx';

/** Fails the test with the check's own message. */
function holds(failure: Failure): void {
  if (failure !== undefined) throw new Error(failure);
}

it('the page lists the same widgets as the tools', () => {
  holds(checkListsAgree(pageWidgets, widgets));
});

describe.each(widgets.map((widget) => [widget.name, widget] as const))('widget "%s"', (name, widget) => {
  it('has a flow-friendly name and a summary for the guide', () => {
    holds(checkNameAndSummary(widget, widgets));
  });

  it('has an options schema that compiles in strict mode and accepts its example', () => {
    holds(checkOptionsSchema(widget));
  });

  if (widget.serves.kind === 'value') {
    for (const type of widget.serves.types) {
      describe(`serving a ${type} field`, () => {
        it("gives its control an accessible name: the field's title", () => {
          holds(checkNamedControl(widget, type));
        });

        it('keeps its accessible name when the label is hidden', () => {
          holds(checkNamedControl(widget, type, { hideLabel: true }));
        });

        it(`gives back a ${type} value`, () => {
          holds(checkValueType(widget, type));
        });

        it('marks itself invalid and points at its error through the shared template', () => {
          holds(checkErrorWiring(widget, type));
        });
      });
    }
  }

  if (widget.serves.kind === 'object') {
    describe('serving an object', () => {
      const samples = objectsRenderedBy(name);

      it('renders the fields of at least one step or field in the flows', () => {
        holds(checkObjectSamples(widget, samples));
      });

      it.each(samples)('gives each field of $where a control named by its title', async (sample) => {
        holds(await checkObjectNamedControls(widget, sample));
      });

      it.each(samples)('marks each field of $where invalid and points it at its error', async (sample) => {
        holds(await checkObjectErrorWiring(widget, sample));
      });

      it.each(samples)('gives back the whole object of $where, keeping the answers it did not change', (sample) => {
        holds(checkObjectKeepsAnswers(widget, sample));
      });
    });
  }

  if (widget.serves.kind === 'display') {
    it('renders its example without collecting data', () => {
      holds(checkDisplay(widget));
    });
  }
});
