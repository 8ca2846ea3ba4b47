/**
 * The draft in the other languages of the flows: for each, the texts the draft adds or changes (its base's own texts
 * keep their translations), each with a field for its translation, and how many are missing. A language with none
 * missing is published with the draft, at its prefix; any other leaves the version in English only there
 * (docs/decisions/132-studio-versions-in-languages.md). Only an admin may translate the consent.
 */
import { useId, useState, type FormEvent } from 'react';
import type { DraftLanguage } from '../../../contracts/flow-studio.ts';
import { failureMessage } from '../../console-api.ts';
import { conflictOf, saveTranslations } from './editor-api.ts';
import type { DraftSession } from './use-draft-session.ts';

/** The consent's words: only an admin changes them, in any language. */
const CONSENT_TEXT = '/consent/text';

/** Where a text sits, said as the studio names things: "Step amount: heading", "Consent: text". */
export function textPlace(pointer: string): string {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (keys[0] === 'steps' && keys.length > 2) return `Step ${keys[1]}: ${keys.slice(2).join(' › ')}`;
  const [first = '', ...rest] = keys;
  return [first.charAt(0).toUpperCase() + first.slice(1), rest.join(' › ')].filter(Boolean).join(': ');
}

const missingWords = (language: DraftLanguage) =>
  language.missing === 0
    ? 'every text translated: published in this language too'
    : `${language.missing} ${language.missing === 1 ? 'text' : 'texts'} to translate`;

export function DraftLanguages({ session, isAdmin }: { session: DraftSession; isAdmin: boolean }) {
  const prefix = useId();
  const languages = session.draft?.languages ?? [];
  if (languages.length === 0) return null;
  return (
    <section aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>Languages</h2>
      <p className="console-muted">
        Visitors of another language see the draft in it once every text the draft adds or changes has a translation;
        until then the published version is in English only for them.
      </p>
      {languages.map((language) => (
        <LanguageTexts key={language.language} session={session} language={language} isAdmin={isAdmin} />
      ))}
    </section>
  );
}

function LanguageTexts({
  session,
  language,
  isAdmin,
}: {
  session: DraftSession;
  language: DraftLanguage;
  isAdmin: boolean;
}) {
  const prefix = useId();
  // What was typed here, over the draft's translations (which follow its texts as they change).
  const [edits, setEdits] = useState<Record<string, string>>({});
  const valueOf = (pointer: string, text: string | null) => edits[pointer] ?? text ?? '';
  const [state, setState] = useState<{ saving: boolean; message: string; failed: boolean }>({
    saving: false,
    message: '',
    failed: false,
  });
  const draft = session.draft!;
  const busy = state.saving || session.save !== 'saved';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ saving: true, message: 'Saving…', failed: false });
    try {
      const texts = Object.fromEntries(language.texts.map(({ pointer, text }) => [pointer, valueOf(pointer, text)]));
      const saved = await saveTranslations(draft.id, { language: language.language, texts, revision: draft.revision });
      session.adopt(saved);
      setEdits({});
      const now = saved.languages.find((each) => each.language === language.language);
      setState({ saving: false, message: `Saved: ${now === undefined ? '' : missingWords(now)}`, failed: false });
    } catch (error: unknown) {
      const clash = conflictOf(error);
      const message =
        clash === undefined
          ? failureMessage(error)
          : `Changed by ${clash.changed_by} meanwhile: reload the page to see their changes, then translate again.`;
      setState({ saving: false, message, failed: true });
    }
  };

  if (language.texts.length === 0) {
    return (
      <>
        <h3>{language.name}</h3>
        <p>The draft changes no text: the version is in {language.name} as its base is.</p>
      </>
    );
  }
  return (
    <form className="console-form draft-language" noValidate onSubmit={(event) => void submit(event)}>
      <h3 id={`${prefix}-title`}>
        {language.name} <span className="console-muted">({missingWords(language)})</span>
      </h3>
      {language.texts.map(({ pointer, source, text }) => {
        const id = `${prefix}-${pointer}`;
        const consent = pointer === CONSENT_TEXT;
        return (
          <div className="console-field" key={pointer}>
            <label htmlFor={id}>
              {textPlace(pointer)} in {language.name}
            </label>
            <p id={`${id}-english`} className="console-muted draft-language__source" lang="en">
              English: {source}
            </p>
            <textarea
              id={id}
              lang={language.language}
              rows={Math.min(8, Math.max(2, Math.ceil(source.length / 60)))}
              value={valueOf(pointer, text)}
              readOnly={consent && !isAdmin}
              aria-describedby={`${id}-english`}
              onChange={(event) => setEdits({ ...edits, [pointer]: event.target.value })}
            />
          </div>
        );
      })}
      <button type="submit" className="console-button" disabled={busy}>
        Save the {language.name} texts
      </button>
      <p role={state.failed ? 'alert' : 'status'} className={state.failed ? 'console-error' : 'console-muted'}>
        {state.message}
      </p>
    </form>
  );
}
