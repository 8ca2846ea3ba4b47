/**
 * The generated form's buttons in words ("Add", "Remove", "Move up"): rjsf's own show an icon font the console does
 * not load, so they would be blank squares named only by a tooltip.
 */
import type { IconButtonProps, TemplatesType } from '@rjsf/utils';

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
