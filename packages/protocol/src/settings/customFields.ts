import * as z from 'zod/mini';

/** Custom field of SPEC §3 and its rules (`kyc` and `customFields` in project settings). */

/** True when `pattern` compiles as a JavaScript regular expression. */
export function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

export const customFieldRulesSchema = z.object({
  unique: z.optional(z.boolean()),
  regex: z.optional(z.string().check(z.refine(isValidRegex, { message: 'must be a valid regular expression' }))),
  validOptions: z.optional(z.array(z.object({ label: z.string().check(z.minLength(1)) })).check(z.refine((options) => new Set(options.map((option) => option.label)).size === options.length, {
      message: 'must not repeat an option',
    }))),
  checkboxText: z.optional(z.string()),
});
export type CustomFieldRules = z.infer<typeof customFieldRulesSchema>;

export const customFieldSchema = z.object({
    name: z.string().check(z.minLength(1), z.maxLength(64)),
    required: z.boolean(),
    enabled: z.boolean(),
    unique: z.optional(z.boolean()),
    verify: z.optional(z.boolean()),
    type: z.enum(['standard', 'custom']),
    validationRules: z.optional(customFieldRulesSchema),
    validationType: z.optional(z.enum(['text', 'checkbox', 'select'])),
    label: z.optional(z.string()),
    position: z.int().check(z.gte(0)),
  }).check(z.superRefine((field, ctx) => {
    if (field.validationType === 'select' && !field.validationRules?.validOptions?.length) {
      ctx.addIssue({ code: 'custom', path: ['validationRules', 'validOptions'], message: 'a select field needs options' });
    }
  }));
export type CustomField = z.infer<typeof customFieldSchema>;
