import type { Page } from '@playwright/test';

/** A `securitypolicyviolation` the page saw. */
export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/** Records every CSP violation in every document the page loads from now on. */
export async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      }),
    );
  });
}

/** The violations recorded in the page's current document. */
export function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}
