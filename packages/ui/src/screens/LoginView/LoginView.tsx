import { Fragment, useEffect, type ReactNode } from 'react';
import { useWarn } from '../../warn.js';
import { mutedText } from '../../styles/shared.css.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { projectText, separator, view } from './LoginView.css.js';

/** One block of the login view (`settings.sdk.views[type=login].sections`, SPEC §2). */
export interface LoginViewSection {
  type: string;
  label?: string | undefined;
  /** `social`: how many providers show before "More options". */
  numOfItemsToDisplay?: number | undefined;
}

export interface LoginViewProps {
  /** The ordered blocks; without any, the e-mail block alone. */
  sections: readonly LoginViewSection[] | undefined;
  /** What the `email` block shows (the e-mail step). */
  email: ReactNode;
  /** What the `phone` block shows (the phone step); without it (no SMS provider) the block is skipped. */
  phone?: ReactNode;
  /** What the `emailAndPhone` block shows (one field for either); without it, the e-mail step. */
  emailAndPhone?: ReactNode;
  /** What the `social` block shows (a function of the section, for its item count); without it the block is skipped. */
  social?: ((section: LoginViewSection) => ReactNode) | undefined;
  /** What the `wallet` block shows (a function of the section, for its label); without it the block is skipped. */
  wallet?: ((section: LoginViewSection) => ReactNode) | undefined;
  /** Design settings: the social block goes before the e-mail block. */
  socialAboveEmail?: boolean | undefined;
  /** Design settings: a separator between the e-mail and social blocks when they are neighbours. */
  splitEmailAndSocial?: boolean | undefined;
  /** Design setting `modal.displayOrder`: the sign-in methods (wallet, email, social, phone) take their places in this order. */
  displayOrder?: readonly string[] | undefined;
  /** Design setting `modal.emailOnly`: the e-mail field alone (no phone, social or wallet blocks). */
  emailOnly?: boolean | undefined;
}

export interface LoginViewOptions {
  phone?: ReactNode;
  emailAndPhone?: ReactNode;
  social?: LoginViewProps['social'];
  socialAboveEmail?: boolean | undefined;
  splitEmailAndSocial?: boolean | undefined;
  wallet?: LoginViewProps['wallet'];
  displayOrder?: readonly string[] | undefined;
  emailOnly?: boolean | undefined;
}

const DEFAULT_SECTIONS: readonly LoginViewSection[] = [{ type: 'email' }];

export interface PlannedBlock {
  key: string;
  node: ReactNode;
  separator?: true;
  /** A sign-in method (e-mail, phone, social, wallet), as opposed to text or a separator. */
  method?: true;
  /** For `splitEmailAndSocial`: the e-mail field (alone or with phone) and the social block. */
  kind?: 'email' | 'social';
}

interface Plan {
  blocks: PlannedBlock[];
  warnings: string[];
}

/** Decides what each block becomes; unknown or unavailable ones are skipped with a reason. */
export function planLoginView(sections: readonly LoginViewSection[] | undefined, email: ReactNode, options: LoginViewOptions = {}): Plan {
  const given = Array.isArray(sections) && sections.length > 0 ? sections : DEFAULT_SECTIONS;
  const ordered = options.displayOrder ? inDisplayOrder(given, options.displayOrder) : given;
  const shown = options.emailOnly ? emailOnlySections(ordered) : ordered;
  const list = options.socialAboveEmail ? socialFirst(shown) : shown;
  const { phone, emailAndPhone } = options;
  const blocks: Plan['blocks'] = [];
  const warnings: string[] = [];
  // One e-mail field and one phone field at most: `emailAndPhone` counts as both.
  let emailShown = false;
  let phoneShown = false;
  list.forEach((section, index) => {
    const type: unknown = section?.type;
    const key = `${index}-${String(type)}`;
    if (type === 'email') {
      if (emailShown) warnings.push('login view: a second "email" block is skipped.');
      else blocks.push({ key, node: email, kind: 'email', method: true });
      emailShown = true;
    } else if (type === 'phone') {
      if (phone === undefined) warnings.push('login view: the "phone" block needs an enabled SMS provider with enabledCountries; skipped.');
      else if (phoneShown) warnings.push('login view: a "phone" block after a phone field is skipped.');
      else blocks.push({ key, node: phone, method: true });
      phoneShown ||= phone !== undefined;
    } else if (type === 'emailAndPhone') {
      const canPhone = emailAndPhone !== undefined && !phoneShown;
      if (emailShown) warnings.push('login view: an "emailAndPhone" block after an e-mail field is skipped.');
      else blocks.push({ key, node: canPhone ? emailAndPhone : email, kind: 'email', method: true });
      if (!emailShown && !canPhone) warnings.push('login view: the "emailAndPhone" block takes e-mail only (no SMS provider, or a phone field already shown).');
      emailShown = true;
      phoneShown ||= canPhone;
    } else if (type === 'text') {
      if (section.label) blocks.push({ key, node: <p className={`${mutedText} ${projectText}`}>{section.label}</p> });
      else warnings.push('login view: a "text" block without a label is skipped.');
    } else if (type === 'separator') {
      blocks.push({
        key,
        separator: true,
        node: (
          <div role="separator" aria-label={section.label || undefined} className={separator}>
            {section.label ? (
              <span aria-hidden="true" className={projectText}>
                {section.label}
              </span>
            ) : null}
          </div>
        ),
      });
    } else if (type === 'social') {
      if (!options.social) warnings.push('login view: the "social" block has no social flow here and is skipped.');
      else {
        const node = options.social(section);
        if (node) blocks.push({ key, node, kind: 'social', method: true });
      }
    } else if (type === 'wallet') {
      if (!options.wallet) warnings.push('login view: the "wallet" block has no wallet flow here and is skipped.');
      else blocks.push({ key, node: options.wallet(section), method: true });
    } else {
      warnings.push(`login view: unknown block ${JSON.stringify(type)} is skipped.`);
    }
  });
  const kept = withoutStraySeparators(blocks);
  return { blocks: options.splitEmailAndSocial ? splitEmailAndSocial(kept) : kept, warnings };
}

