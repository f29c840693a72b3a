/** The field bots fill and people never see (it is hidden from assistive technology too). */
export const honeypotName = "website";

export const isHoneypotTripped = (value: string | undefined) => !!value?.trim();
