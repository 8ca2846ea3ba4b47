/**
 * rjsf templates with no chrome of their own: widgets label themselves, and every field's errors render in one place
 * whose id the widget points at with aria-describedby while it is invalid.
 */
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';

function FieldTemplate({ id, children, rawErrors = [], hidden, classNames }: FieldTemplateProps) {
  if (id === 'root') return children;
  if (hidden) return <div hidden>{children}</div>;
  return (
    <div className={['field', classNames].filter(Boolean).join(' ')}>
      {children}
      <div id={errorId(id)} className="field__errors" aria-live="polite">
        {rawErrors.map((message) => (
          <p key={message} className="field__error">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <>{properties.map((property) => (property.hidden ? null : property.content))}</>;
}

function Nothing() {
  return null;
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
};