/** The sign-in method a block offers, in `displayOrder`'s words. */
function methodOf(type: unknown): string | undefined {
  if (type === 'email' || type === 'emailAndPhone') return 'email';
  return type === 'phone' || type === 'social' || type === 'wallet' ? type : undefined;
}

/**
 * `displayOrder`: the method blocks swap places so that they read in the given order; text and separators stay where
 * they are (the slots the methods held are refilled in order). A method the order does not name keeps its rank after
 * the named ones.
 */
export function inDisplayOrder(sections: readonly LoginViewSection[], order: readonly string[]): readonly LoginViewSection[] {
  const rank = (section: LoginViewSection) => {
    const index = order.indexOf(methodOf(section?.type) ?? '');
    return index === -1 ? order.length : index;
  };
  const slots = sections.flatMap((section, index) => (methodOf(section?.type) ? [index] : []));
  const methods = slots.map((index) => sections[index]!).sort((a, b) => rank(a) - rank(b));
  const out = [...sections];
  slots.forEach((slot, index) => (out[slot] = methods[index]!));
  return out;
}

/** `emailOnly`: the e-mail field alone (an `emailAndPhone` block takes e-mail only); text blocks stay. */
export function emailOnlySections(sections: readonly LoginViewSection[]): readonly LoginViewSection[] {
  const kept = sections.flatMap((section) => {
    if (section?.type === 'emailAndPhone') return [{ ...section, type: 'email' }];
    return section?.type === 'email' || section?.type === 'text' || section?.type === 'separator' ? [section] : [];
  });
  return kept.some((section) => section.type === 'email') ? kept : [{ type: 'email' }, ...kept];
}

/** `socialAboveEmail`: the first social block moves to just before the first e-mail (or e-mail-or-phone) block. */
function socialFirst(sections: readonly LoginViewSection[]): readonly LoginViewSection[] {
  const emailIndex = sections.findIndex((section) => section?.type === 'email' || section?.type === 'emailAndPhone');
  const socialIndex = sections.findIndex((section) => section?.type === 'social');
  if (emailIndex === -1 || socialIndex === -1 || socialIndex < emailIndex) return sections;
  const rest = sections.filter((_, index) => index !== socialIndex);
  return [...rest.slice(0, emailIndex), sections[socialIndex]!, ...rest.slice(emailIndex)];
}

/** `splitEmailAndSocial`: a separator between e-mail and social blocks that sit side by side. */
function splitEmailAndSocial(blocks: Plan['blocks']): Plan['blocks'] {
  const out: Plan['blocks'] = [];
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    const pair = new Set([previous?.kind, block.kind]);
    if (previous && pair.has('email') && pair.has('social')) {
      out.push({ key: `split-${index}`, separator: true, node: <div role="separator" className={separator} /> });
    }
    out.push(block);
  });
  return out;
}

/**
 * A separator ("or") separates sign-in methods: it stays only with a method somewhere before it and after it,
 * and never twice in a row — so skipping a block never leaves an "or" that offers nothing.
 */
export function withoutStraySeparators(blocks: readonly PlannedBlock[]): PlannedBlock[] {
  const methods = blocks.flatMap((block, index) => (block.method ? [index] : []));
  const first = methods[0] ?? -1;
  const last = methods.at(-1) ?? -1;
  const between = blocks.filter((block, index) => !block.separator || (first !== -1 && index > first && index < last));
  return between.filter((block, index) => !(block.separator && between[index + 1]?.separator));
}

/**
 * The login view: the project's ordered list of blocks (`email`, `phone`, `emailAndPhone`, `social`, `text`, `separator`). A block
 * the kit does not know or does not have yet is skipped with a logged warning — never a crash.
 */
export function LoginView({ sections, email, phone, emailAndPhone, social, socialAboveEmail, splitEmailAndSocial, wallet, displayOrder, emailOnly }: LoginViewProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const warn = useWarn();
  const { blocks, warnings } = planLoginView(sections, email, { phone, emailAndPhone, social, socialAboveEmail, splitEmailAndSocial, wallet, displayOrder, emailOnly });
  const warningKey = warnings.join('\n');
  useEffect(() => {
    if (warningKey) for (const message of warningKey.split('\n')) warn(message);
  }, [warningKey, warn]);

  return (
    <div className={view} dir={dir} lang={locale} data-latchkey-view="login">
      {blocks.length > 0 ? (
        blocks.map((block) => <Fragment key={block.key}>{block.node}</Fragment>)
      ) : (
        <p className={mutedText}>{t('login.noMethod')}</p>
      )}
    </div>
  );
}
