/**
 * The WAI-ARIA combobox pattern with list autocompletion, for a text input and the options shown below it: the input
 * keeps the focus, ArrowDown and ArrowUp move the highlighted option (aria-activedescendant), Enter chooses it, Escape
 * and leaving the input close the list, and a click or tap chooses an option.
 */
import { useId, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

interface ComboboxState<T> {
  options: readonly T[];
  open: boolean;
  /** The highlighted option's index, -1 for none. */
  active: number;
}

export interface Combobox<T> {
  options: readonly T[];
  open: boolean;
  listId: string;
  /** Shows these options (none closes the list), with none highlighted. */
  show(options: readonly T[]): void;
  close(): void;
  /** The combobox attributes and handlers of the input; `own` are the input's own handlers, still called. */
  inputProps(own: {
    onKeyDown?: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined;
    onBlur?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  }): Record<string, unknown>;
  optionProps(index: number): Record<string, unknown>;
}

const CLOSED = { options: [], open: false, active: -1 };

export function useCombobox<T>(choose: (option: T) => void): Combobox<T> {
  const [state, setState] = useState<ComboboxState<T>>(CLOSED);
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const close = () => setState((now) => (now.open ? { ...now, open: false, active: -1 } : now));

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = state.options.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the closed list or from no highlight, ArrowDown starts at the first option and ArrowUp at the last.
      setState((now) => {
        const from = now.open && now.active >= 0 ? now.active : step === 1 ? -1 : count;
        return { ...now, open: true, active: (from + step + count) % count };
      });
    } else if (event.key === 'Enter' && state.open && state.active >= 0) {
      event.preventDefault();
      close();
      choose(state.options[state.active]!);
    } else if (event.key === 'Escape' && state.open) {
      event.preventDefault();
      close();
    }
  };

  return {
    options: state.options,
    open: state.open,
    listId,
    show: (options) => setState({ options, open: options.length > 0, active: -1 }),
    close,
    inputProps: (own) => ({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': state.open,
      'aria-controls': listId,
      'aria-activedescendant': state.open && state.active >= 0 ? optionId(state.active) : undefined,
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        keyDown(event);
        own.onKeyDown?.(event);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        close();
        own.onBlur?.(event);
      },
    }),
    optionProps: (index) => ({
      id: optionId(index),
      role: 'option',
      'aria-selected': state.open && index === state.active,
      // The input keeps the focus (and the phone its keyboard) while the option is pressed.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onClick: () => {
        close();
        choose(state.options[index]!);
      },
    }),
  };
}
