import type { ReactNode } from 'react';
import { errorId } from '@rjsf/utils';

/** One labelled control with its errors, in the markup of the shared field template (errors at `errorId(id)`). */
export function FieldRow({
  id,
  label,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  errors: readonly string[];
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <div id={errorId(id)} className="field__errors" aria-live="polite">
        {errors.map((message) => (
          <p key={message} className="field__error">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}
