import * as z from 'zod';

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
  unique: z.boolean().optional(),
  regex: z.string().refine(isValidRegex, { message: 'must be a valid regular expression' }).optional(),
  validOptions: z
    .array(z.object({ label: z.string().min(1) }))
    .refine((options) => new Set(options.map((option) => option.label)).size === options.length, {
      message: 'must not repeat an option',
    })
    .optional(),
  checkboxText: z.string().optional(),
});
export type CustomFieldRules = z.infer<typeof customFieldRulesSchema>;

export const customFieldSchema = z
  .object({
    name: z.string().min(1).max(64),
    required: z.boolean(),
    enabled: z.boolean(),
    unique: z.boolean().optional(),
    verify: z.boolean().optional(),
    type: z.enum(['standard', 'custom']),
    validationRules: customFieldRulesSchema.optional(),
    validationType: z.enum(['text', 'checkbox', 'select']).optional(),
    label: z.string().optional(),
    position: z.number().int().min(0),
  })
  .superRefine((field, ctx) => {
    if (field.validationType === 'select' && !field.validationRules?.validOptions?.length) {
      ctx.addIssue({ code: 'custom', path: ['validationRules', 'validOptions'], message: 'a select field needs options' });
    }
  });
export type CustomField = z.infer<typeof customFieldSchema>;
