/**
 * Generated parts of a hand-written Markdown file: each sits between a begin and an end marker naming the command
 * that writes it, so the prose around it stays the writer's and the part inside stays current.
 *
 *   <!-- BEGIN GENERATED reference: npm run flows:schema writes this part; do not edit it -->
 *   ...
 *   <!-- END GENERATED reference -->
 */

export interface Section {
  /** The marker's name, e.g. "reference". */
  name: string;
  /** The command that writes it, named in the marker for whoever opens the file. */
  command: string;
  content: string;
}

const begin = (section: Pick<Section, 'name' | 'command'>) =>
  `<!-- BEGIN GENERATED ${section.name}: ${section.command} writes this part; do not edit it -->`;
const end = (name: string) => `<!-- END GENERATED ${name} -->`;

/** The markers for an empty section, for a writer adding one to a file. */
export function emptySection(section: Pick<Section, 'name' | 'command'>): string {
  return `${begin(section)}\n${end(section.name)}`;
}

/**
 * `text` with each section's content put between its markers. Throws naming the file and the missing marker when a
 * section has none (a marker removed by hand).
 */
export function withSections(text: string, sections: readonly Section[], file: string): string {
  let result = text;
  for (const section of sections) {
    const start = result.search(new RegExp(`<!-- BEGIN GENERATED ${section.name}[: ]`));
    const stop = result.indexOf(end(section.name));
    if (start === -1 || stop === -1 || stop < start) {
      throw new Error(
        `${file}: the markers of the generated part "${section.name}" are missing; put these two lines back where it belongs:\n${emptySection(section)}`,
      );
    }
    result = `${result.slice(0, start)}${begin(section)}\n\n${section.content.trim()}\n\n${result.slice(stop)}`;
  }
  return result;
}
