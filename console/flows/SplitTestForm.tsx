/**
 * The split test of '/': which live version is ahead by leads per visitor and by revenue per visitor (decision 141),
 * and each live version's weight, a new visitor at '/' getting each version in proportion to its weight. Admins and
 * marketers change them; operators read them. A weight refused (by this form, or by the server, which names it
 * `weights.<version>`) is shown by its field.
 */
import { useId, useState, type FormEvent } from 'react';
import type { FlowVersionSummary } from '../../contracts/flow-studio.ts';
import { ApiError } from '../../engine/api/client.ts';
import { failureMessage, saveSplitWeights } from '../console-api.ts';
import { Empty } from '../LoadingOrFailed.tsx';
import { perVisitorIntervalText, perVisitorText } from '../revenue-text.ts';
import { bestBy } from './version-ranking.ts';
import { conversionText } from './version-status.ts';

export interface SplitTestFormProps {
  /** Every version; the retired ones take no part. */
  versions: readonly FlowVersionSummary[];
  mayChange: boolean;
  onSaved: () => void;
}

type FieldErrors = Partial<Record<string, string>>;

/** The server's refusal by version (`weights.v2`, or the name alone), of the versions on the form. */
function refusedWeights(failure: unknown, names: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!(failure instanceof ApiError)) return errors;
  for (const { field, message } of failure.body?.fields ?? []) {
    const name = field.replace(/^weights\./, '');
    if (names.includes(name)) errors[name] = message;
  }
  return errors;
}

/** The weights typed, or the fields that are not a whole number of 0 or more. */
function readWeights(values: Record<string, string>): { weights: Record<string, number>; errors: FieldErrors } {
  const weights: Record<string, number> = {};
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(values)) {
    if (/^\d+$/.test(value.trim())) weights[name] = Number(value);
    else errors[name] = `The weight of ${name} must be a whole number, 0 or more.`;
  }
  return { weights, errors };
}

export function SplitTestForm({ versions, mayChange, onSaved }: SplitTestFormProps) {
  const live = versions.filter((version) => version.status !== 'retired');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Split test of /</h2>
      <p>
        A new visitor at / gets one of these versions, each in proportion to its weight; 0 leaves a version out, and
        with every weight at 0 there is no test: / shows v1. A change reaches every server within seconds.
      </p>
      <Leaders live={live} />
      {live.length === 0 ? (
        <Empty>No version is live.</Empty>
      ) : mayChange ? (
        // Keyed by the versions: one published or retired meanwhile starts the form afresh.
        <WeightsForm key={live.map((version) => version.name).join()} live={live} onSaved={onSaved} />
      ) : (
        <>
          <dl className="console-facts">
            {live.map((version) => (
              <div className="console-facts__row" key={version.name}>
                <dt>{version.name}</dt>
                <dd>{version.weight}</dd>
              </div>
            ))}
          </dl>
          <p className="console-muted">Admins and marketers change the weights.</p>
        </>
      )}
    </section>
  );
}

/** "v2", "v2 and v3", "v1, v2 and v3". */
const namesOf = (versions: readonly FlowVersionSummary[]) =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format(versions.map((version) => version.name));

/** The live version ahead by each measure (those tied, when they are), all time; nothing before any visitor. */
function Leaders({ live }: { live: readonly FlowVersionSummary[] }) {
  const byConversion = bestBy(live, 'conversion');
  const byRevenue = bestBy(live, 'revenue');
  const conversion = byConversion[0]?.conversion;
  const epv = byRevenue[0]?.revenue_per_visitor;
  if (conversion == null || epv == null) return null;
  // Tied versions have the same figure; an interval is each one's own, so it is given for a single leader only.
  return (
    <dl className="console-facts flows-leaders">
      <div className="console-facts__row">
        <dt>Ahead by leads per visitor</dt>
        <dd>
          {namesOf(byConversion)}, {conversionText(conversion)}
        </dd>
      </div>
      <div className="console-facts__row">
        <dt>Ahead by revenue per visitor</dt>
        <dd>
          {namesOf(byRevenue)}, {perVisitorText(epv)}
          {byRevenue.length === 1 && (
            <>
              {' '}
              <span className="console-muted">(95 % interval: {perVisitorIntervalText(epv)})</span>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

function WeightsForm({ live, onSaved }: { live: readonly FlowVersionSummary[]; onSaved: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(live.map((version) => [version.name, String(version.weight)])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ failed: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = readWeights(values);
    setErrors(typed.errors);
    const invalid = Object.values(typed.errors);
    if (invalid.length > 0) {
      setOutcome({ failed: true, message: invalid.join(' ') });
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      await saveSplitWeights(typed.weights);
      setOutcome({ failed: false, message: 'The weights are saved.' });
      onSaved();
    } catch (failure) {
      setErrors(refusedWeights(failure, Object.keys(values)));
      setOutcome({ failed: true, message: failureMessage(failure) });
    }
    setSending(false);
  };

  return (
    // The form's own checks name the field; the browser's bubbles would say less, and only one at a time.
    <form className="console-form" noValidate onSubmit={(event) => void submit(event)}>
      {outcome?.failed === true && (
        <p role="alert" className="console-error">
          {outcome.message}
        </p>
      )}
      <div className="flows-weights">
        {live.map(({ name }) => {
          const inputId = `${id}-${name}`;
          const errorId = `${inputId}-error`;
          const error = errors[name];
          return (
            <div className="console-field" key={name}>
              <label htmlFor={inputId}>{name}</label>
              <input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                required
                value={values[name] ?? ''}
                aria-invalid={error !== undefined}
                aria-describedby={error !== undefined ? errorId : undefined}
                onChange={(event) => setValues({ ...values, [name]: event.target.value })}
              />
              {error !== undefined && (
                <span id={errorId} className="console-error">
                  {error}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <div>
        <button type="submit" className="console-button console-button--primary" disabled={sending}>
          Save weights
        </button>
      </div>
      <p role="status" className="console-outcome">
        {outcome?.failed === false ? outcome.message : ''}
      </p>
    </form>
  );
}
