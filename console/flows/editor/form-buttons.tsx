/**
 * The generated form's buttons in words ("Add", "Remove", "Move up"): rjsf's own show an icon font the console does
 * not load, so they would be blank squares named only by a tooltip.
 */
import { createContext, useContext } from 'react';
import type { IconButtonProps, OptionalDataControlsTemplateProps, TemplatesType, TitleFieldProps } from '@rjsf/utils';
import { ConfirmButton } from '../../ConfirmButton.tsx';

function textButton(words: string) {
  return function TextButton({
    title = words,
    icon: _icon,
    iconType: _type,
    className: _class,
    uiSchema: _ui,
    registry: _registry,
    ...button
  }: IconButtonProps) {
    return (
      <button type="button" className="console-button console-button--quiet" {...button}>
        {title}
      </button>
    );
  };
}

export const formButtons: Partial<TemplatesType['ButtonTemplates']> = {
  AddButton: textButton('Add'),
  CopyButton: textButton('Copy'),
  MoveDownButton: textButton('Move down'),
  MoveUpButton: textButton('Move up'),
  RemoveButton: textButton('Remove'),
};

/** The title of the group whose legend the Add or Remove sits beside (TitleFieldTemplate), which names it. */
const GroupTitle = createContext<string | undefined>(undefined);

/** rjsf names a group's controls by the group and the control (optionalControlsId): the Add of the Remove `id`. */
const addIdOf = (removeId: string) => removeId.replace(/optionalRemove$/, 'optionalAdd');

/**
 * The Add or Remove by an optional group's title (Buttons, Display, a field's Choices...). rjsf's own is an icon button
 * of its own, not one of the templates above, so it too showed as a blank square; its name says which group it adds
 * or removes, since several sit on one screen. Remove takes the whole group (every error message of a step, say), so
 * it asks first; once removed, the focus goes to the Add that takes its place rather than to the page.
 */
export function OptionalDataControlsTemplate({
  id,
  label,
  schema,
  uiSchema,
  onAddClick,
  onRemoveClick,
}: OptionalDataControlsTemplateProps) {
  const group = useContext(GroupTitle);
  const title: unknown = uiSchema?.['ui:title'] ?? schema.title;
  // A field's own group is titled by its key only in the legend (business_type); rjsf's label is a generic phrase.
  const named = group ?? (typeof title === 'string' ? title : label);
  if (onRemoveClick !== undefined) {
    return (
      <ConfirmButton
        label={`Remove ${named}`}
        question={`Remove ${named}?`}
        confirm="Remove"
        onConfirm={() => {
          onRemoveClick();
          requestAnimationFrame(() => document.getElementById(addIdOf(id))?.focus());
        }}
      >
        Everything in it goes from this step.
      </ConfirmButton>
    );
  }
  if (onAddClick === undefined) return <em id={id}>{label}</em>;
  return (
    <button
      type="button"
      id={id}
      className="console-button console-button--quiet editor-optional-data"
      title={label}
      aria-label={`Add ${named}`}
      onClick={onAddClick}
    >
      Add
    </button>
  );
}

/**
 * A group's title, with its Add or Remove beside the legend rather than in it (rjsf puts it inside): inside, the button's
 * words became part of the group's name ("Buttons Remove Buttons"), which a screen reader reads on entering the group.
 */
export function TitleFieldTemplate({ id, title, required, optionalDataControl }: TitleFieldProps) {
  return (
    <>
      <legend id={id}>
        {title}
        {required && <span className="required">*</span>}
      </legend>
      <GroupTitle.Provider value={title || undefined}>{optionalDataControl}</GroupTitle.Provider>
    </>
  );
}
