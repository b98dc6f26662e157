import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefAttributes } from 'react';
import { visuallyHidden } from '../../styles/shared.css.js';
import { KitLayer } from '../../theme/ThemeRoot.js';
import { focusContent, MenuBody, type MenuBodyProps } from './MenuBody.js';
import * as styles from './UserMenu.css.js';

/**
 * The menu as a bottom sheet (Radix Dialog over a dimmed page), for narrow screens. Its own chunk: a desktop user
 * never downloads the dialog code with the menu.
 */
export function UserMenuSheet({ rootProps, trigger, triggerProps, body }: {
  rootProps: Dialog.DialogProps;
  trigger: ReactNode;
  triggerProps: Dialog.DialogTriggerProps & RefAttributes<HTMLButtonElement>;
  body: Omit<MenuBodyProps, 'sheetTitle'>;
}) {
  return (
    <Dialog.Root {...rootProps}>
      <Dialog.Trigger {...triggerProps}>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <KitLayer>
          <Dialog.Overlay className={styles.overlay} />
          <Dialog.Content className={styles.sheet} aria-describedby={undefined} data-latchkey-menu="user" data-layout="sheet" onOpenAutoFocus={focusContent}>
            <MenuBody {...body} sheetTitle={(label) => <Dialog.Title className={visuallyHidden}>{label}</Dialog.Title>} />
          </Dialog.Content>
        </KitLayer>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
