import { expect } from 'storybook/test';

/** The phone viewport (390 × 844, `.storybook/preview.tsx`): a story's `globals: { ...phone }`. */
export const phone = { viewport: { value: 'phone', isRotated: false } } as const;

/**
 * The sign-in dialog as phones show it: a bottom sheet — the page's full width, its bottom edge on the screen's,
 * corners rounded at the top only. Checked on the rendered box, so a story that did not get the phone's width fails.
 */
export async function expectBottomSheet(dialog: HTMLElement): Promise<void> {
  await expect(window.innerWidth).toBe(390);
  const box = dialog.getBoundingClientRect();
  await expect(Math.round(box.left)).toBe(0);
  await expect(Math.round(box.width)).toBe(390);
  await expect(Math.round(box.bottom)).toBe(window.innerHeight);
  const style = getComputedStyle(dialog);
  await expect(style.borderBottomLeftRadius).toBe('0px');
  await expect(style.borderTopLeftRadius).not.toBe('0px');
}
