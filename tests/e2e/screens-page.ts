/** docs/screens.md from the names of the pictures in docs/screens/<project>/ ("04-amount" → "Amount"). */

/** The Playwright projects the pictures come from, in the order the page shows them. */
export const SCREEN_PROJECTS = ['phone', 'desktop'] as const;

function title(name: string): string {
  const words = name.replace(/^\d+-/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function renderScreensPage(names: readonly string[]): string {
  const rows = names.map((name) => {
    const cells = SCREEN_PROJECTS.map(
      (project) =>
        `<img src="screens/${project}/${name}.png" alt="${title(name)} on the ${project}" width="${project === 'phone' ? 260 : 480}">`,
    );
    return `| ${title(name)} | ${cells.join(' | ')} |`;
  });
  return [
    '# Every screen',
    '',
    'The flow as a visitor sees it, on a phone (390 px wide, touch) and on a desktop (1280 px), in the order a visitor',
    'meets the screens: v1 from the start to the thank-you message, with the home popup, an error, the loader of the',
    "phone step, and v3's alternatives screen; then every page of the operators' console as an admin sees it, with the",
    'lead the walk sent, and a lead sold at auction with the revenue the Lenders page shows for it; then the Spanish',
    'pages (`/es`). `npm run screens` takes the pictures again (after `npm run build`) and rewrites this page;',
    '`tests/e2e/screens.spec.ts` walks the flow and the console.',
    '',
    `| Screen | ${SCREEN_PROJECTS.map((project) => project.charAt(0).toUpperCase() + project.slice(1)).join(' | ')} |`,
    `|---|${SCREEN_PROJECTS.map(() => '---').join('|')}|`,
    ...rows,
    '',
  ].join('\n');
}
