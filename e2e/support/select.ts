import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks the option whose text starts with `optionText` (labels may add counts: "Batch A (12/100)") in an antd
 * Select (`select` is its `.ant-select` root, e.g. by test id), until the select shows it: a click that lands
 * while the dropdown is still opening is lost on a busy machine.
 */
export async function chooseOption(page: Page, select: Locator, optionText: string): Promise<void> {
  const startsWith = new RegExp(`^\\s*${optionText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const chosen = select.getByText(startsWith);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: startsWith }).first();
  await expect
    .poll(async () => {
      if ((await chosen.count()) > 0) return true;
      if (!(await option.isVisible())) await select.click();
      await option.click();
      return (await chosen.count()) > 0;
    })
    .toBe(true);
}

/** The `.ant-select` root of the select whose form label is `label`. */
export function selectLabelled(page: Page, label: string): Locator {
  return page.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) });
}
