import type { Page } from 'playwright-core';

interface AXNode {
  ignored?: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
}

/** The accessible names Chromium itself computes (DevTools protocol), per role, of the whole page. */
export async function accessibleNames(page: Page, roles: readonly string[]): Promise<Array<{ role: string; name: string }>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes
      .filter((node) => !node.ignored && roles.includes(String(node.role?.value ?? '')))
      .map((node) => ({ role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '') }));
  } finally {
    await cdp.detach();
  }
}

/** Form controls whose accessible name carries the required mark ("* Name"). */
export async function namesWithRequiredMark(page: Page): Promise<string[]> {
  const controls = await accessibleNames(page, ['textbox', 'combobox', 'button', 'checkbox', 'radio', 'spinbutton', 'group', 'radiogroup']);
  return controls.filter((control) => /^\s*\*/.test(control.name)).map((control) => `${control.role} "${control.name}"`);
}
