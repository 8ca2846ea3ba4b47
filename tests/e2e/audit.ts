/**
 * Checks the accessibility tests run on each screen: the axe audit, placeholder and field-border contrast, and fitting
 * the width.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the customer asks the pages to meet. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Waits for the screen at rest: a popup fading in has too little contrast for a moment, a step sliding in is wider
 * than the page. Animations that never end (a spinner) are part of the screen.
 */
export async function animationsEnded(page: Page) {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

type Timers = Pick<Window, 'setTimeout' | 'clearTimeout'>;
type TimersWindow = Window & { browserTimers?: Timers; pageTimers?: Timers };

/**
 * Stops the page's clock, for a state that lasts less long than an audit takes: the page's timers wait until
 * `page.clock.resume()`. axe waits on timers of its own, so it keeps the browser's (see axeViolations).
 */
export async function pausePageClock(page: Page) {
  await page.evaluate(() => {
    (window as TimersWindow).browserTimers = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
  });
  await page.clock.install();
  // A moment ahead: the clock runs on while the call travels, and cannot be moved back.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
}

/**
 * axe's violations on the page as it is now, one line each: the rule, where, and what to do about it; `exclude` leaves
 * out what matches a selector (a framed page audited by its own tests).
 */
export async function axeViolations(page: Page, exclude?: string): Promise<string[]> {
  await page.evaluate(() => {
    const timers = window as TimersWindow;
    if (!timers.browserTimers) return;
    timers.pageTimers = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
    Object.assign(window, timers.browserTimers);
  });
  try {
    await animationsEnded(page);
    const builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS);
    const results = await (exclude === undefined ? builder : builder.exclude(exclude)).analyze();
    return results.violations.flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} at ${node.target.join(' ')}: ${violation.help} (${violation.helpUrl})`,
      ),
    );
  } finally {
    await page.evaluate(() => {
      const timers = window as TimersWindow;
      if (timers.pageTimers) Object.assign(window, timers.pageTimers);
    });
  }
}

/** What lowContrast measures: placeholders (4.5:1 on the input), or fields' borders (3:1 on what is behind the field). */
type ContrastCheck = 'placeholders' | 'field-borders';

/**
 * Text inputs whose placeholder colour is below 4.5:1 on the input's background. axe does not check placeholders;
 * every text input is measured, with a placeholder or not, so one a flow adds later is covered too.
 */
export const faintPlaceholders = (page: Page) => lowContrast(page, 'placeholders');

/**
 * Fields (inputs, selects, text areas) that cannot be told from what is behind them: without a border, or with none
 * of 3:1 against the background the field sits on (WCAG 1.4.11, non-text contrast). axe does not check this either.
 */
export const faintFieldBorders = (page: Page) => lowContrast(page, 'field-borders');

/** The visible fields that fail `check`, one line each. The colour arithmetic runs in the page, where the styles are. */
async function lowContrast(page: Page, check: ContrastCheck): Promise<string[]> {
  return page.evaluate((check) => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
      r * a + br * (1 - a),
      g * a + bg * (1 - a),
      b * a + bb * (1 - a),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (channel: number) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (one: Rgba, other: Rgba) => {
      const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    // The first background that is not fully transparent, from `element` outwards, over white.
    const background = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const layer = parse(getComputedStyle(at).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] === 1) break;
      }
      return layers.reduceRight((under, layer) => over(layer, under), [255, 255, 255, 1] as Rgba);
    };
    // A field by what a person reads beside it: its label, else its accessible name, else its name.
    const name = (field: Element) => {
      const label = (field as HTMLInputElement).labels?.[0]?.textContent ?? field.getAttribute('aria-label');
      return `${field.tagName.toLowerCase()} "${label ?? field.getAttribute('name') ?? field.id}"`;
    };

    const visible = (field: Element) => field.getClientRects().length > 0 && !field.closest('[aria-hidden="true"]');

    if (check === 'placeholders') {
      const inputs = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="search"], input[type="url"], input[type="number"], textarea',
      );
      return [...inputs].filter(visible).flatMap((input) => {
        const style = getComputedStyle(input, '::placeholder');
        const color = parse(style.color);
        const base = background(input);
        const text = over([color[0], color[1], color[2], color[3] * Number(style.opacity || 1)], base);
        const contrast = ratio(text, base);
        return contrast >= 4.5
          ? []
          : [`placeholder of #${input.id || input.name} is ${style.color}: ${contrast.toFixed(2)}:1`];
      });
    }

    // Boxes a person types or chooses in; checkboxes, radios and sliders draw their own shapes.
    const fields = document.querySelectorAll(
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="range"]), select, textarea',
    );
    return [...fields].filter(visible).flatMap((field) => {
      const style = getComputedStyle(field);
      const behind = background(field.parentElement);
      // The field stands out if any side's border does.
      const sides = ['top', 'right', 'bottom', 'left'].flatMap((side) => {
        const border = (part: string) => style.getPropertyValue(`border-${side}-${part}`);
        const drawn = parseFloat(border('width')) > 0 && !['none', 'hidden'].includes(border('style'));
        return drawn ? [ratio(over(parse(border('color')), behind), behind)] : [];
      });
      if (sides.length === 0) return [`${name(field)} has no border`];
      const best = Math.max(...sides);
      return best >= 3
        ? []
        : [
            `${name(field)}'s border is ${style.borderTopColor} on rgb(${behind.slice(0, 3).join(', ')}): ${best.toFixed(2)}:1`,
          ];
    });
  }, check);
}

/**
 * What does not fit the width: the page scrolling sideways, or an element that hides overflow (so cuts its text off)
 * holding more than its width. Visually hidden text is cut on purpose and left out, and so is a text field's value.
 */
export async function overflowingWidth(page: Page): Promise<string[]> {
  await animationsEnded(page);
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} px`);
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const hides = [style.overflowX, style.overflowY].some((overflow) => overflow === 'hidden' || overflow === 'clip');
      // A text field's value longer than the field scrolls inside it as it is typed: nothing is lost.
      const field = element.matches('input, textarea');
      if (!hides || field || element.closest('.visually-hidden') || element.getClientRects().length === 0) continue;
      if (element.scrollWidth > element.clientWidth) {
        const name = element.id
          ? `#${element.id}`
          : `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
        found.push(`${name} cuts off its content: ${element.scrollWidth} > ${element.clientWidth} px`);
      }
    }
    return found;
  });
}
