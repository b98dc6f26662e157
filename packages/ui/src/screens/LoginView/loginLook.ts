/** The look settings `lookFrom` reads (`design.modal`); `ProjectSettings` fits. */
export interface LoginLookSettings {
  modal?:
    | { displayOrder?: readonly string[] | undefined; emailOnly?: boolean | undefined; emailSubmitButtonInsideInput?: boolean | undefined; template?: string | undefined }
    | undefined;
}

/** The design settings that shape the login view (`design.modal`, SPEC §2). */
export interface LoginLook {
  /** `displayOrder`: the order of the sign-in methods (wallet, email, social, phone). */
  displayOrder: readonly string[] | undefined;
  /** `emailOnly`: the e-mail field alone. */
  emailOnly: boolean;
  /** `emailSubmitButtonInsideInput`: the e-mail step's submit button sits inside its field. */
  emailSubmitButtonInsideInput: boolean;
  /**
   * `template`: the project's name for its layout, on the dialog as `data-template` — a hook for its own stylesheet
   * (`branding.customCssUrl`), e.g. `[data-template="compact"] …`. Letters, digits, `-` and `_` only.
   */
  template: string | undefined;
}

/** Reads the login view's look out of project settings; anything malformed counts as unset. */
export function lookFrom(settings: { design?: unknown } | undefined): LoginLook {
  const design = settings?.design;
  const modal = typeof design === 'object' && design !== null ? (design as { modal?: unknown }).modal : undefined;
  const look = (typeof modal === 'object' && modal !== null ? modal : {}) as Record<string, unknown>;
  const order = look['displayOrder'];
  return {
    displayOrder: Array.isArray(order) && order.every((entry) => typeof entry === 'string') ? order : undefined,
    emailOnly: look['emailOnly'] === true,
    emailSubmitButtonInsideInput: look['emailSubmitButtonInsideInput'] === true,
    template: typeof look['template'] === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(look['template']) ? look['template'] : undefined,
  };
}
