/**
 * Tabs as the ARIA pattern has them: a tablist whose tabs the arrow keys (and Home, End) move between, only the chosen
 * one in the Tab order, each controlling its panel.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  panel: () => ReactNode;
}

export interface TabsProps {
  label: string;
  tabs: readonly Tab[];
  selected: string;
  onSelect: (id: string) => void;
}

export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const prefix = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };
  return (
    <div className="editor-tabs">
      <div role="tablist" aria-label={label} className="editor-tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element === null) buttons.current.delete(tab.id);
              else buttons.current.set(tab.id, element);
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${prefix}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="editor-tabs__tab"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${prefix}-panel-${tab.id}`}
          aria-labelledby={`${prefix}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="editor-tabs__panel"
        >
          {tab.id === selected ? tab.panel() : null}
        </div>
      ))}
    </div>
  );
}
