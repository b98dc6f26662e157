/** The design settings that shape the login view (`design.modal`, SPEC §2). */
export interface LoginLook {
  /** `displayOrder`: the order of the sign-in methods (wallet, email, social, phone). */
  displayOrder: readonly string[] | undefined;
  /** `emailOnly`: the e-mail field alone. */
  emailOnly: boolean;
  /** `emailSubmitButtonInsideInput`: the e-mail step's submit button sits inside its field. */
  emailSubmitButtonInsideInput: boolean;
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
  };
}
