import { createContext, forwardRef, useContext, useId, type ReactNode, type Ref } from 'react';
import { KitLayer } from '../../theme/ThemeRoot.js';
import type { SignInContentProps } from '../SignInDialog/signInProps.js';
import { SignInPartsContext, type SignInParts } from '../SignInDialog/signInParts.js';
import { useSignInContent } from '../SignInDialog/useSignInContent.js';
import * as styles from './SignInEmbedded.css.js';

export type SignInEmbeddedViewProps = SignInContentProps;

/** The ids the region's heading and description carry (the region is labelled and described by them). */
const RegionIds = createContext<{ title: string; description: string }>({ title: '', description: '' });

const EmbeddedTitle = forwardRef<HTMLHeadingElement, { className?: string; tabIndex?: number; children?: ReactNode }>(function EmbeddedTitle(props, ref) {
  return <h2 ref={ref} id={useContext(RegionIds).title} {...props} />;
});

function EmbeddedDescription(props: { className?: string; hidden?: boolean; children?: ReactNode }) {
  return <p id={useContext(RegionIds).description} {...props} />;
}

/** Plain elements in place of the dialog's Radix title and description: they name and describe the region. */
const embeddedParts: SignInParts = { Title: EmbeddedTitle, Description: EmbeddedDescription };

/**
 * The sign-in inline in the host's page (`design.modal.view: 'embedded'`): the same content as the dialog (branding,
 * the login view's blocks, the flows' steps, the wallet list and "More options" views) in a card — a region named by
 * its title, with no overlay, no focus trap and no close button, and nothing focused until the user goes there.
 * Presentational.
 */
export function SignInEmbeddedView(props: SignInEmbeddedViewProps) {
  const id = useId();
  const ids = { title: `${id}title`, description: `${id}description` };
  return (
    <KitLayer>
      <RegionIds.Provider value={ids}>
        <SignInPartsContext.Provider value={embeddedParts}>
          <EmbeddedRegion content={props} ids={ids} />
        </SignInPartsContext.Provider>
      </RegionIds.Provider>
    </KitLayer>
  );
}

function EmbeddedRegion({ content, ids }: { content: SignInContentProps; ids: { title: string; description: string } }) {
  const { rootRef, view, template, body } = useSignInContent(content);
  return (
    <section
      ref={rootRef as Ref<HTMLElement>}
      className={styles.panel}
      aria-labelledby={ids.title}
      aria-describedby={ids.description}
      data-latchkey-embedded="sign-in"
      data-view={view}
      data-template={template}
    >
      {body}
    </section>
  );
}
