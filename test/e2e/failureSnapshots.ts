import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { launchedBrowsers, screenshotDir } from './browser.js';

/**
 * The e2e lane's setup file: when a test fails, every page still open in it is saved as a PNG
 * (`test-results/screenshots/failed-….png`), and its address, the flows' `data-state`s and the start of its text are
 * printed, so a failure under CI's load says what the page showed, not only which wait ran out. Each step is bounded.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const name = `${task.file?.name.replace(/^.*\//, '').replace(/\.test\.ts$/, '') ?? 'e2e'}-${task.name}`.replace(/[^\w.-]+/g, '-').slice(0, 120);
    let index = 0;
    for (const browser of launchedBrowsers) {
      for (const context of browser.contexts()) {
        for (const page of context.pages()) {
          index += 1;
          try {
            mkdirSync(screenshotDir, { recursive: true });
            const path = join(screenshotDir, `failed-${name}-${index}.png`);
            await page.screenshot({ path, timeout: 5_000 });
            const shown = await page.evaluate(
              () => ({
                states: [...document.querySelectorAll('[data-flow]')].map((node) => `${node.getAttribute('data-flow')}=${node.getAttribute('data-state') ?? '?'}`),
                text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 600),
              }),
              undefined,
            );
            console.log(`[e2e failure] ${task.name} — page ${index}: ${page.url()}\n  flows: ${shown.states.join(', ') || 'none'}\n  text: ${shown.text}\n  saved: ${path}`);
          } catch (error) {
            console.log(`[e2e failure] ${task.name} — page ${index}: ${page.url()} (not saved: ${(error as Error).message.split('\n')[0]})`);
          }
        }
      }
    }
  });
});
