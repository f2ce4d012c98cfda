import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeWindow {
  axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
}

const blocking: ImpactValue[] = ['serious', 'critical'];

/** One violation as readable lines: rule, impact, help link and the offending nodes. */
export function formatViolation(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 8)
    .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
    .join('\n');
  const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
}

/**
 * Injects axe-core into the page (once per document) and runs it on the whole document.
 * The source is evaluated over the DevTools protocol rather than added as an inline <script>
 * (page.addScriptTag({ content })): the portal's Content-Security-Policy (script-src 'self') refuses
 * inline scripts, and the journeys keep that policy on so that they catch the app's own violations.
 * addScriptTag remains the fallback for a page without such a policy where evaluation fails.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = () => page.evaluate(() => typeof (window as unknown as AxeWindow).axe !== 'undefined');
  if (!(await loaded())) {
    await page.evaluate(axeSource).catch(() => undefined);
    if (!(await loaded())) await page.addScriptTag({ content: axeSource });
  }
  return page.evaluate(async () => {
    const { axe } = window as unknown as AxeWindow;
    if (!axe) throw new Error('axe-core did not load');
    return axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  });
}

/**
 * Throws, listing them readably, when axe finds serious or critical violations on the page.
 * Minor and moderate ones are printed as a warning only.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const results = await runAxe(page);
  const serious = results.violations.filter((violation) => blocking.includes(violation.impact ?? 'minor'));
  const other = results.violations.filter((violation) => !serious.includes(violation));
  if (other.length > 0) {
    console.warn(`[axe] ${label} (${page.url()}): ${other.length} minor/moderate issue(s):\n${other.map(formatViolation).join('\n')}`);
  }
  if (serious.length > 0) {
    throw new Error(
      `axe found ${serious.length} serious/critical accessibility violation(s) on ${label} (${page.url()}):\n` +
        serious.map(formatViolation).join('\n'),
    );
  }
}
