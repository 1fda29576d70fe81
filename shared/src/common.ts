import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './constants/constants.js';
import { ruleCheck } from './validation/zodRules.js';
import { validEmail, validName, validPassword } from './validation/rules.js';

/** Building blocks shared by entity schemas: ids, names, e-mails, passwords. */
export const IdSchema = z.number().int().positive();
export const IdParamSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const NameSchema = z
  .string()
  .max(NAME_MAX_LENGTH, 'validation.maxLength')
  .superRefine(ruleCheck(validName, 'name'));
export const EmailSchema = z
  .string()
  .max(EMAIL_MAX_LENGTH, 'validation.maxLength')
  .superRefine(ruleCheck(validEmail, 'email'));
export const PasswordSchema = z
  .string()
  .max(1024, 'validation.password')
  .superRefine(ruleCheck(validPassword, 'password'));
export const DescriptionSchema = z.string().max(DESCRIPTION_MAX_LENGTH, 'validation.maxLength');
export const TimestampSchema = z.string();
