/** The page's own words as the English pages show them (site/content/interface.json), for the frame's tests. */
import file from '../../site/content/interface.json' with { type: 'json' };
import type { InterfaceContent } from '../../site/content/types.ts';

const { $schema: _schema, ...words } = file;

export const ENGLISH_WORDS: InterfaceContent = words;
